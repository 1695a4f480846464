// A streamed chat answer is a generation job (kind chat-answer, one per turn): the worker that runs it writes
// the answer so far into the job's progress, and the turn is stored and counted in the transaction that marks
// the job succeeded. So any API instance can stream it, a stream cut with its instance is resumed by the turn's
// id, and a worker that dies mid-answer is replaced by another that answers again, recorded once.
import { randomUUID } from 'node:crypto';
import { CHAT_ERROR_REPLY, type ChatAnswer } from '@mindpath/contracts/chat';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import { isAiError } from '../../ai/errors.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { clearPayload, enqueueJob } from '../jobs/index.ts';
import { type JobDeps, JobFailure, type JobHandler } from '../jobs/worker.ts';
import { lessonExists } from '../lessons/service.ts';
import { PlanLimitError } from '../limits/service.ts';
import { answerOf, type ChatTurn, prepareTurn, recordTurnIn } from './service.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'ai' | 'config' | 'db' | 'jobs' | 'log' | 'now'>;

export const CHAT_ANSWER_JOB = 'chat-answer' satisfies JobKind;
/** how often the answer so far is stored for the streams following it (the first piece at once) */
export const CHAT_PROGRESS_EVERY_MS = 50;
/** the job's reason (and the stream's code) for a turn refused at the end by the free plan's limit */
export const PLAN_LIMIT_CODE = 'PLAN_LIMIT';

interface ChatAnswerPayload extends ChatTurn {
  question: string;
}

/** the lesson asked about was removed from its plan while the answer was written: no turn to record on it */
const LESSON_GONE = new JobFailure('CHAT_LESSON_GONE', CHAT_ERROR_REPLY);

/** An AI failure as the stream's error code (the learner is shown the spec's chat error reply). */
const failureCode = (err: unknown) => (isAiError(err) ? `AI_${err.reason.toUpperCase()}` : 'CHAT_FAILED');

/**
 * Checks the turn (lesson, plan limit: refused before anything is queued) and queues its answer, run at once
 * by the first worker that hears of it: this process's own when it runs jobs, else one listening on
 * PostgreSQL. Answers the job's id, which the stream and a reconnecting client follow.
 */
export async function startAnswer(
  deps: Deps,
  userId: string,
  message: string,
  lessonId: string | null,
): Promise<string> {
  const turn = await prepareTurn(deps, userId, message, lessonId);
  const payload: ChatAnswerPayload = { ...turn, question: message };
  const { job } = await enqueueJob(deps.db, {
    kind: CHAT_ANSWER_JOB,
    // a turn of its own: two questions in a row are two jobs
    target: randomUUID(),
    userId,
    payload: payload as unknown as Record<string, unknown>,
  });
  deps.jobs.runNow(job.id);
  return job.id;
}

export function chatAnswerHandler({ ai, now }: JobDeps): JobHandler {
  return async (job, { signal, progress }) => {
    const turn = job.payload as ChatAnswerPayload;
    let text = '';
    let stored = 0;
    try {
      for await (const delta of ai.streamChat(turn.input, { tier: turn.pro ? 'pro' : 'free', signal })) {
        text += delta;
        if (Date.now() - stored >= CHAT_PROGRESS_EVERY_MS) {
          stored = Date.now();
          await progress(text);
        }
      }
    } catch (err) {
      if (signal.aborted) throw err; // the worker is stopping: the job goes back to the queue
      throw new JobFailure(failureCode(err), CHAT_ERROR_REPLY);
    }
    await progress(text);
    const response = text.trim();
    if (!response) throw new JobFailure('AI_EMPTY_ANSWER', CHAT_ERROR_REPLY);
    const answer: ChatAnswer = answerOf(turn, response, ai.provider.source);
    return {
      result: answer,
      apply: async (tx) => {
        if (turn.lessonId && !(await lessonExists(tx, job.userId, turn.lessonId))) throw LESSON_GONE;
        try {
          await recordTurnIn(tx, job.userId, turn, turn.question, answer, now());
          // the conversation and lesson the model was given live on in the history and the lesson
          await clearPayload(tx, job.id);
        } catch (err) {
          // another turn answered meanwhile used the last free query of the day
          if (err instanceof PlanLimitError) throw new JobFailure(PLAN_LIMIT_CODE, err.info.message);
          throw err;
        }
      },
    };
  };
}
