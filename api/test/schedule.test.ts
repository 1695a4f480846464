// A plan's schedule through the real app: set by hours a week or to a target date, each lesson's planned day,
// behind when days pass, planned again after an edit, today's lessons for home, and the calendar as a
// download and as a feed behind a secret URL, parsed back with ical.js. Owner-scoped and validated.
import { SCHEDULE_MESSAGES } from '@mindpath/contracts/schedule-constants';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, civilDay } from '../src/modules/schedule/planner.ts';
import { createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
// Monday 30 November 2026, 09:00 in Berlin
let now = new Date('2026-11-30T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' }, { clock: () => now });
});
afterAll(() => t.close());

// the feed is read with no token at all
const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers = {}, body?: object) =>
  t.api(method, url, headers, body);
const weekly = (hoursPerWeek: number, studyDays = [0, 2, 4]) => ({
  hoursPerWeek,
  targetDate: null,
  studyDays,
  sessionTime: '18:30',
  timeZone: 'Europe/Berlin',
});

/** 2 sections of 3 lessons, 30 minutes each, the first active goal of a new learner. */
async function scheduled(hours = 3) {
  now = new Date('2026-11-30T08:00:00Z');
  const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3);
  await api('PUT', `/goals/${l.goalId}`, l.headers, { isActive: true });
  // made long before the test clock's days, whenever the suite runs (a newer roadmap plans again)
  await t.database.db.execute(sql`update roadmaps set created_at = '2020-01-01' where goal_id = ${l.goalId}`);
  const saved = await api('PUT', `/schedule/goal/${l.goalId}`, l.headers, weekly(hours));
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...l, saved: saved.json() };
}

const berlinToday = () => civilDay(new Date(), 'Europe/Berlin');
const daysAgo = (n: number) => addDays(berlinToday(), -n);

/**
 * A learner whose schedule (one 30-minute lesson a day, every day) was set two days ago. Completions and
 * edits are stamped by the database's clock, so this runs on the real one, and the days passed are made by
 * moving the schedule's start and the roadmap's creation back.
 */
async function plannedTwoDaysAgo() {
  now = new Date();
  const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3);
  await api('PUT', `/goals/${l.goalId}`, l.headers, { isActive: true });
  const saved = await api('PUT', `/schedule/goal/${l.goalId}`, l.headers, weekly(3.5, [0, 1, 2, 3, 4, 5, 6]));
  expect(saved.statusCode, saved.body).toBe(200);
  await t.database.db.execute(
    sql`update plan_schedules set planned_from = ${daysAgo(2)} where goal_id = ${l.goalId}`,
  );
  await t.database.db.execute(
    sql`update roadmaps set created_at = created_at - interval '3 days' where goal_id = ${l.goalId}`,
  );
  return l;
}

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      summary: e.summary,
      description: e.description,
      floating: e.startDate.zone?.tzid === 'floating',
    };
  });
}

