// The roadmap screen's data (spec 1 §7 optimized-data): the head (learner, goal, subscription, generation,
// version) with the body the database keeps for that version (plan-body.ts) in one query; a revalidation
// reads a smaller head alone and, unless the client holds this version, reads as a read does. The first
// read after a change builds the body (one more query, and one to keep it), whatever the roadmap's size.
import { OptimizedPlanDataSchema, type PlanLesson } from '@mindpath/contracts/roadmaps';
import { isPro } from '@mindpath/contracts/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/app-error.ts';
import { toGoal } from '../goals/service.ts';
import type { MediaSigner } from '../media/signed-url.ts';
import { toStatus } from '../subscriptions/service.ts';
import { toUser } from '../users/service.ts';
import { buildPlanBody } from './plan-body.ts';
import { type PlanHead, planEtag, planGate, planHeadForTag, planHeadWithBody, statsOf } from './plan-head.ts';

/** What the API assembles itself, checked against the contract as every answer is; the body comes built. */
const PlanAssembledSchema = OptimizedPlanDataSchema.omit({ roadmaps: true, lessonsForRoadmaps: true });

const isProAt = (head: PlanHead, now: Date) => isPro(toStatus(head.subscription ?? undefined, now));

/**
 * The plan of the learner's goal as JSON text (OptimizedPlanData) and its entity tag; `json` is null when the
 * client's `ifNoneMatch` is that tag (answered 304). A learner who no longer exists is 401, another
 * learner's goal 404.
 */
export async function readPlanData(
  db: Db,
  log: FastifyBaseLogger,
  userId: string,
  goalId: string,
  sign: MediaSigner,
  now: Date,
  ifNoneMatch?: string,
): Promise<{ etag: string; json: string | null }> {
  if (ifNoneMatch !== undefined) {
    const head = await planHeadForTag(db, userId, goalId);
    if (!head) throw unauthorized();
    if (!head.found) throw notFound('Goal not found');
    const stats = head.stats ?? (await buildPlanBody(db, goalId, head.version, log)).stats;
    const etag = planEtag(head, statsOf({ stats }), isProAt(head, now), now);
    if (ifNoneMatch === etag) return { etag, json: null };
  }
  const head = await planHeadWithBody(db, userId, goalId);
  if (!head) throw unauthorized();
  if (!head.goal) throw notFound('Goal not found');
  const body = head.storedBody ?? (await buildPlanBody(db, goalId, head.version, log));
  const progress = statsOf(body);
  const pro = isProAt(head, now);
  const first = body.firstOpenLesson === null ? null : (JSON.parse(body.firstOpenLesson) as PlanLesson);
  const assembled = z.encode(PlanAssembledSchema, {
    user: toUser(head.user),
    goal: toGoal(head.goal, sign, progress.stats),
    firstUncompletedLessonRoadmapId: first?.roadmapId ?? null,
    firstUncompletedLesson: first,
    isGenerating: head.generating,
    lessonGate: first ? planGate(progress, pro, now) : null,
  });
  return {
    etag: planEtag(head, progress, pro, now),
    json: `{"roadmaps":${body.sections},"lessonsForRoadmaps":${body.lessonsBySection},${JSON.stringify(assembled).slice(1)}`,
  };
}
