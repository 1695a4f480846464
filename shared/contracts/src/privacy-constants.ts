// The privacy facts of spec 2 §9 in one place: the privacy policy page and the Privacy settings tab show them,
// and the API's retention task enforces the same periods. No zod: the shell and remotes import it freely.

/** An account and its learning data are deleted after this many years without activity. */
export const ACCOUNT_RETENTION_YEARS = 3;
/** An inactive account is marked (a banner at login says so) this many days before it is deleted. */
export const RETENTION_NOTICE_DAYS = 30;
/** A finished data export's download link works this many days, then the file is removed. */
export const DATA_EXPORT_DAYS = 7;

export const PRIVACY_FACTS = {
  /** account and learning data: kept this long after the last activity */
  accountRetention: `${ACCOUNT_RETENTION_YEARS} years after your last activity`,
  accountRetentionShort: `${ACCOUNT_RETENTION_YEARS} years`,
  communicationRetention: '6 years',
  logRetention: '12 months',
  minimumAge: 13,
  rightsResponse: 'within one month',
  retentionNotice: `${RETENTION_NOTICE_DAYS} days`,
  dataExportLink: `${DATA_EXPORT_DAYS} days`,
  /** what the law requires of payment records, also after the account is deleted */
  paymentRecords: 'as long as tax law requires',
} as const;

const DAY_MS = 86_400_000;

/** When an account last active at `lastActiveAt` is deleted for inactivity (calendar years, UTC). */
export function retentionDeadline(lastActiveAt: Date): Date {
  const d = new Date(lastActiveAt.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + ACCOUNT_RETENTION_YEARS);
  return d;
}

/** When such an account is marked, RETENTION_NOTICE_DAYS before its deadline. */
export function retentionNoticeDate(lastActiveAt: Date): Date {
  return new Date(retentionDeadline(lastActiveAt).getTime() - RETENTION_NOTICE_DAYS * DAY_MS);
}
