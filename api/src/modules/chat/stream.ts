// Following a chat answer as server-sent events: `turn` {id} first (a client whose stream is cut follows the
// same turn again by it, from any instance), the answer as it is written, then `done` or `error`.
import { CHAT_ERROR_REPLY, type ChatAnswer } from '@mindpath/contracts/chat';
import { notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import type { SseStream } from '../../lib/sse.ts';
import { followJob, progressDeltas } from '../jobs/follow.ts';
import { findJob } from '../jobs/index.ts';
import { CHAT_ANSWER_JOB, PLAN_LIMIT_CODE } from './answer-job.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'jobs' | 'log'>;

/** A turn of this learner (404 for another's, or any other kind of job). */
export async function assertOwnTurn(deps: Deps, userId: string, jobId: string): Promise<void> {
  const job = await findJob(deps.db, jobId);
  if (!job || job.userId !== userId || job.kind !== CHAT_ANSWER_JOB) throw notFound('Chat answer not found');
}

/** The stored failure as the stream's error: the plan limit's own message, the spec's chat reply otherwise. */
function streamError(error: unknown) {
  const { reason = '', message = '' } = (error ?? {}) as { reason?: string; message?: string };
  if (reason === PLAN_LIMIT_CODE) return { message, code: PLAN_LIMIT_CODE };
  // an AI failure's code as the in-request answer had it; a job interrupted too often is CHAT_FAILED
  return { message: CHAT_ERROR_REPLY, code: /^(AI_|CHAT_)[A-Z_]+$/.test(reason) ? reason : 'CHAT_FAILED' };
}

export async function followAnswer(deps: Deps, jobId: string, sse: SseStream): Promise<void> {
  const delta = progressDeltas(sse);
  sse.send('turn', { id: jobId });
  try {
    const followed = await followJob({
      sse,
      delta,
      db: deps.db,
      signals: deps.jobs.signals,
      read: () => findJob(deps.db, jobId),
    });
    if (!followed) return;
    const { job } = followed;
    if (job?.status === 'succeeded') sse.send('done', job.result as ChatAnswer);
    else sse.send('error', streamError(job?.error));
  } catch (err) {
    deps.log.error({ err, jobId }, 'chat stream failed');
    sse.send('error', { message: CHAT_ERROR_REPLY, code: 'CHAT_FAILED' });
  } finally {
    sse.close();
  }
}
