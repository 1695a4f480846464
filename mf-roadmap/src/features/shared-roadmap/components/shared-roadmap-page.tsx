// /share/:slug: a learner's roadmap as anyone with the link sees it (the server sent the same markup first,
// api/src/modules/roadmap-shares/share-page.ts, and this page takes its place), with "Use this roadmap":
// logged in, a copy becomes their goal at once; a visitor registers or logs in first and comes back here.
import { SHARE_MESSAGES, type SharedRoadmap } from '@mindpath/contracts/roadmap-shares';
import { ApiRequestError, RateLimitError } from '@mindpath/sdk/errors';
import { useCopySharedRoadmap, useSharedRoadmap } from '@mindpath/sdk/roadmap-shares-hooks';
import { useIsAuthenticated } from '@mindpath/sdk/session';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { Spinner } from '@mindpath/ui/spinner';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listenForLogin, rememberCopy, takeWaitingCopy } from '../utils/come-back.ts';
import styles from './shared-roadmap.module.css';

listenForLogin();

export const COPY_FAILED = 'We could not add this roadmap to your goals. Please try again.';
export const LOAD_FAILED = 'We could not load this roadmap. Please try again.';

const minutesText = (m: number) => (m >= 60 ? `${Math.round(m / 6) / 10} h` : `${m} min`);

export default function SharedRoadmapPage() {
  const { slug = '' } = useParams();
  const shared = useSharedRoadmap(slug);
  if (shared.isPending)
    return (
      <div className={styles.page}>
        <p className={styles.lead} role="status">
          <Spinner size="sm" /> Loading the roadmap…
        </p>
      </div>
    );
  if (shared.isError) {
    const gone = shared.error instanceof ApiRequestError && shared.error.status < 500;
    return (
      <div className={styles.page}>
        <div className={styles.header}>
          <h1 className={styles.title}>{gone ? 'Roadmap not found' : 'Shared roadmap'}</h1>
          <p className={styles.lead}>{gone ? SHARE_MESSAGES.notFound : LOAD_FAILED}</p>
          <div className={styles.actions}>
            <Link className={styles.use} to="/">
              Go to Mindpath
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return <SharedRoadmapView shared={shared.data} />;
}

function SharedRoadmapView({ shared }: { shared: SharedRoadmap }) {
  const authenticated = useIsAuthenticated();
  const navigate = useNavigate();
  const copy = useCopySharedRoadmap();
  const lessons = shared.sections.reduce((n, s) => n + s.lessons.length, 0);

  const use = () => {
    if (!authenticated) {
      rememberCopy(shared.slug);
      navigate('/register');
      return;
    }
    copy.mutate(shared.slug, { onSuccess: ({ goalId }) => navigate(`/learning-plan/${goalId}`) });
  };
  // back from registering or logging in: the copy they asked for is made now
  const resumed = useRef(false);
  useEffect(() => {
    if (authenticated && !resumed.current && takeWaitingCopy(shared.slug)) {
      resumed.current = true;
      copy.mutate(shared.slug, { onSuccess: ({ goalId }) => navigate(`/learning-plan/${goalId}`) });
    }
  }, [authenticated, shared.slug, copy, navigate]);

  const refusal = copy.error;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <p className={styles.eyebrow}>Shared roadmap · {shared.level}</p>
        <h1 className={styles.title}>{shared.goal}</h1>
        <p className={styles.lead}>
          {shared.sections.length} sections · {lessons} lessons
        </p>
        {shared.progress ? (
          <p className={styles.lead}>
            {shared.progress.completedLessons} of {shared.progress.totalLessons} lessons completed (
            {shared.progress.percentage}%)
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button onClick={use} disabled={copy.isPending}>
            {copy.isPending ? 'Adding it to your goals…' : 'Use this roadmap'}
          </Button>
          {authenticated ? null : (
            <span className={styles.hint}>
              Free: create an account or{' '}
              <Link to="/login" onClick={() => rememberCopy(shared.slug)} className={styles.inlineLink}>
                log in
              </Link>{' '}
              and it becomes your own goal, with lessons written for you.
            </span>
          )}
        </div>
        {refusal instanceof RateLimitError ? (
          <Notification kind="warning" title={refusal.message}>
            {refusal.subscriptionMessage}
          </Notification>
        ) : refusal ? (
          <Notification kind="error">{COPY_FAILED}</Notification>
        ) : null}
      </div>
      <ol className={styles.sections} aria-label="Sections">
        {shared.sections.map((s, i) => (
          // sections have no id in the public read: their place is theirs
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is the roadmap's and never changes here
          <li key={i} className={styles.section}>
            <h2 className={styles.sectionName}>
              {s.name}
              {s.isCompleted ? <span className={styles.eyebrow}> Completed</span> : null}
            </h2>
            <ol className={styles.lessons}>
              {s.lessons.map((l, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <li key={j} className={styles.lesson}>
                  {l.title}{' '}
                  <span>
                    ({minutesText(l.estimatedTimeInMinutes)}
                    {l.isCompleted ? ' · Completed' : ''})
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
