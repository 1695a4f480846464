// Lessons (spec 2): the lesson view, the free plan's lesson-open gate (spec 1 §4) and daily lesson limit
// (spec 1 §9), content generation as a job (one live job per lesson: double clicks and two tabs share it),
// completion (60+ completes the lesson; its section follows) and the next lesson.
import type { RateLimitInfo } from '@mindpath/contracts/errors';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import { type Lesson, PASSING_SCORE, type Submission } from '@mindpath/contracts/lessons';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { goalText } from '../goals/service.ts';
import { countLiveJobs, enqueueJob, findLatestJob, findLiveJob } from '../jobs/index.ts';
import { toJob } from '../jobs/service.ts';
import { assertWindow, lockUser, PlanLimitError, userIsPro } from '../limits/service.ts';
import { type MediaSigner, ownerMediaSigner } from '../media/signed-url.ts';
import { syncRoadmapCompletion } from '../roadmaps/index.ts';
import { toLevel } from '../roadmaps/service.ts';
import { GATE_MS, gateAfterCompletion } from './gate.ts';
import {
  findAssessmentOfLesson,
  findLessonContext,
  type LessonContext,
  lessonOrderOfGoal,
  recentCompletionInGoal,
  updateLesson,
} from './repository.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'jobs' | 'mediaSigningKey' | 'now'>;

export const LESSON_CONTENT_JOB = 'lesson-content' satisfies JobKind;
export const LESSON_ASSESSMENT_JOB = 'lesson-assessment' satisfies JobKind;

/** The learner's lesson is still there (not removed from its plan, its roadmap not generated again). */
export async function lessonExists(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  return (await findLessonContext(db, userId, id)) !== undefined;
}

export async function getLessonContext(db: Db | Tx, userId: string, id: string): Promise<LessonContext> {
  const ctx = await findLessonContext(db, userId, id);
  if (!ctx) throw notFound('Lesson not found');
  return ctx;
}

/** What the AI is told about a lesson. */
export function lessonInput(ctx: LessonContext) {
  return {
    goal: goalText(ctx.goal?.description ?? ctx.roadmap.name),
    level: toLevel(ctx.goal?.level ?? 'Beginner'),
    sectionName: ctx.roadmap.name,
    lessonTitle: ctx.lesson.title,
    ...(ctx.lesson.summary ? { lessonSummary: ctx.lesson.summary } : {}),
  };
}

/**
 * The lesson-open gate (spec 1 §4): a learner without an active Pro plan who has completed another lesson of
 * the goal recently, and whose lesson at hand is not completed, may not open it (the rule: ./gate.ts).
 */
export async function lessonGate(
  db: Db | Tx,
  userId: string,
  ctx: LessonContext,
  now: Date,
  pro: boolean,
): Promise<RateLimitInfo | null> {
  if (pro || ctx.lesson.isCompleted || !ctx.goal) return null;
  const since = new Date(now.getTime() - GATE_MS);
  return gateAfterCompletion(
    await recentCompletionInGoal(db, userId, ctx.goal.id, ctx.lesson.id, since),
    now,
  );
}

export async function assertLessonOpen(deps: Deps, userId: string, ctx: LessonContext) {
  const gate = await lessonGate(
    deps.db,
    userId,
    ctx,
    deps.now(),
    await userIsPro(deps.db, userId, deps.now()),
  );
  if (gate) throw new PlanLimitError(gate);
}

/** The lesson as its owner sees it; `sign` turns its stored media paths into URLs their browser may load. */
export function toLessonView(
  ctx: LessonContext,
  state: { isGenerating: boolean; limit: RateLimitInfo | null },
  sign: MediaSigner,
): Lesson {
  const l = ctx.lesson;
  return {
    id: l.id,
    title: l.title,
    summary: l.summary,
    roadmapId: l.roadmapId,
    roadmap: { id: ctx.roadmap.id, name: ctx.roadmap.name },
    goalId: ctx.roadmap.goalId,
    position: l.position,
    estimatedTimeInMinutes: l.estimatedTimeInMinutes,
    // a gated lesson is not opened: its content stays on the server
    content: state.limit ? null : l.content,
    contentSource: l.contentSource === 'model' || l.contentSource === 'offline' ? l.contentSource : null,
    imageUrl: l.imageUrl && sign(l.imageUrl),
    hasAudio: l.audioUrl !== null,
    audioUrl: l.audioUrl && sign(l.audioUrl),
    videoUrls: l.videoUrls,
    resourceLinks: l.resourceLinks,
    isCompleted: l.isCompleted,
    completedAt: l.completedAt?.toISOString() ?? null,
    grade: l.grade,
    isGenerating: state.isGenerating,
    citations: l.citations,
    limit: state.limit,
    updatedAt: l.updatedAt.toISOString(),
  };
}

