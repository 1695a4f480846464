// The dashboard and the activity the database keeps per learner (migration 0012, home-body.ts): every write
// to what they read moves the learner's version, whichever code makes it, and only theirs; a kept read is one
// query, revalidates to 304, and shows a change at once; a part built from a stale version is not kept.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepHomePart } from '../src/db/home-bodies.ts';
import {
  generationJobs,
  goals,
  homeBodies,
  lessonAssessments,
  lessons,
  planBodies,
  pomodoroSessions,
  roadmaps,
  users,
} from '../src/db/schema.ts';
import { insertGoal } from '../src/modules/goals/repository.ts';
import { createTestApp, type Headers, queryCounter, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let now = new Date('2026-05-13T20:00:00Z');
let t: TestApp;
const queries = queryCounter();
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' }, { clock: () => now, logger: queries.logger });
});
afterAll(() => t.close());

const versionOf = async (userId: string) => {
  const [row] = await t.database.db
    .select({ version: homeBodies.version })
    .from(homeBodies)
    .where(eq(homeBodies.userId, userId));
  return row?.version ?? 0;
};

const read = (path: string, headers: Headers, etag?: string) =>
  t.api('GET', path, etag ? { ...headers, 'if-none-match': etag } : headers);

describe('home versions, counted by the database', () => {
  it("move with every write the dashboard or the activity reads, and only the writer's", async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 2, 2);
    const other = await learnerWithRoadmap(t.app, t.database.db, 1, 2);
    const { db } = t.database;
    const writes: [string, () => Promise<unknown>][] = [
      [
        'a goal renamed',
        () => db.update(goals).set({ description: 'Renamed' }).where(eq(goals.id, l.goalId)),
      ],
      [
        'a section renamed',
        () => db.update(roadmaps).set({ name: 'Renamed' }).where(eq(roadmaps.goalId, l.goalId)),
      ],
      [
        'a lesson completed',
        () =>
          db
            .update(lessons)
            .set({ isCompleted: true, completedAt: now })
            .where(eq(lessons.id, l.lessonIds[0]!)),
      ],
      [
        'an assessment passed',
        () =>
          db.insert(lessonAssessments).values({
            userId: l.userId,
            lessonId: l.lessonIds[1]!,
            questions: [],
            source: 'offline',
            submission: { score: 80, passed: true },
            submittedAt: now,
          }),
      ],
      [
        'a focus session',
        () =>
          db
            .insert(pomodoroSessions)
            .values({ userId: l.userId, clientId: 'focus-1', completedAt: now, duration: 1500 }),
      ],
      [
        'a focus session deleted',
        () => db.delete(pomodoroSessions).where(eq(pomodoroSessions.userId, l.userId)),
      ],
      [
        'a roadmap job queued',
        () => db.insert(generationJobs).values({ kind: 'roadmap', target: l.goalId, userId: l.userId }),
      ],
      [
        'a roadmap job running',
        () => db.update(generationJobs).set({ status: 'running' }).where(eq(generationJobs.target, l.goalId)),
      ],
      ['a lesson deleted', () => db.delete(lessons).where(eq(lessons.id, l.lessonIds[3]!))],
    ];
    for (const [what, write] of writes) {
      const before = await versionOf(l.userId);
      const otherBefore = await versionOf(other.userId);
      await write();
      expect(await versionOf(l.userId), what).toBeGreaterThan(before);
      expect(await versionOf(other.userId), what).toBe(otherBefore);
    }
    // a job of another kind is not on home
    const before = await versionOf(l.userId);
    await db
      .insert(generationJobs)
      .values({ kind: 'lesson-content', target: l.lessonIds[0]!, userId: l.userId });
    expect(await versionOf(l.userId)).toBe(before);
  });

  it('a hundred lessons written in one statement move it once', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 1, 1);
    const [section] = await t.database.db.select().from(roadmaps).where(eq(roadmaps.goalId, l.goalId));
    const before = await versionOf(l.userId);
    await t.database.db.insert(lessons).values(
      Array.from({ length: 100 }, (_, i) => ({
        userId: l.userId,
        roadmapId: section!.id,
        title: `Extra ${i}`,
        position: 10 + i,
      })),
    );
    expect(await versionOf(l.userId)).toBe(before + 1);
  });

  it("a transaction's writes move the learner's and the goal's versions once (a rolled back savepoint's are not lost)", async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 1, 2);
    const planVersion = async () => {
      const [row] = await t.database.db
        .select({ version: planBodies.version })
        .from(planBodies)
        .where(eq(planBodies.goalId, l.goalId));
      return row?.version ?? 0;
    };
    const [home, plan] = [await versionOf(l.userId), await planVersion()];
    await t.database.db.transaction(async (tx) => {
      await tx.update(goals).set({ description: 'Renamed' }).where(eq(goals.id, l.goalId));
      await tx.update(roadmaps).set({ name: 'Renamed' }).where(eq(roadmaps.goalId, l.goalId));
      for (const id of l.lessonIds) {
        await tx.update(lessons).set({ isCompleted: true, completedAt: now }).where(eq(lessons.id, id));
      }
    });
    expect(await versionOf(l.userId)).toBe(home + 1);
    expect(await planVersion()).toBe(plan + 1);

    await t.database.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.update(lessons).set({ title: 'Undone' }).where(eq(lessons.id, l.lessonIds[0]!));
          throw new Error('rolled back');
        })
        .catch(() => {});
      await tx.update(lessons).set({ title: 'Kept' }).where(eq(lessons.id, l.lessonIds[1]!));
    });
    expect(await versionOf(l.userId)).toBe(home + 2);
    expect(await planVersion()).toBe(plan + 2);
  });
});

