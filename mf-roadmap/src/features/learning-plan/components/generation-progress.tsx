import type { GenerationJob } from '@mindpath/contracts/jobs';
import { Spinner } from '@mindpath/ui/spinner';
import { useEffect, useState } from 'react';
import { elapsedSeconds, generationSteps } from '../utils/generation-steps.ts';
import styles from './learning-plan.module.css';

/**
 * What the learner sees while a roadmap is generated: the named steps of its job, the time it has taken
 * and, after a failed attempt, that it is being retried. Never a bare spinner.
 */
export function GenerationProgress({ job, replacing }: { job: GenerationJob | null; replacing: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const steps = generationSteps(job);
  const seconds = elapsedSeconds(job, now);
  return (
    <section className={styles.progressCard} aria-labelledby="roadmap-generation-title">
      <div className={styles.progressHead}>
        <h2 id="roadmap-generation-title" className={styles.progressTitle}>
          {replacing ? 'Regenerating your roadmap' : 'Generating your roadmap'}
        </h2>
        <span className={styles.elapsed}>{seconds} s</span>
      </div>
      <ol className={styles.steps} role="status" aria-label="Generation steps">
        {steps.map((step) => (
          <li key={step.label} className={styles.step} data-state={step.state}>
            <span className={styles.stepMark} aria-hidden="true">
              {step.state === 'current' ? <Spinner size="sm" /> : null}
            </span>
            {step.label}
            <span className="visually-hidden">
              {step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (in progress)' : ''}
            </span>
          </li>
        ))}
      </ol>
      {job && job.attempts > 1 ? (
        <p className={styles.progressNote}>
          The generator did not answer well; trying again (attempt {job.attempts}).
        </p>
      ) : null}
      <p className={styles.progressNote}>
        {replacing
          ? 'Your current roadmap stays until the new one is ready; then its progress starts over.'
          : // spec 1 §8: a roadmap still generating asks for a refresh (support is for one that never comes)
            'You can leave this page: the roadmap keeps generating and appears here when it is ready. If it does not, refresh the page.'}
      </p>
    </section>
  );
}
