// The home dashboard's and the activity view's answers, kept by the database per learner (home_bodies): the
// triggers of migration 0012 count every change to what they read in `version`, and the first read after a
// change builds the answer again (five queries over the learner's whole history) and keeps it. Every other
// read is one query and answers the kept text, or 304 when the client holds that version (the entity tag).
import { createHash } from 'node:crypto';
import type { Dashboard } from '@mindpath/contracts/dashboard';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { keepHomePart } from '../../db/home-bodies.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, homeBodies, users } from '../../db/schema.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { dayIn } from '../../lib/calendar-days.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import type { TaggedJson } from '../../lib/tagged-json.ts';
import type { GoalStats } from '../goals/index.ts';
import { toGoal } from '../goals/service.ts';
import { type MediaSigner, mediaUrlExpiry } from '../media/signed-url.ts';
import { buildDashboard, getActivity } from './service.ts';

const tag = (parts: unknown[]) =>
  `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}"`;

/** The dashboard without its active goal, whose image URL is signed per read; its stats with it. */
interface DashboardRest extends Omit<Dashboard, 'activeGoal'> {
  activeGoalId: string | null;
  activeGoalStats:
    | (Omit<GoalStats, 'lastCompletedSectionAt'> & { lastCompletedSectionAt: string | null })
    | null;
}

/** Rebuilds of one learner's part at one version, shared by the reads that find it out of date together. */
const rebuilds = singleFlight<string>();

const userId = sql.placeholder('userId');
const dashboardHead = preparedOn((db) =>
  db
    .select({
      version: homeBodies.version,
      built: homeBodies.dashboardVersion,
      rest: homeBodies.dashboard,
      goal: goals,
    })
    .from(users)
    .leftJoin(homeBodies, eq(homeBodies.userId, users.id))
    .leftJoin(goals, and(eq(goals.userId, users.id), eq(goals.isActive, true)))
    .where(eq(users.id, userId))
    .orderBy(desc(goals.updatedAt))
    .limit(1)
    .prepare('home_dashboard_head'),
);

const activityHead = preparedOn((db) =>
  db
    .select({
      version: homeBodies.version,
      built: homeBodies.activityVersion,
      key: homeBodies.activityKey,
      json: homeBodies.activity,
    })
    .from(users)
    .leftJoin(homeBodies, eq(homeBodies.userId, users.id))
    .where(eq(users.id, userId))
    .prepare('home_activity_head'),
);

/** The dashboard of a learner (401 when the account is gone) as JSON text, or null for a 304. */
export async function readDashboard(
  db: Db,
  log: FastifyBaseLogger,
  user: string,
  sign: MediaSigner,
  now: Date,
  ifNoneMatch?: string,
): Promise<TaggedJson> {
  const [head] = await dashboardHead(db).execute({ userId: user });
  if (!head) throw unauthorized();
  const version = head.version ?? 0;
  // the goal's row is part of the version (a trigger on goals); its image URL's signature changes by window
  const etag = tag(['dashboard', version, head.goal?.id ?? null, mediaUrlExpiry(now)]);
  if (ifNoneMatch === etag) return { etag, json: null };
  let rest: DashboardRest | undefined =
    head.built === version && head.rest ? (JSON.parse(head.rest) as DashboardRest) : undefined;
  if (!rest || rest.activeGoalId !== (head.goal?.id ?? null)) {
    const goal = head.goal;
    rest = JSON.parse(
      await rebuilds(`dashboard ${user} ${version} ${goal?.id ?? ''}`, async () => {
        const built = await buildDashboard(db, user);
        const stats = goal ? built.perGoal.get(goal.id) : undefined;
        const text = JSON.stringify({
          currentLesson: built.currentLesson,
          stats: built.stats,
          roadmapGeneration: built.roadmapGeneration,
          activeGoalId: built.activeGoalId,
          activeGoalStats: stats
            ? { ...stats, lastCompletedSectionAt: stats.lastCompletedSectionAt?.toISOString() ?? null }
            : null,
        } satisfies DashboardRest);
        await keepHomePart(db, log, user, version, { dashboardVersion: version, dashboard: text });
        return text;
      }),
    ) as DashboardRest;
  }
  const { activeGoalId: _, activeGoalStats, ...shown } = rest;
  const goalStats = activeGoalStats && {
    ...activeGoalStats,
    lastCompletedSectionAt: activeGoalStats.lastCompletedSectionAt
      ? new Date(activeGoalStats.lastCompletedSectionAt)
      : null,
  };
  const dashboard: Dashboard = {
    activeGoal: head.goal ? toGoal(head.goal, sign, goalStats ?? undefined) : null,
    ...shown,
  };
  return { etag, json: JSON.stringify(dashboard) };
}

/** The learner's activity in `timeZone` as JSON text (401 when the account is gone), or null for a 304. */
export async function readActivity(
  db: Db,
  log: FastifyBaseLogger,
  user: string,
  timeZone: string,
  now: Date,
  ifNoneMatch?: string,
): Promise<TaggedJson> {
  const [head] = await activityHead(db).execute({ userId: user });
  if (!head) throw unauthorized();
  const version = head.version ?? 0;
  // the same history reads differently in another time zone, and its days move at midnight there
  const key = `${timeZone} ${dayIn(now, timeZone)}`;
  const etag = tag(['activity', version, key]);
  if (ifNoneMatch === etag) return { etag, json: null };
  if (head.built === version && head.key === key && head.json) return { etag, json: head.json };
  const json = await rebuilds(`activity ${user} ${version} ${key}`, async () => {
    const built = JSON.stringify(await getActivity(db, user, timeZone, now));
    await keepHomePart(db, log, user, version, {
      activityVersion: version,
      activityKey: key,
      activity: built,
    });
    return built;
  });
  return { etag, json };
}
