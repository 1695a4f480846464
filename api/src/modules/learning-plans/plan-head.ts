// The head of a plan read, in one round trip: the learner (its existence is the authentication, see
// authenticateToken), the goal when it is theirs, their subscription, whether a roadmap is being generated,
// and what the plan's version depends on — aggregates over its sections, lessons and assessments, counted by
// PostgreSQL without a row of them leaving the database. A poll whose version did not change answers 304
// from this alone.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, subscriptions, users } from '../../db/schema.ts';
import { gateAfterCompletion } from '../lessons/gate.ts';
import { mediaUrlExpiry } from '../media/signed-url.ts';
import { ROADMAP_JOB } from '../roadmaps/service.ts';

const LIVE_JOB = sql<boolean>`exists (
  select 1 from generation_jobs j
  where j.kind = ${ROADMAP_JOB} and j.target = ${goals.id}::text and j.status in ('queued', 'running'))`;

/**
 * Every change the plan shows moves one of these: rows come and go (counts) or are written (updated_at,
 * completed_at, an assessment's created_at and submitted_at). Lessons and their assessments in one scan.
 */
const SECTIONS_VERSION = sql<string>`(
  select count(*) || '/' || coalesce(max(r.updated_at)::text, '')
  from roadmaps r where r.goal_id = ${goals.id})`;
const LESSONS = sql<string>`(
  select json_build_array(count(*), count(*) filter (where l.is_completed),
    max(l.completed_at) filter (where l.is_completed),
    concat_ws('/', max(l.updated_at), count(a.id), max(a.created_at), max(a.submitted_at)))
  from lessons l join roadmaps r on r.id = l.roadmap_id left join lesson_assessments a on a.lesson_id = l.id
  where r.goal_id = ${goals.id})`;

const headStatement = preparedOn((db) =>
  db
    .select({
      user: users,
      goal: goals,
      subscription: subscriptions,
      generating: LIVE_JOB,
      sectionsVersion: SECTIONS_VERSION,
      lessons: LESSONS,
    })
    .from(users)
    .leftJoin(goals, and(eq(goals.id, sql.placeholder('goalId')), eq(goals.userId, users.id)))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('plan_head'),
);

export async function planHead(db: Db, userId: string, goalId: string) {
  const [row] = await headStatement(db).execute({ userId, goalId });
  if (!row) return undefined;
  // a goal that is not the learner's leaves its subselects null
  const [count, completed, lastCompletedAt, lessonsVersion] = (
    typeof row.lessons === 'string' ? JSON.parse(row.lessons) : (row.lessons ?? [0, 0, null, ''])
  ) as [number, number, string | null, string];
  return {
    user: row.user,
    goal: row.goal,
    subscription: row.subscription,
    generating: Boolean(row.generating),
    lessons: {
      count: Number(count),
      completed: Number(completed),
      lastCompletedAt: lastCompletedAt ? new Date(lastCompletedAt) : null,
    },
    version: `${row.sectionsVersion}|${lessonsVersion}`,
  };
}

export type PlanHead = NonNullable<Awaited<ReturnType<typeof planHead>>>;

/** The free plan's gate as the plan shows it: only while a lesson is left to open, and not for Pro. */
export function planGate(head: Pick<PlanHead, 'lessons'>, pro: boolean, now: Date) {
  return head.lessons.completed < head.lessons.count && !pro
    ? gateAfterCompletion(head.lessons.lastCompletedAt, now)
    : null;
}

/**
 * The plan's entity tag: its rows' version, the learner and goal rows it shows, Pro or not, a generation
 * under way, the gate (whose hours left change with time) and the media URLs' signing window.
 */
export function planEtag(head: PlanHead, pro: boolean, now: Date): string {
  const hash = createHash('sha1')
    .update(
      JSON.stringify([
        head.version,
        head.user,
        head.goal,
        pro,
        head.generating,
        planGate(head, pro, now),
        mediaUrlExpiry(now),
      ]),
    )
    .digest('base64url');
  return `W/"${hash}"`;
}