/** The lesson as its owner sees it now: generation state and gate included. */
export async function lessonView(deps: Deps, userId: string, ctx: LessonContext): Promise<Lesson> {
  const [live, pro] = await Promise.all([
    findLiveJob(deps.db, LESSON_CONTENT_JOB, ctx.lesson.id),
    userIsPro(deps.db, userId, deps.now()),
  ]);
  const limit = await lessonGate(deps.db, userId, ctx, deps.now(), pro);
  return toLessonView(ctx, { isGenerating: live !== undefined, limit }, ownerMediaSigner(deps, userId));
}

export async function getLesson(deps: Deps, userId: string, id: string): Promise<Lesson> {
  return lessonView(deps, userId, await getLessonContext(deps.db, userId, id));
}

/**
 * Starts the content generation of a lesson, or joins the one under way; a lesson with content answers as it
 * is. A new generation is checked against the plan: the gate, then (free) 1 generation per 24 h counting
 * generations still running; a failed one never counts. The user's row is locked so concurrent requests
 * take turns: two tabs get one job.
 */
export async function startContentGeneration(
  deps: Deps,
  userId: string,
  id: string,
): Promise<{ lesson: Lesson; job: GenerationJob | null; joined: boolean }> {
  const pro = await userIsPro(deps.db, userId, deps.now());
  const out = await deps.db.transaction(async (tx) => {
    const ctx = await getLessonContext(tx, userId, id);
    await lockUser(tx, userId);
    const live = await findLiveJob(tx, LESSON_CONTENT_JOB, id);
    if (live) return { ctx, job: live, joined: true };
    const gate = await lessonGate(tx, userId, ctx, deps.now(), pro);
    if (gate) throw new PlanLimitError(gate);
    if (ctx.lesson.content) return { ctx, job: null, joined: false };
    if (!ctx.goal) throw new AppError(409, 'NO_GOAL', 'This lesson belongs to no goal');
    if (!pro) {
      const pending = await countLiveJobs(tx, userId, LESSON_CONTENT_JOB);
      await assertWindow(tx, userId, 'lesson_generation', deps.now(), pending);
    }
    const { job, created } = await enqueueJob(tx, { kind: LESSON_CONTENT_JOB, target: id, userId });
    return { ctx, job, joined: !created };
  });
  if (out.job) deps.jobs.wake();
  return {
    lesson: toLessonView(
      out.ctx,
      { isGenerating: out.job !== null, limit: null },
      ownerMediaSigner(deps, userId),
    ),
    job: out.job ? toJob(out.job) : null,
    joined: out.joined,
  };
}

/** "Is content generating / wait for it": the newest content job of the lesson. */
export async function contentStatus(db: Db, userId: string, id: string) {
  // the job first: once it reads finished, the content it stored (same transaction) is there to read
  const row = await findLatestJob(db, LESSON_CONTENT_JOB, id);
  const ctx = await getLessonContext(db, userId, id);
  const job = row ? toJob(row) : null;
  return {
    isGenerating: job?.status === 'queued' || job?.status === 'running',
    hasContent: ctx.lesson.content !== null,
    job,
  };
}

/**
 * Marks a lesson completed with a passing score (what a passing submission does); its section completes
 * when all its lessons are. The grade keeps the best passing score.
 */
export async function markPassed(tx: Tx, ctx: LessonContext, score: number, now: Date) {
  const l = ctx.lesson;
  const row = await updateLesson(tx, l.id, {
    isCompleted: true,
    completedAt: l.isCompleted && l.completedAt ? l.completedAt : now,
    grade: Math.max(l.grade ?? 0, score),
  });
  await syncRoadmapCompletion(tx, l.roadmapId);
  return { ...ctx, lesson: row };
}

/**
 * spec 2 §7 complete lesson {lessonId, score}: the server's own score decides. A lesson whose last
 * submission scored 60 or more is completed; a score sent by the client is not trusted.
 */
export async function completeLesson(
  deps: Deps,
  userId: string,
  id: string,
  body: { lessonId?: string | undefined } | null | undefined,
): Promise<Lesson> {
  if (body?.lessonId && body.lessonId !== id) {
    throw new AppError(400, 'VALIDATION_ERROR', 'lessonId does not match the lesson');
  }
  const ctx = await deps.db.transaction(async (tx) => {
    const ctx = await getLessonContext(tx, userId, id);
    if (ctx.lesson.isCompleted) return ctx;
    const submission = (await findAssessmentOfLesson(tx, id))?.submission as Submission | null | undefined;
    if (!submission || submission.score < PASSING_SCORE) {
      throw new AppError(
        409,
        'NOT_PASSED',
        'Pass the lesson assessment with a score of 60 or more to complete this lesson',
      );
    }
    return markPassed(tx, ctx, submission.score, deps.now());
  });
  return lessonView(deps, userId, ctx);
}

/** The lesson after this one in the goal's plan (section order, then lesson order), or none. */
export async function nextLesson(deps: Deps, userId: string, id: string): Promise<Lesson | null> {
  const ctx = await getLessonContext(deps.db, userId, id);
  if (!ctx.roadmap.goalId) return null;
  const order = await lessonOrderOfGoal(deps.db, ctx.roadmap.goalId);
  const nextId = order[order.indexOf(id) + 1];
  if (!nextId) return null;
  return getLesson(deps, userId, nextId);
}
