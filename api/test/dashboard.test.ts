// GET /dashboard and GET /activity: a new learner, mid-goal and a finished goal; owner scoping; days and
// streaks in the learner's time zone; a fixed number of queries whatever the plan's size.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments, lessons, pomodoroSessions } from '../src/db/schema.ts';
import { createTestApp, type Headers, queryCounter, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

// the server's clock: a Wednesday evening in UTC, already Thursday in Tokyo
const NOW = new Date('2026-05-13T20:00:00Z');
let t: TestApp;
const queries = queryCounter();

beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' }, { clock: () => NOW, logger: queries.logger });
});
afterAll(() => t.close());

const learnerWithGoal = (sections: number, lessonsEach: number, goal?: string) =>
  learnerWithRoadmap(t.app, t.database.db, sections, lessonsEach, goal);

async function complete(headers: Headers, lessonId: string) {
  const res = await t.api('PUT', `/roadmaps/items/${lessonId}/completion`, headers, { isCompleted: true });
  expect(res.statusCode, res.body).toBe(200);
}

const day = (body: { days: { date: string }[] }, date: string) => body.days.find((d) => d.date === date);

const dashboardOf = async (headers: Headers) => {
  const res = await t.api('GET', '/dashboard', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const activityOf = async (headers: Headers, timeZone?: string) => {
  const query = timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : '';
  const res = await t.api('GET', `/activity${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /dashboard', () => {
  it('is empty for a brand-new learner', async () => {
    const { headers } = await registerLearner(t.app);
    expect(await dashboardOf(headers)).toEqual({
      activeGoal: null,
      currentLesson: null,
      stats: {
        completedLessons: 0,
        totalLessons: 0,
        completedRoadmaps: 0,
        totalRoadmaps: 0,
        completionPercentage: 0,
      },
      roadmapGeneration: null,
    });
  });

  it('shows a goal whose roadmap is being built', async () => {
    const { headers } = await registerLearner(t.app);
    const userId = (await t.api('GET', '/user', headers)).json().id;
    const goal = (await t.api('POST', '/goals', headers, { description: 'Beginner: Learn Go' })).json();
    const started = await t.api('POST', `/roadmaps/${userId}/${goal.id}`, headers, {});
    expect(started.statusCode, started.body).toBe(202);
    const body = await dashboardOf(headers);
    expect(body.activeGoal.id).toBe(goal.id);
    expect(body.roadmapGeneration).toEqual({ status: 'queued' });
    expect(body.currentLesson).toBeNull();
  });

  it('mid-goal: the first open lesson in plan order and the counts over every goal', async () => {
    const l = await learnerWithGoal(2, 3);
    await complete(l.headers, l.lessonIds[0]!);
    await complete(l.headers, l.lessonIds[1]!);
    const body = await dashboardOf(l.headers);
    expect(body.activeGoal).toMatchObject({
      id: l.goalId,
      goalProgress: { completedLessons: 2, totalLessons: 6, completionPercentage: 33 },
    });
    expect(body.currentLesson).toMatchObject({
      id: l.lessonIds[2],
      title: 'Lesson 1.3',
      roadmapName: 'Section 1',
      goalId: l.goalId,
      estimatedTimeInMinutes: 30,
    });
    expect(body.stats).toEqual({
      completedLessons: 2,
      totalLessons: 6,
      completedRoadmaps: 0,
      totalRoadmaps: 2,
      completionPercentage: 33,
    });
  });

  it('a finished goal: no current lesson, every section and lesson counted done', async () => {
    const l = await learnerWithGoal(2, 2);
    for (const id of l.lessonIds) await complete(l.headers, id);
    const body = await dashboardOf(l.headers);
    expect(body.currentLesson).toBeNull();
    expect(body.activeGoal).toMatchObject({ isCompleted: true, progress: 100 });
    expect(body.stats).toEqual({
      completedLessons: 4,
      totalLessons: 4,
      completedRoadmaps: 2,
      totalRoadmaps: 2,
      completionPercentage: 100,
    });
  });

  it("shows only the learner's own goals and lessons", async () => {
    const a = await learnerWithGoal(1, 2, 'Beginner: Learn Elixir');
    await complete(a.headers, a.lessonIds[0]!);
    const b = await learnerWithGoal(1, 4, 'Beginner: Learn Haskell');
    const body = await dashboardOf(b.headers);
    expect(body.activeGoal.id).toBe(b.goalId);
    expect(body.currentLesson.id).toBe(b.lessonIds[0]);
    expect(body.stats).toMatchObject({ completedLessons: 0, totalLessons: 4 });
    expect(JSON.stringify(body)).not.toContain('Elixir');
  });

  it('takes the same few queries for a 2 × 3 and a 10 × 10 roadmap', async () => {
    const count = async (headers: Headers) => (await queries.count(() => dashboardOf(headers))).n;
    const small = await learnerWithGoal(2, 3);
    const big = await learnerWithGoal(10, 10);
    const n = await count(small.headers);
    expect(await count(big.headers)).toBe(n);
    expect(n).toBeLessThanOrEqual(6);
  });

  it('needs a token', async () => {
    expect((await t.api('GET', '/dashboard', {})).statusCode).toBe(401);
    expect((await t.api('GET', '/activity', {})).statusCode).toBe(401);
  });
});

describe('GET /activity', () => {
  it('is 182 empty days ending today, with no streak, for a new learner', async () => {
    const { headers } = await registerLearner(t.app);
    const body = await activityOf(headers);
    expect(body.timeZone).toBe('UTC');
    expect(body.today).toBe('2026-05-13');
    expect(body.days).toHaveLength(182);
    expect(body.days.at(-1).date).toBe('2026-05-13');
    expect(body.days[0].date).toBe('2025-11-13');
    expect(body.days.every((d: { lessonsCompleted: number }) => d.lessonsCompleted === 0)).toBe(true);
    expect(body).toMatchObject({ currentStreak: 0, longestStreak: 0 });
  });

  it('counts lessons, passed assessments and focus minutes on the days of the time zone sent, and the streaks', async () => {
    const l = await learnerWithGoal(1, 6);
    const at = (iso: string) => new Date(iso);
    // 22:30 UTC on the 11th is the 12th in Tokyo; the 12th and 13th in UTC
    const completions = [
      '2026-05-11T22:30:00Z',
      '2026-05-12T10:00:00Z',
      '2026-05-13T09:00:00Z',
      '2026-05-13T09:30:00Z',
      // an older run of three days
      '2026-03-01T12:00:00Z',
      '2026-03-02T12:00:00Z',
      '2026-03-03T12:00:00Z',
    ];
    for (const id of l.lessonIds) await complete(l.headers, id);
    for (const [i, iso] of completions.slice(0, 6).entries()) {
      await t.database.db
        .update(lessons)
        .set({ completedAt: at(iso) })
        .where(eq(lessons.id, l.lessonIds[i]!));
    }
    // the seventh day is a passed assessment alone; a failed one counts nothing
    await t.database.db.insert(lessonAssessments).values([
      {
        userId: l.userId,
        lessonId: l.lessonIds[0]!,
        questions: [],
        source: 'offline',
        submission: { score: 80, passed: true },
        submittedAt: at(completions[6]!),
      },
      {
        userId: l.userId,
        lessonId: l.lessonIds[1]!,
        questions: [],
        source: 'offline',
        submission: { score: 20, passed: false },
        submittedAt: at('2026-04-01T12:00:00Z'),
      },
    ]);

    // focus sessions: 25 + 20 minutes late on the 12th in UTC (the 13th in Tokyo)
    await t.database.db.insert(pomodoroSessions).values([
      { userId: l.userId, clientId: 'focus-0001', completedAt: at('2026-05-12T23:00:00Z'), duration: 1500 },
      { userId: l.userId, clientId: 'focus-0002', completedAt: at('2026-05-12T23:40:00Z'), duration: 1200 },
    ]);

    const utc = await activityOf(l.headers, 'UTC');
    expect(day(utc, '2026-05-12')).toMatchObject({ lessonsCompleted: 1, focusMinutes: 45 });
    expect(day(utc, '2026-05-11')).toMatchObject({ lessonsCompleted: 1 });
    expect(day(utc, '2026-05-13')).toMatchObject({ lessonsCompleted: 2, assessmentsPassed: 0 });
    expect(day(utc, '2026-03-03')).toMatchObject({ lessonsCompleted: 0, assessmentsPassed: 1 });
    expect(day(utc, '2026-04-01')).toMatchObject({ lessonsCompleted: 0, assessmentsPassed: 0 });
    expect(utc).toMatchObject({ currentStreak: 3, longestStreak: 3 });

    const tokyo = await activityOf(l.headers, 'Asia/Tokyo');
    expect(tokyo.today).toBe('2026-05-14');
    expect(day(tokyo, '2026-05-12')).toMatchObject({ lessonsCompleted: 2 });
    expect(day(tokyo, '2026-05-13')).toMatchObject({ lessonsCompleted: 2, focusMinutes: 45 });
    // nothing yet on Tokyo's 14th: the streak of the 12th and 13th is still alive
    expect(tokyo).toMatchObject({ currentStreak: 2, longestStreak: 3 });

    // another learner sees none of it
    const other = await registerLearner(t.app);
    expect(await activityOf(other.headers, 'Asia/Tokyo')).toMatchObject({
      currentStreak: 0,
      longestStreak: 0,
    });
  });

  it('counts the cards graded on /review, not a grade undone, and makes them a streak day', async () => {
    const { headers } = await registerLearner(t.app);
    // two notes in review: a card from each in today's queue (one card of a note a day)
    for (const title of ['Joins', 'Views']) {
      const created = await t.api('POST', '/notes', headers, { title, content: `${title} combine rows.` });
      expect(created.statusCode, created.body).toBe(201);
      const added = await t.api('POST', `/reviews/notes/${created.json().id}`, headers);
      expect(added.statusCode, added.body).toBe(200);
    }
    const queue = (await t.api('GET', '/reviews/queue', headers)).json();
    expect(queue.cards).toHaveLength(2);
    for (const card of queue.cards) {
      const graded = await t.api('POST', `/reviews/${card.id}/grade`, headers, {
        rating: 'good',
        reviewId: randomUUID(),
      });
      expect(graded.statusCode, graded.body).toBe(200);
    }
    // the second grade taken back: one review done
    expect((await t.api('POST', `/reviews/${queue.cards[1].id}/undo`, headers)).statusCode).toBe(200);
    const activity = await activityOf(headers, 'UTC');
    expect(day(activity, '2026-05-13')).toMatchObject({ reviewsDone: 1, lessonsCompleted: 0 });
    expect(activity).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  it('refuses a time zone that is not an IANA name', async () => {
    const { headers } = await registerLearner(t.app);
    for (const bad of ['Mars/Olympus', '+05:30', "UTC'; drop table users; --", '']) {
      const res = await t.api('GET', `/activity?timeZone=${encodeURIComponent(bad)}`, headers);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
