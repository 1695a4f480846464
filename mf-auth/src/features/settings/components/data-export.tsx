import type { DataExport as DataExportState } from '@mindpath/contracts/data-export';
import { DATA_EXPORT_DAYS } from '@mindpath/contracts/privacy-constants';
import { useLatestDataExport, useStartDataExport } from '@mindpath/sdk/data-export-hooks';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { Button } from '@mindpath/ui/button';
import { sizeText } from '@mindpath/ui/size-text';
import { useToast } from '@mindpath/ui/toast';
import styles from './data-export.module.css';
import settings from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

export const EXPORT_START_FAILED = 'Your download could not be started. Please try again.';
export const EXPORT_LOAD_FAILED = 'Could not check your download. Please try again.';

const building = (e: DataExportState | null | undefined) => e?.status === 'queued' || e?.status === 'running';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** What the newest download says: being built, ready, failed or expired. */
function ExportStatus({ latest }: { latest: DataExportState }) {
  if (building(latest)) {
    return (
      <div className={styles.progress}>
        <label htmlFor="data-export-progress">Preparing your download… {latest.progress}%</label>
        <progress id="data-export-progress" max={100} value={latest.progress}>
          {latest.progress}%
        </progress>
        <p className={settings.muted}>
          You can leave this page: it keeps going, and waits here when you come back.
        </p>
      </div>
    );
  }
  if (latest.status === 'ready' && latest.downloadUrl) {
    return (
      <p className={styles.ready}>
        <a href={latest.downloadUrl} download className={settings.link}>
          Download your data (zip{latest.size !== undefined ? `, ${sizeText(latest.size)}` : ''})
        </a>{' '}
        {latest.expiresAt ? (
          <span className={settings.muted}>Available until {dateText(latest.expiresAt)}.</span>
        ) : null}
      </p>
    );
  }
  if (latest.status === 'failed') return <p role="alert">{latest.error ?? EXPORT_START_FAILED}</p>;
  return (
    <p className={settings.muted}>Your last download has expired. Ask for a new one whenever you like.</p>
  );
}

/**
 * Settings → Privacy → Download my data: a zip of everything the learner made, in open formats. It is built
 * in the background (progress shows as it goes) and offered for DATA_EXPORT_DAYS through a link.
 */
export function DataExport() {
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const { show } = useToast();
  const current = latest.data;

  function ask() {
    start.mutate(undefined, {
      onError: (err) =>
        show(err instanceof ApiRequestError && err.status === 429 ? err.message : EXPORT_START_FAILED, {
          kind: 'error',
        }),
    });
  }

  return (
    <SettingsSection
      title="Download my data"
      description={`A zip of everything you made here: your goals, lessons, notes, chats, review cards (also for Anki), focus sessions and files, with all your data as JSON. The link works for ${DATA_EXPORT_DAYS} days.`}
    >
      {latest.isError ? (
        <div className={settings.actions}>
          <p role="alert">{EXPORT_LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => void latest.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div aria-live="polite">{current ? <ExportStatus latest={current} /> : null}</div>
          {building(current) ? null : (
            <div className={settings.actions}>
              <Button variant="secondary" loading={start.isPending || latest.isPending} onClick={ask}>
                {current ? 'Prepare a new download' : 'Download my data'}
              </Button>
            </div>
          )}
        </>
      )}
    </SettingsSection>
  );
}
