// The head of a plan read, in one round trip: the learner (its existence is the authentication, see
// authenticateToken), the goal when it is theirs, their subscription, whether a roadmap is being generated,
// the plan's version (counted by the database's triggers, migration 0009) and the body kept for it
// (plan-body.ts). A poll whose version did not change answers 304 from this alone.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, planBodies, subscriptions, users } from '../../db/schema.ts';
import type { GoalStats } from '../goals/repository.ts';
import { gateAfterCompletion } from '../lessons/gate.ts';
import { mediaUrlExpiry } from '../media/signed-url.ts';
import { ROADMAP_JOB } from '../roadmaps/service.ts';
import type { PlanBody } from './plan-body.ts';

const LIVE_JOB = sql<boolean>`exists (
  select 1 from generation_jobs j
  where j.kind = ${ROADMAP_JOB} and j.target = ${goals.id}::text and j.status in ('queued', 'running'))`;

const head = (db: Db, name: string, withBody: boolean) =>
  db
    .select({
      user: users,
      goal: goals,
      subscription: subscriptions,
      generating: LIVE_JOB,
      // a goal whose plan has never been written has no row yet
      version: sql<number>`coalesce(${planBodies.version}, 0)`,
      // the kept body's counts (and with `withBody` its text) while it is this version's
      stats: sql<
        string | null
      >`case when ${planBodies.bodyVersion} = ${planBodies.version} then ${planBodies.stats} end`,
      ...(withBody
        ? {
            sections: planBodies.sections,
            lessonsBySection: planBodies.lessonsBySection,
            firstLeft: planBodies.firstLeft,
          }
        : {}),
    })
    .from(users)
    .leftJoin(goals, and(eq(goals.id, sql.placeholder('goalId')), eq(goals.userId, users.id)))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(planBodies, eq(planBodies.goalId, goals.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(name);

/** A revalidation reads the head alone; a read without a tag takes the kept body along, in one query. */
const headStatements = preparedOn((db) => ({
  alone: head(db, 'plan_head', false),
  withBody: head(db, 'plan_head_body', true),
}));

export async function planHead(db: Db, userId: string, goalId: string, withBody: boolean) {
  const statements = headStatements(db);
  const [row] = await (withBody ? statements.withBody : statements.alone).execute({ userId, goalId });
  if (!row) return undefined;
  const kept =
    row.stats !== null && (!withBody || 'sections' in row)
      ? {
          stats: row.stats,
          ...('sections' in row
            ? { sections: row.sections, lessonsBySection: row.lessonsBySection, firstLeft: row.firstLeft }
            : {}),
        }
      : null;
  return {
    user: row.user,
    goal: row.goal,
    subscription: row.subscription,
    generating: Boolean(row.generating),
    version: Number(row.version),
    /** the body kept for this version (its counts; its text too when asked for), or null to build it */
    kept: kept as (Pick<PlanBody, 'stats'> & Partial<PlanBody>) | null,
  };
}

/** The goal's progress from a plan body's counts (PlanBody.stats). */
export function statsOf(body: Pick<PlanBody, 'stats'>) {
  const [sections, completedSections, lastSection, lessons, completedLessons, lastLesson] = JSON.parse(
    body.stats,
  ) as [number, number, string | null, number, number, string | null];
  const stats: GoalStats = {
    sections: Number(sections),
    completedSections: Number(completedSections),
    lastCompletedSectionAt: lastSection ? new Date(lastSection) : null,
    lessons: Number(lessons),
    completedLessons: Number(completedLessons),
  };
  return { stats, lastLessonCompletedAt: lastLesson ? new Date(lastLesson) : null };
}

export type PlanHead = NonNullable<Awaited<ReturnType<typeof planHead>>>;

/** The free plan's gate as the plan shows it: only while a lesson is left to open, and not for Pro. */
export function planGate(progress: ReturnType<typeof statsOf>, pro: boolean, now: Date) {
  return progress.stats.completedLessons < progress.stats.lessons && !pro
    ? gateAfterCompletion(progress.lastLessonCompletedAt, now)
    : null;
}

/**
 * The plan's entity tag: its version, the learner and goal rows it shows, Pro or not, a generation under way,
 * the gate (whose hours left change with time) and the media URLs' signing window.
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
        head.goal,
        pro,
        head.generating,
        planGate(progress, pro, now),
        mediaUrlExpiry(now),
      ]),
    )
    .digest('base64url');
  return `W/"${hash}"`;
}
