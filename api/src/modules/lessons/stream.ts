// Following a lesson's content generation as server-sent events: the text as the job writes it (read from the
// job's progress, so the worker may run in any process), then `done` with the stored lesson or `error`.
import type { FastifyInstance } from 'fastify';
import type { SseStream } from '../../lib/sse.ts';
import { findLatestJob } from '../jobs/repository.ts';
import { findLessonContext } from './repository.ts';
import { LESSON_CONTENT_JOB, lessonView } from './service.ts';

export const STREAM_POLL_MS = 100;
/** a stream ends after this even if the job has not (the client re-opens it or polls the status) */
const STREAM_MAX_MS = 10 * 60_000;

export const NOT_STARTED = { reason: 'not_started', message: 'Content generation has not been started.' };

export async function followContent(
  app: FastifyInstance,
  userId: string,
  lessonId: string,
  sse: SseStream,
  pollMs = STREAM_POLL_MS,
): Promise<void> {
  let sent = '';
  const deadline = Date.now() + STREAM_MAX_MS;
  const delta = (text: string) => {
    if (text === sent) return;
    // a connection's first delta replaces what the client has (it may be reconnecting after its instance
    // died, holding the text so far); a job that starts over (re-queued after its worker died) does too
    if (sent !== '' && text.startsWith(sent))
      sse.send('delta', { text: text.slice(sent.length), reset: false });
    else sse.send('delta', { text, reset: true });
    sent = text;
  };
  try {
    while (!sse.closed && Date.now() < deadline) {
      const job = await findLatestJob(app.db, LESSON_CONTENT_JOB, lessonId);
      if (job && (job.status === 'queued' || job.status === 'running')) {
        if (job.progress) delta(job.progress);
        await new Promise((r) => setTimeout(r, pollMs));
        continue;
      }
      const ctx = await findLessonContext(app.db, userId, lessonId);
      if (ctx?.lesson.content) {
        delta(ctx.lesson.content);
        sse.send('done', { lesson: await lessonView(app, userId, ctx) });
      } else if (job?.status === 'failed') {
        // what was written before the failure, then why it stopped
        if (job.progress) delta(job.progress);
        const error = (job.error ?? {}) as { reason?: string; message?: string };
        sse.send('error', {
          reason: error.reason ?? 'internal',
          message: error.message ?? 'The generation failed. Please try again.',
        });
      } else {
        sse.send('error', NOT_STARTED);
      }
      return;
    }
  } catch (err) {
    app.log.error({ err, lessonId }, 'content stream failed');
    sse.send('error', { reason: 'internal', message: 'The content stream failed. Please try again.' });
  } finally {
    sse.close();
  }
}
