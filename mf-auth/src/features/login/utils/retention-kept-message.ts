import { ACCOUNT_RETENTION_YEARS } from '@mindpath/contracts/privacy-constants';

/** What a login of an account retention had marked says (a long toast): it was due to go, and now it stays. */
export function retentionKeptMessage(wasDueOn: string): string {
  const date = new Date(wasDueOn).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Welcome back! Your account had been inactive for almost ${ACCOUNT_RETENTION_YEARS} years and was due to be deleted on ${date}. Logging in has kept it, with everything in it.`;
}
