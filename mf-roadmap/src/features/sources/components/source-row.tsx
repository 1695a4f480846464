// One source in the list: its title, what it is, and where its reading is (a progress bar, Ready, or why
// it failed in the learner's words).
import type { Source } from '@mindpath/contracts/sources';
import { Button } from '@mindpath/ui/button';
import { sizeText } from '@mindpath/ui/size-text';
import panel from '../../../components/plan-panel.module.css';
import { addedText, extentText, failureText, kindText } from '../utils/source-text.ts';
import styles from './sources.module.css';

export function SourceRow({
  source,
  replacing,
  onReplace,
  onRemove,
}: {
  source: Source;
  replacing: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const facts = [kindText(source), sizeText(source.bytes), extentText(source), addedText(source.createdAt)];
  const busy = source.state === 'processing';
  return (
    <li className={styles.row} data-state={source.state}>
      <div className={styles.main}>
        <h3 className={styles.sourceTitle}>{source.title}</h3>
        <p className={styles.facts}>{facts.filter(Boolean).join(' · ')}</p>
        <SourceState source={source} />
      </div>
      <div className={styles.rowActions}>
        {source.origin === 'file' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onReplace}
            disabled={busy}
            loading={replacing}
            aria-label={`Replace ${source.title}`}
          >
            Replace
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className={panel.danger}
          onClick={onRemove}
          aria-label={`Remove ${source.title}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function SourceState({ source }: { source: Source }) {
  if (source.state === 'processing') {
    return (
      <div className={styles.progressRow}>
        <div
          className={styles.track}
          role="progressbar"
          aria-label={`Reading ${source.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={source.progress}
        >
          <div className={styles.fill} style={{ width: `${source.progress}%` }} />
        </div>
        <span className={styles.percent}>{source.progress}%</span>
      </div>
    );
  }
  if (source.state === 'failed') return <p className={styles.failure}>{failureText(source)}</p>;
  return <span className={styles.ready}>Ready</span>;
}
