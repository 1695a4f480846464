// The head of a plan read, in one round trip: the learner (its existence is the authentication, see
// authenticateToken), the goal when it is theirs, their subscription, whether a roadmap is being generated,
// the plan's version (counted by the database's triggers, migrations 0009 and 0010) and the body kept for it
// (plan-body.ts). A poll whose version did not change answers 304 from this alone.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, planBodies, subscriptions, users } from '../../db/schema.ts';
import type { GoalStats } from '../goals/index.ts';
import { gateAfterCompletion } from '../lessons/gate.ts';
import { mediaUrlExpiry } from '../media/signed-url.ts';
import type { UserRow } from '../users/index.ts';
import type { PlanBody, PlanBodyStats } from './plan-body.ts';

/** The head's joins: the learner, their goal if it is theirs, their subscription, the goal's kept body. */
function headQuery<F extends SelectedFields>(db: Db, fields: F) {
  return db
    .select({
      ...fields,
      // the learner as the answer shows them, and when the goal's row last changed (every write sets it):
      // what the entity tag needs of both
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        goalDescription: users.goalDescription,
      },
      goalUpdatedAt: goals.updatedAt,
      subscription: {
        tier: subscriptions.tier,
        isActive: subscriptions.isActive,
        endDate: subscriptions.endDate,
      },
      generating: sql<boolean>`coalesce(${planBodies.generating}, false)`,
      // a goal whose plan has never been written has no row yet
      version: sql<number>`coalesce(${planBodies.version}, 0)`,
      // the kept body's counts (its text too, in the read with the body) while it is this version's
      stats: sql<
        string | null
      >`case when ${planBodies.bodyVersion} = ${planBodies.version} then ${planBodies.stats} end`,
    })
    .from(users)
    .leftJoin(goals, and(eq(goals.id, sql.placeholder('goalId')), eq(goals.userId, users.id)))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(planBodies, eq(planBodies.goalId, goals.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1);
}

/** A revalidation reads the head alone; a read without a tag takes the goal and the kept body along. */
const headStatements = preparedOn((db) => ({
  alone: headQuery(db, { goalId: goals.id }).prepare('plan_head'),
  withBody: headQuery(db, {
    goal: goals,
    sections: planBodies.sections,
    lessonsBySection: planBodies.lessonsBySection,
    firstOpenLesson: planBodies.firstOpenLesson,
  }).prepare('plan_head_body'),
}));

/** The head for a revalidation: enough for the entity tag. */
export async function planHeadForTag(db: Db, userId: string, goalId: string) {
  const [row] = await headStatements(db).alone.execute({ userId, goalId });
  return row && { ...common(row), found: row.goalId !== null };
}

/** The head for a read: the learner and goal rows the answer shows, and the kept body's text. */
export async function planHeadWithBody(db: Db, userId: string, goalId: string) {
  const [row] = await headStatements(db).withBody.execute({ userId, goalId });
  if (!row) return undefined;
  const { sections, lessonsBySection, firstOpenLesson } = row;
  return {
    ...common(row),
    goal: row.goal,
    storedBody:
      row.stats !== null && sections !== null && lessonsBySection !== null
        ? { stats: row.stats, sections, lessonsBySection, firstOpenLesson }
        : null,
  };
}

function common(row: {
  user: Pick<UserRow, 'id' | 'username' | 'email' | 'firstName' | 'goalDescription'>;
  goalUpdatedAt: Date | null;
  subscription: { tier: string; isActive: boolean; endDate: Date | null } | null;
  generating: boolean;
  version: number;
  stats: string | null;
}) {
  return {
    user: row.user,
    goalUpdatedAt: row.goalUpdatedAt,
    subscription: row.subscription,
    generating: Boolean(row.generating),
    version: Number(row.version),
    /** the kept body's counts while it is this version's, else null (the body is built again) */
    stats: row.stats,
  };
}

export type PlanHead = ReturnType<typeof common>;

/** The goal's progress from a plan body's counts (PlanBody.stats). */
export function statsOf(body: Pick<PlanBody, 'stats'>) {
  const kept = JSON.parse(body.stats) as PlanBodyStats;
  const stats: GoalStats = {
    sections: Number(kept.sections),
    completedSections: Number(kept.completedSections),
    lastCompletedSectionAt: kept.lastSectionCompletedAt ? new Date(kept.lastSectionCompletedAt) : null,
    lessons: Number(kept.lessons),
    completedLessons: Number(kept.completedLessons),
  };
  return {
    stats,
    lastLessonCompletedAt: kept.lastLessonCompletedAt ? new Date(kept.lastLessonCompletedAt) : null,
  };
}

/** The free plan's gate as the plan shows it: only while a lesson is left to open, and not for Pro. */
export function planGate(progress: ReturnType<typeof statsOf>, pro: boolean, now: Date) {
  return progress.stats.completedLessons < progress.stats.lessons && !pro
    ? gateAfterCompletion(progress.lastLessonCompletedAt, now)
    : null;
}

/**
 * The plan's entity tag: its version, the learner as it shows them and its goal's last change, Pro or not, a
 * generation under way, the gate (whose hours left change with time) and the media URLs' signing window.
 */
export function planEtag(
  head: PlanHead,
  progress: ReturnType<typeof statsOf>,
  pro: boolean,
  now: Date,
): string {
  const hash = createHash('sha1')
    .update(
      JSON.stringify([
        head.version,
        head.user,
        head.goalUpdatedAt,
        pro,
        head.generating,
        planGate(progress, pro, now),
        mediaUrlExpiry(now),
      ]),
    )
    .digest('base64url');
  return `W/"${hash}"`;
}