describe('schedule', () => {
  it('plans by hours a week: 3 hours on Monday, Wednesday and Friday is two 30-minute lessons a day', async () => {
    const { saved, lessonIds } = await scheduled();
    expect(saved.settings).toEqual(weekly(3));
    expect(saved.today).toBe('2026-11-30');
    expect(saved.lessons.map((l: { date: string }) => l.date)).toEqual([
      '2026-11-30',
      '2026-11-30',
      '2026-12-02',
      '2026-12-02',
      '2026-12-04',
      '2026-12-04',
    ]);
    expect(saved.lessons.map((l: { lessonId: string }) => l.lessonId)).toEqual(lessonIds);
    expect(saved).toMatchObject({ behind: 0, finishDate: '2026-12-04' });
  });

  it('days that pass leave their lessons behind; completing them catches up; home says what is for today', async () => {
    const { headers, goalId, lessonIds } = await plannedTwoDaysAgo();
    let s = (await api('GET', `/schedule/goal/${goalId}`, headers)).json();
    expect(s.lessons.slice(0, 3).map((l: { date: string }) => l.date)).toEqual([
      daysAgo(2),
      daysAgo(1),
      daysAgo(0),
    ]);
    expect(s.behind).toBe(2);
    const today = (await api('GET', '/schedule/today', headers)).json();
    expect(today).toMatchObject({ goalId, behind: 2 });
    expect(today.lessons.map((l: { lessonId: string }) => l.lessonId)).toEqual([lessonIds[2]]);

    await api('PUT', `/roadmaps/items/${lessonIds[0]}/completion`, headers, { isCompleted: true });
    await api('PUT', `/roadmaps/items/${lessonIds[1]}/completion`, headers, { isCompleted: true });
    s = (await api('GET', `/schedule/goal/${goalId}`, headers)).json();
    expect(s.behind).toBe(0);
    // the lessons done keep their day
    expect(s.lessons[0]).toMatchObject({ date: daysAgo(2), isCompleted: true });
  });

  it('an edit of the plan plans the rest again from that day', async () => {
    const { headers, goalId, lessonIds } = await plannedTwoDaysAgo();
    expect((await api('GET', `/schedule/goal/${goalId}`, headers)).json().behind).toBe(2);
    const edits = (await api('GET', `/roadmaps/goal/${goalId}/edits`, headers)).json();
    const renamed = await api('PUT', `/roadmaps/items/${lessonIds[0]}`, headers, {
      title: 'Hello, Cargo',
      version: edits.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const s = (await api('GET', `/schedule/goal/${goalId}`, headers)).json();
    expect(s.behind).toBe(0);
    expect(s.lessons[0]).toMatchObject({ title: 'Hello, Cargo', date: daysAgo(0) });
    expect(s.finishDate).toBe(daysAgo(-5));
  });

  it('plans to a target date: the minutes left shared over the study days up to it', async () => {
    const { headers, goalId } = await scheduled();
    const res = await api('PUT', `/schedule/goal/${goalId}`, headers, {
      ...weekly(1, [0, 1, 2, 3, 4]),
      hoursPerWeek: null,
      targetDate: '2026-12-07',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 6 weekdays to Monday the 7th for 6 lessons: one a day
    expect(res.json().lessons.map((l: { date: string }) => l.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
  });

  it('refuses what cannot be planned, in the learner’s words, and keeps the schedule saved before', async () => {
    const { headers, goalId } = await scheduled();
    const cases: [object, string][] = [
      [{ ...weekly(3), targetDate: '2026-12-24' }, SCHEDULE_MESSAGES.pickOne],
      [{ ...weekly(3), hoursPerWeek: null }, SCHEDULE_MESSAGES.pickOne],
      [{ ...weekly(3), hoursPerWeek: null, targetDate: '2026-11-29' }, SCHEDULE_MESSAGES.pastDate],
      [weekly(0.2), SCHEDULE_MESSAGES.hours],
      [weekly(81), SCHEDULE_MESSAGES.hours],
      [weekly(3, []), SCHEDULE_MESSAGES.noDays],
      [weekly(3, [0, 0]), SCHEDULE_MESSAGES.noDays],
      [{ ...weekly(3), sessionTime: '25:00' }, SCHEDULE_MESSAGES.time],
      [{ ...weekly(3), timeZone: 'Mars/Olympus' }, SCHEDULE_MESSAGES.timeZone],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', `/schedule/goal/${goalId}`, headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // the field's own message, as the plan's form shows it (the top message names the field)
      const answer = res.json();
      expect(answer.details?.[0]?.message ?? answer.message, JSON.stringify(body)).toBe(message);
    }
    expect((await api('GET', `/schedule/goal/${goalId}`, headers)).json().settings).toEqual(weekly(3));
  });

  it('is the owner’s only: another learner’s goal answers 404 to every call', async () => {
    const { goalId } = await scheduled();
    const other = await registerLearner(t.app);
    for (const [method, url, body] of [
      ['GET', `/schedule/goal/${goalId}`, undefined],
      ['PUT', `/schedule/goal/${goalId}`, weekly(3)],
      ['DELETE', `/schedule/goal/${goalId}`, undefined],
      ['GET', `/schedule/goal/${goalId}/calendar.ics`, undefined],
    ] as const) {
      expect((await api(method, url, other.headers, body)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('clears a schedule: the plan has none, home plans nothing', async () => {
    const { headers, goalId } = await scheduled();
    expect((await api('DELETE', `/schedule/goal/${goalId}`, headers)).statusCode).toBe(204);
    expect((await api('GET', `/schedule/goal/${goalId}`, headers)).json()).toMatchObject({
      settings: null,
      lessons: [],
    });
    expect((await api('GET', '/schedule/today', headers)).json()).toEqual({
      goalId: null,
      lessons: [],
      behind: 0,
    });
  });
});

describe('calendar', () => {
  it('downloads the study sessions as iCalendar: one per study day at the session time, floating across daylight saving', async () => {
    const { headers, goalId } = await scheduled();
    // planned from a Friday in March: Berlin's clocks go forward on Sunday the 29th
    now = new Date('2027-03-26T08:00:00Z');
    await api('PUT', `/schedule/goal/${goalId}`, headers, weekly(3.5, [0, 1, 2, 3, 4, 5, 6]));
    const res = await api('GET', `/schedule/goal/${goalId}/calendar.ics`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toContain('.ics');
    const all = events(res.body);
    // 3.5 hours over 7 days: one 30-minute lesson a day, at 18:30 each day
    expect(all.map((e) => e.start)).toEqual([
      '2027-03-26T18:30:00',
      '2027-03-27T18:30:00',
      '2027-03-28T18:30:00',
      '2027-03-29T18:30:00',
      '2027-03-30T18:30:00',
      '2027-03-31T18:30:00',
    ]);
    expect(all.every((e) => e.floating)).toBe(true);
    expect(all[0]).toMatchObject({ end: '2027-03-26T19:00:00', summary: 'Study: Beginner: Learn Rust' });
    expect(all[0]!.description).toContain('Lesson 1.1 (30 min)');
    expect(new Set(all.map((e) => e.uid)).size).toBe(6);
  });

  it('a goal without a schedule has no calendar', async () => {
    const { headers, goalId } = await scheduled();
    await api('DELETE', `/schedule/goal/${goalId}`, headers);
    const res = await api('GET', `/schedule/goal/${goalId}/calendar.ics`, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SCHEDULE_MESSAGES.notSet);
  });

  it('the feed: a secret URL anyone with it can subscribe to, a new one replaces it, and off means 404', async () => {
    const { headers } = await scheduled();
    expect((await api('GET', '/schedule/feed', headers)).json()).toEqual({ url: null });
    const first = (await api('POST', '/schedule/feed', headers)).json().url as string;
    expect(first).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const path = (url: string) => new URL(url).pathname.replace(/^\/api/, '');
    const feed = await api('GET', path(first));
    expect(feed.statusCode).toBe(200);
    expect(events(feed.body)).toHaveLength(3);

    const second = (await api('POST', '/schedule/feed', headers)).json().url as string;
    expect(second).not.toBe(first);
    expect((await api('GET', path(first))).statusCode).toBe(404);
    expect((await api('GET', path(second))).statusCode).toBe(200);

    expect((await api('DELETE', '/schedule/feed', headers)).json()).toEqual({ url: null });
    const off = await api('GET', path(second));
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe(SCHEDULE_MESSAGES.noFeed);
    expect((await api('GET', '/calendar/not-a-secret.ics')).statusCode).toBe(404);
  });
});
