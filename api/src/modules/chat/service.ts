// The AI tutor (spec 2 §3, §5, §8): a conversation per lesson (the model reads the lesson with the question),
// or a general one about the active goal.
// On a goal with a ready source, a lesson's tutor answers from the learner's material and cites it
// (./retrieval.ts): the citations the answer's [n] name are stored with it.
// Free learners get 5 answered queries a day (spec 1 §9), counted in the database only once answered: a
// failure costs nothing and answers the spec's error reply.
import type { ChatMessage } from '@mindpath/contracts/ai';
import { CHAT_ERROR_REPLY, type ChatAnswer, type ChatHistory } from '@mindpath/contracts/chat';
import type { ChatCitation } from '@mindpath/contracts/citations';
import { isAiError } from '../../ai/errors.ts';
import { CHAT_HISTORY_MESSAGES, type ChatInput } from '../../ai/prompts/chat.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { findActiveGoal } from '../goals/index.ts';
import { goalText } from '../goals/service.ts';
import { getLessonContext, lessonGate } from '../lessons/service.ts';
import { assertWindow, lockUser, recordUsage, userIsPro } from '../limits/service.ts';
import { deleteThread, insertExchange, pageOfThread, recentOfThread } from './repository.ts';
import { citationsOf, type Retrieval, retrieveForQuestion } from './retrieval.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'ai' | 'config' | 'db' | 'log' | 'now'>;

export interface ChatTurn {
  lessonId: string | null;
  pro: boolean;
  input: ChatInput;
  /**
   * what each excerpt number given to the tutor names (empty: the answer cites nothing). Optional: a turn
   * queued by the release before has none.
   */
  citations?: ChatCitation[];
}

/**
 * Checks the request (the lesson is the learner's; the free plan's daily queries) and builds what the model
 * is told: the conversation so far, the lesson and its goal (or the active goal).
 */
export async function prepareTurn(
  deps: Deps,
  userId: string,
  message: string,
  lessonId: string | null,
): Promise<ChatTurn> {
  const pro = await userIsPro(deps.db, userId, deps.now());
  let lessonTitle: string | undefined;
  let lessonContent: string | undefined;
  let goal: string | undefined;
  // a lesson's tutor on a goal: the material it may answer from is looked up once the query is allowed
  let lessonGoal: { goalId: string; lesson: { id: string; title: string } } | undefined;
  if (lessonId) {
    const ctx = await getLessonContext(deps.db, userId, lessonId);
    lessonTitle = ctx.lesson.title;
    // a lesson the gate keeps closed is not read out through the tutor either
    const open = !(await lessonGate(deps.db, userId, ctx, deps.now(), pro));
    if (ctx.lesson.content && open) lessonContent = ctx.lesson.content;
    if (ctx.goal) {
      goal = goalText(ctx.goal.description);
      lessonGoal = { goalId: ctx.goal.id, lesson: { id: ctx.lesson.id, title: ctx.lesson.title } };
    }
  } else {
    const active = await findActiveGoal(deps.db, userId);
    if (active) goal = goalText(active.description);
  }
  if (!pro) await assertWindow(deps.db, userId, 'chat', deps.now());
  const material: Retrieval | null = lessonGoal
    ? await retrieveForQuestion(deps, {
        userId,
        goalId: lessonGoal.goalId,
        lesson: { ...lessonGoal.lesson, content: lessonContent ?? null },
        question: message,
      })
    : null;
  const history = await recentOfThread(deps.db, userId, lessonId, CHAT_HISTORY_MESSAGES);
  const messages: ChatMessage[] = [
    ...history.map((m) => ({ role: m.role as ChatMessage['role'], content: m.content })),
    { role: 'user', content: message },
  ];
  return {
    lessonId,
    pro,
    input: {
      messages,
      ...(lessonTitle ? { lessonTitle } : {}),
      ...(lessonContent ? { lessonContent } : {}),
      ...(goal ? { goal } : {}),
      ...(material ? { excerpts: material.excerpts } : {}),
    },
    citations: material?.citations ?? [],
  };
}

/** The answer as stored and returned: its text, who wrote it, and the citations its [n] markers name. */
export function answerOf(turn: Pick<ChatTurn, 'citations'>, response: string, source: ChatAnswer['source']) {
  return { response, source, citations: citationsOf(response, turn.citations ?? []) } satisfies ChatAnswer;
}

/**
 * Stores the question and its answer and counts the query in `tx`, re-checking the limit (concurrent
 * requests): the one place a turn is recorded, so it is recorded once.
 */
export async function recordTurnIn(
  tx: Tx,
  userId: string,
  turn: Pick<ChatTurn, 'lessonId' | 'pro'>,
  question: string,
  answer: ChatAnswer,
  at: Date,
): Promise<void> {
  await lockUser(tx, userId);
  if (!turn.pro) await assertWindow(tx, userId, 'chat', at);
  await insertExchange(tx, {
    userId,
    lessonId: turn.lessonId,
    question,
    answer: answer.response,
    source: answer.source,
    citations: answer.citations,
    at,
  });
  await recordUsage(tx, userId, 'chat', at);
}

/** A provider failure as the spec's chat error reply (502), the cause kept in the log. */
export function chatFailure(deps: Deps, err: unknown): AppError {
  deps.log.warn({ err }, 'chat answer failed');
  const code = isAiError(err) ? `AI_${err.reason.toUpperCase()}` : 'CHAT_FAILED';
  return new AppError(isAiError(err) && err.reason === 'timeout' ? 504 : 502, code, CHAT_ERROR_REPLY);
}

export async function sendChat(
  deps: Deps,
  userId: string,
  body: { message: string; lessonId?: string | null | undefined },
): Promise<ChatAnswer> {
  const turn = await prepareTurn(deps, userId, body.message, body.lessonId ?? null);
  let answer: ChatAnswer;
  try {
    const { data } = await deps.ai.chat(turn.input, { tier: turn.pro ? 'pro' : 'free' });
    answer = answerOf(turn, data.content, data.source);
  } catch (err) {
    throw chatFailure(deps, err);
  }
  const at = deps.now();
  await deps.db.transaction((tx) => recordTurnIn(tx, userId, turn, body.message, answer, at));
  return answer;
}

export async function chatHistory(
  deps: Deps,
  userId: string,
  query: { lessonId?: string | undefined; skip: number; take: number },
): Promise<ChatHistory> {
  const lessonId = query.lessonId ?? null;
  if (lessonId) await getLessonContext(deps.db, userId, lessonId);
  const { rows, total } = await pageOfThread(deps.db, userId, lessonId, query.skip, query.take);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      role: r.role as ChatMessage['role'],
      content: r.content,
      lessonId: r.lessonId,
      source: r.source === 'model' || r.source === 'offline' ? r.source : null,
      citations: r.citations,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    hasMore: query.skip + rows.length < total,
  };
}

export async function clearHistory(deps: Deps, userId: string, lessonId: string | null) {
  if (lessonId) await getLessonContext(deps.db, userId, lessonId);
  await deleteThread(deps.db, userId, lessonId);
}