/** Completed through the API, on the test clock's day (the API stamps the database's time). */
async function completeAt(headers: Headers, lessonId: string, at: Date) {
  const done = await t.api('PUT', `/roadmaps/items/${lessonId}/completion`, headers, { isCompleted: true });
  expect(done.statusCode, done.body).toBe(200);
  await t.database.db.update(lessons).set({ completedAt: at }).where(eq(lessons.id, lessonId));
}

describe('kept dashboard and activity', () => {
  it('a kept read is one query and revalidates to 304; a change answers the new state with a new tag', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3);
    for (const path of ['/dashboard', '/activity?timeZone=UTC']) {
      const first = await read(path, l.headers);
      expect(first.statusCode, first.body).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await queries.count(() => read(path, l.headers));
      expect(again.result.body).toBe(first.body);
      expect(again.n, path).toBe(1);
      const revalidated = await read(path, l.headers, etag);
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    const dashboardTag = (await read('/dashboard', l.headers)).headers.etag as string;
    const activityTag = (await read('/activity?timeZone=UTC', l.headers)).headers.etag as string;
    await completeAt(l.headers, l.lessonIds[0]!, now);
    const dashboard = await read('/dashboard', l.headers, dashboardTag);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().stats).toMatchObject({ completedLessons: 1, totalLessons: 6 });
    expect(dashboard.json().currentLesson.id).toBe(l.lessonIds[1]);
    const activity = await read('/activity?timeZone=UTC', l.headers, activityTag);
    expect(activity.statusCode).toBe(200);
    expect(activity.json().days.at(-1)).toMatchObject({ date: '2026-05-13', lessonsCompleted: 1 });
  });

  it('keeps the activity per time zone and day: another zone or the next midnight is read afresh', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 1, 2);
    await completeAt(l.headers, l.lessonIds[0]!, now);
    const utc = await read('/activity?timeZone=UTC', l.headers);
    const tokyo = await read('/activity?timeZone=Asia%2FTokyo', l.headers, utc.headers.etag as string);
    expect(tokyo.statusCode).toBe(200);
    expect(tokyo.json().today).toBe('2026-05-14');
    expect((await read('/activity?timeZone=UTC', l.headers)).json().today).toBe('2026-05-13');
    const saved = now;
    now = new Date('2026-05-14T00:30:00Z');
    try {
      const nextDay = await read('/activity?timeZone=UTC', l.headers, utc.headers.etag as string);
      expect(nextDay.statusCode).toBe(200);
      expect(nextDay.json().today).toBe('2026-05-14');
      expect(nextDay.json().currentStreak).toBe(1);
    } finally {
      now = saved;
    }
  });

  it('switching the active goal shows the new one at once', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 1, 2, 'Beginner: Learn Rust');
    const first = (await read('/dashboard', l.headers)).json();
    expect(first.activeGoal.id).toBe(l.goalId);
    const other = await insertGoal(t.database.db, {
      userId: l.userId,
      description: 'Beginner: Learn Go',
      metadata: '{"level":"Beginner"}',
      level: 'Beginner',
      isActive: false,
    });
    const activated = await t.api('PUT', `/goals/${other.id}/set-active`, l.headers);
    expect(activated.statusCode, activated.body).toBe(200);
    const now2 = (await read('/dashboard', l.headers)).json();
    expect(now2.activeGoal.id).toBe(other.id);
    expect(now2.currentLesson).toBeNull();
    expect(now2.stats.totalLessons).toBe(2);
  });

  it('ten reads that find their part out of date together build it once', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3);
    for (const path of ['/dashboard', '/activity?timeZone=UTC']) {
      const one = await queries.count(() => read(path, l.headers));
      await completeAt(l.headers, l.lessonIds[0]!, now);
      const ten = await queries.count(() =>
        Promise.all(Array.from({ length: 10 }, () => read(path, l.headers))),
      );
      expect(ten.result.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(ten.result.map((r) => r.body)).size).toBe(1);
      // ten heads and one build with its keep, where the first read was one head and one build
      expect(ten.n, path).toBe(one.n + 9);
      await t.api('PUT', `/roadmaps/items/${l.lessonIds[0]}/completion`, l.headers, { isCompleted: false });
    }
  });

  it('a part built from a stale version is not kept', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 1, 2);
    await read('/dashboard', l.headers);
    const version = await versionOf(l.userId);
    await t.database.db.update(goals).set({ description: 'Changed' }).where(eq(goals.id, l.goalId));
    await keepHomePart(t.database.db, t.app.log, l.userId, version, {
      dashboardVersion: version,
      dashboard: '{}',
    });
    const [row] = await t.database.db.select().from(homeBodies).where(eq(homeBodies.userId, l.userId));
    expect(row!.dashboard).not.toBe('{}');
    expect((await read('/dashboard', l.headers)).json().activeGoal.description).toBe('Changed');
  });

  it("a deleted learner's token gets 401, with or without a tag, and their kept parts go with them", async () => {
    const { headers } = await registerLearner(t.app);
    const id = (await t.api('GET', '/user', headers)).json().id as string;
    const tags = [];
    for (const path of ['/dashboard', '/activity'])
      tags.push((await read(path, headers)).headers.etag as string);
    await t.database.db.delete(users).where(eq(users.id, id));
    for (const [i, path] of ['/dashboard', '/activity'].entries()) {
      expect((await read(path, headers)).statusCode).toBe(401);
      expect((await read(path, headers, tags[i])).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(homeBodies).where(eq(homeBodies.userId, id))).toEqual([]);
  });

  it('answers a bad tag as a read', async () => {
    const { headers } = await registerLearner(t.app);
    for (const tag of ['*', 'W/"x"', '"', randomUUID()]) {
      expect((await read('/dashboard', headers, tag)).statusCode).toBe(200);
    }
  });
});
