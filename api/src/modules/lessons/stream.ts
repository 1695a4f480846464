// Following a lesson's content generation as server-sent events: the text as the job writes it (read from the
// job's progress, so the worker may run in any process), then `done` with the stored lesson or `error`.
import type { AppParts } from '../../lib/app-parts.ts';
import type { SseStream } from '../../lib/sse.ts';
import { followJob, progressDeltas } from '../jobs/follow.ts';
import { findLatestJob } from '../jobs/index.ts';
import { findLessonContext } from './repository.ts';
import { LESSON_CONTENT_JOB, lessonView } from './service.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'jobs' | 'log' | 'mediaSigningKey' | 'now'>;

export const NOT_STARTED = { reason: 'not_started', message: 'Content generation has not been started.' };

export async function followContent(
  deps: Deps,
  userId: string,
  lessonId: string,
  sse: SseStream,
): Promise<void> {
  const delta = progressDeltas(sse);
  try {
    const followed = await followJob({
      sse,
      delta,
      db: deps.db,
      signals: deps.jobs.signals,
      read: () => findLatestJob(deps.db, LESSON_CONTENT_JOB, lessonId),
    });
    if (!followed) return;
    const { job } = followed;
    const ctx = await findLessonContext(deps.db, userId, lessonId);
    // a failed new version (versions.ts) leaves the lesson its content: the failure is still what to say
    if (ctx?.lesson.content && job?.status !== 'failed') {
      delta(ctx.lesson.content);
      sse.send('done', { lesson: await lessonView(deps, userId, ctx) });
    } else if (job?.status === 'failed') {
      // what was written before the failure has been sent: why it stopped
      const error = (job.error ?? {}) as { reason?: string; message?: string };
      sse.send('error', {
        reason: error.reason ?? 'internal',
        message: error.message ?? 'The generation failed. Please try again.',
      });
    } else {
      sse.send('error', NOT_STARTED);
    }
  } catch (err) {
    deps.log.error({ err, lessonId }, 'content stream failed');
    sse.send('error', { reason: 'internal', message: 'The content stream failed. Please try again.' });
  } finally {
    sse.close();
  }
}
