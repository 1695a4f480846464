import { useSourceStorage } from '@mindpath/sdk/sources-hooks';
import { Button } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { sizeText } from '@mindpath/ui/size-text';
import { Link } from 'react-router';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

export const STORAGE_FAILED = 'Could not load your storage. Please try again.';

/**
 * Settings → Privacy → Your material: what the files, pages and texts added to goals take. Their text (what
 * lessons and the tutor read) is what counts; the size as added is shown beside it. Each goal links to its
 * plan, where its sources are removed.
 */
export function MaterialStorage() {
  const storage = useSourceStorage();
  const data = storage.data;
  return (
    <SettingsSection
      title="Your material"
      description="The text read from the files, pages and texts you add to your goals counts toward your storage. Remove a source on its goal's learning plan."
    >
      {storage.isError ? (
        <div className={styles.actions}>
          <p role="alert">{STORAGE_FAILED}</p>
          <Button variant="secondary" onClick={() => void storage.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <p className={styles.muted} aria-busy="true">
          Loading your storage…
        </p>
      ) : data.sources === 0 ? (
        <p className={styles.muted}>You have not added any material yet.</p>
      ) : (
        <>
          <p>
            <strong>{sizeText(data.textBytes)} of text</strong> from{' '}
            {countOf(data.sources, 'source', 'sources')}{' '}
            <span className={styles.muted}>({sizeText(data.originalBytes)} as added)</span>
          </p>
          <ul className={styles.infoList} aria-label="Material by goal">
            {data.goals.map((g) => (
              <li key={g.goalId}>
                <Link to={`/learning-plan/${g.goalId}`} className={styles.link}>
                  {g.goal}
                </Link>{' '}
                — {countOf(g.sources, 'source', 'sources')}, {sizeText(g.textBytes)} of text
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsSection>
  );
}
