import type { GenerationJob } from '@mindpath/contracts/jobs';
import { useRoadmapGeneration } from '@mindpath/sdk/roadmap-hooks';
import { roadmapJobResult } from '@mindpath/sdk/roadmap-job-result';
import { buttonClassName } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { countOf } from '@mindpath/ui/plural';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type GenerationOutcome,
  generationOutcome,
  generationSteps,
  SLOW_AFTER_MS,
} from '../utils/generation.ts';
import type { WizardPath } from '../utils/wizard-state.ts';
import { OfflineNote } from './offline-note.tsx';
import styles from './wizard.module.css';

/** spec 1 §4: navigate 2 s after 'Roadmap generated successfully!'; other messages stay 3 s (§9). */
const SUCCESS_NAV_MS = 2000;
const MESSAGE_MS = 3000;

function useElapsed(running: boolean): number {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now - start;
}

/**
 * Step 6: the roadmap is generated as a job; the learner sees its named steps and the time it has taken,
 * then 'Roadmap generated successfully!' and the roadmap page 2 s later. When generation fails only the
 * roadmap is lost: the goal stays and the roadmap page can generate it later.
 */
export function GenerationProgress({
  goalId,
  path,
  startFailure,
}: {
  goalId: string;
  path: WizardPath;
  /** the start call itself failed (not a plan limit), with the words to say when there are any */
  startFailure: { message: string | null } | null;
}) {
  const startFailed = startFailure !== null;
  const navigate = useNavigate();
  const generation = useRoadmapGeneration(startFailed ? undefined : goalId);
  const job: GenerationJob | null = generation.data?.job ?? null;
  const outcome: GenerationOutcome = startFailed ? 'failed' : generationOutcome(job);
  const elapsed = useElapsed(outcome === 'running');
  const result = roadmapJobResult(job);

  useEffect(() => {
    if (outcome === 'running') return;
    const timer = setTimeout(
      () => navigate(`/learning-plan/${goalId}`),
      outcome === 'succeeded' ? SUCCESS_NAV_MS : MESSAGE_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome, goalId, navigate]);

  const steps = generationSteps(job, outcome);
  return (
    <div className={styles.generation} aria-live="polite">
      {/* the spinner turns only while the job runs: a finished roadmap shows a check, a failure the error alone */}
      {outcome === 'failed' ? null : (
        <div className={styles.spinnerWrap} aria-hidden="true">
          {outcome === 'running' ? (
            <span className={styles.bigSpinner} data-testid="generation-spinner" />
          ) : (
            <svg
              className={styles.doneMark}
              viewBox="0 0 48 48"
              aria-hidden="true"
              data-testid="generation-done"
            >
              <circle cx="24" cy="24" r="22" />
              <path d="M14 24.5l7 7 13-14" />
            </svg>
          )}
        </div>
      )}
      <ol className={styles.genSteps} aria-label="Roadmap generation">
        {steps.map((s) => (
          <li key={s.label} className={styles.genStep} data-state={s.state}>
            <span className={styles.genDot} aria-hidden="true" />
            <span>{s.label}</span>
            <span className="visually-hidden">
              {s.state === 'done'
                ? '(done)'
                : s.state === 'active'
                  ? '(in progress)'
                  : s.state === 'failed'
                    ? '(failed)'
                    : '(waiting)'}
            </span>
          </li>
        ))}
      </ol>
      {outcome === 'running' ? (
        <p className={styles.muted} role="status">
          Generating your roadmap... {Math.floor(elapsed / 1000)} s
        </p>
      ) : null}
      {outcome === 'running' && elapsed > SLOW_AFTER_MS ? (
        <p className={styles.muted}>
          This is taking longer than usual. Generation continues on the server: you can keep waiting or{' '}
          <Link to={`/learning-plan/${goalId}`}>open the roadmap page</Link>.
        </p>
      ) : null}
      {outcome === 'succeeded' ? (
        <>
          <Notification kind="success">Roadmap generated successfully!</Notification>
          {result?.sections ? (
            <p className={styles.muted}>
              {countOf(result.sections, 'section', 'sections')},{' '}
              {countOf(result.lessons ?? 0, 'lesson', 'lessons')}. Opening your roadmap...
            </p>
          ) : null}
          {/* a roadmap from the material follows its headings, which no model wrote */}
          <OfflineNote source={result?.source} />
        </>
      ) : null}
      {outcome === 'failed' ? (
        <>
          <Notification kind="success">
            {path === 'take'
              ? 'Assessment completed! You can generate a roadmap later from the roadmap page.'
              : 'Goal created successfully! You can generate a roadmap later from the roadmap page.'}
          </Notification>
          <Notification kind="error" title="Failed to generate roadmap">
            {startFailure?.message ?? job?.error?.message ?? null}
          </Notification>
          <Link className={buttonClassName({ variant: 'secondary' })} to={`/learning-plan/${goalId}`}>
            Go to the roadmap page
          </Link>
        </>
      ) : null}
    </div>
  );
}
