// The focus timer's API through the real app: settings round trip and bounds, sessions recorded once per
// client id with their lesson and goal, statistics per day, week, goal and lesson in the client's time zone,
// and owner scoping.
import { randomUUID } from 'node:crypto';
import {
  POMODORO_DEFAULTS,
  POMODORO_STATS_DAYS,
  type PomodoroSession,
  type PomodoroStats,
} from '@mindpath/contracts/pomodoro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';

// Wednesday 2026-03-11, 23:30 UTC: already Thursday in Berlin (UTC+1), still Wednesday in New York (UTC-4)
let now = new Date('2026-03-11T23:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

async function record(headers: Headers, body: Record<string, unknown>) {
  return api('POST', '/pomodoro/sessions', headers, { clientId: randomUUID(), duration: 1500, ...body });
}
async function stats(headers: Headers, timeZone?: string): Promise<PomodoroStats> {
  const res = await api(
    'GET',
    `/pomodoro/stats${timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : ''}`,
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PomodoroStats>();
}
const day = (s: PomodoroStats, date: string) => s.days.find((d) => d.date === date);

describe('pomodoro settings', () => {
  it('answers the defaults, then what was saved', async () => {
    const { headers } = await registerLearner(t.app);
    expect((await api('GET', '/pomodoro/settings', headers)).json()).toEqual(POMODORO_DEFAULTS);
    const saved = {
      focusDuration: 50,
      shortBreakDuration: 10,
      longBreakDuration: 30,
      sessionsBeforeLongBreak: 2,
    };
    const put = await api('PUT', '/pomodoro/settings', headers, saved);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(saved);
    expect((await api('GET', '/pomodoro/settings', headers)).json()).toEqual(saved);
    const again = { ...saved, focusDuration: 60 };
    await api('PUT', '/pomodoro/settings', headers, again);
    expect((await api('GET', '/pomodoro/settings', headers)).json()).toEqual(again);
  });

  it.each([
    ['focusDuration', 0, '1 to 60'],
    ['focusDuration', 61, '1 to 60'],
    ['shortBreakDuration', 31, '1 to 30'],
    ['longBreakDuration', -5, '1 to 60'],
    ['sessionsBeforeLongBreak', 11, '1 to 10'],
    ['sessionsBeforeLongBreak', 2.5, '1 to 10'],
    ['focusDuration', '25', '1 to 60'],
  ])('refuses %s = %j with a 400 naming the field and its bounds', async (field, value, bounds) => {
    const { headers } = await registerLearner(t.app);
    const res = await api('PUT', '/pomodoro/settings', headers, { ...POMODORO_DEFAULTS, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(res.json().message).toContain(bounds);
    expect((await api('GET', '/pomodoro/settings', headers)).json()).toEqual(POMODORO_DEFAULTS);
  });
});

describe('pomodoro sessions', () => {
  it('records a session once per client id: a retry answers the first, unchanged', async () => {
    const { headers } = await registerLearner(t.app);
    const body = {
      clientId: randomUUID(),
      completedAt: '2026-03-11T10:00:00.000Z',
      duration: 1500,
      notes: 'Joins',
    };
    const first = await api('POST', '/pomodoro/sessions', headers, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...body, lessonId: null, goalId: null });
    const retry = await api('POST', '/pomodoro/sessions', headers, {
      ...body,
      duration: 60,
      notes: 'other tab',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // two tabs at once
    const twin = { ...body, clientId: randomUUID() };
    const both = await Promise.all([1, 2].map(() => api('POST', '/pomodoro/sessions', headers, twin)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect((await stats(headers)).totalSessions).toBe(2);
  });

  it('refuses a malformed session with a 400 naming the field', async () => {
    const { headers } = await registerLearner(t.app);
    for (const [field, bad] of [
      ['completedAt', 'yesterday'],
      ['duration', 0],
      ['duration', 3601],
      ['clientId', 'a b'],
    ] as const) {
      const res = await record(headers, { completedAt: now.toISOString(), [field]: bad });
      expect(res.statusCode, `${field}=${bad}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it("keeps the lesson and its goal; another learner's lesson is left out", async () => {
    const owner = await learnerWithPlan(t.app);
    const other = await registerLearner(t.app);
    const lessonId = owner.lessonIds[1]!;
    const mine = await record(owner.headers, { completedAt: now.toISOString(), lessonId });
    expect(mine.json<PomodoroSession>()).toMatchObject({ lessonId, goalId: owner.goalId });
    const theirs = await record(other.headers, { completedAt: now.toISOString(), lessonId });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<PomodoroSession>()).toMatchObject({ lessonId: null, goalId: null });
    const otherStats = await stats(other.headers);
    expect(otherStats.lessons).toEqual([]);
    expect(otherStats.goals).toEqual([]);
  });
});

describe('pomodoro stats', () => {
  it('gives minutes per lesson and per goal, most first', async () => {
    const l = await learnerWithPlan(t.app);
    const [a, b] = l.lessonIds as [string, string];
    await record(l.headers, { completedAt: now.toISOString(), lessonId: a, duration: 1500 });
    await record(l.headers, { completedAt: now.toISOString(), lessonId: b, duration: 1500 });
    await record(l.headers, { completedAt: now.toISOString(), lessonId: b, duration: 600 });
    await record(l.headers, { completedAt: now.toISOString(), duration: 300 });
    const s = await stats(l.headers);
    expect(
      s.lessons.map(({ lessonId, minutes, sessions, goalId }) => ({ lessonId, minutes, sessions, goalId })),
    ).toEqual([
      { lessonId: b, minutes: 35, sessions: 2, goalId: l.goalId },
      { lessonId: a, minutes: 25, sessions: 1, goalId: l.goalId },
    ]);
    expect(s.lessons[0]!.title.length).toBeGreaterThan(0);
    expect(s.goals).toEqual([
      { goalId: l.goalId, description: expect.stringContaining('Learn Python'), minutes: 60, sessions: 3 },
    ]);
    expect(s.totalMinutes).toBe(65);
    expect(s.totalSessions).toBe(4);
  });

  it('counts days, the week and the streak in the time zone the client gives', async () => {
    const { headers } = await registerLearner(t.app);
    const at = async (iso: string, minutes: number) =>
      expect((await record(headers, { completedAt: iso, duration: minutes * 60 })).statusCode).toBe(201);
    await at('2026-03-11T23:10:00Z', 25); // Thu 00:10 in Berlin, Wed 19:10 in New York
    await at('2026-03-11T12:00:00Z', 20); // Wed in both
    await at('2026-03-10T12:00:00Z', 10); // Tue
    await at('2026-03-09T12:00:00Z', 5); // Mon
    await at('2026-03-08T12:00:00Z', 1); // Sun: the week before
    await at('2026-03-06T12:00:00Z', 2); // Fri: a gap on Sat ends the streak

    const berlin = await stats(headers, 'Europe/Berlin');
    expect(berlin.today).toBe('2026-03-12');
    expect(berlin.todayMinutes).toBe(25);
    expect(berlin.weekMinutes).toBe(25 + 20 + 10 + 5);
    expect(berlin.currentStreak).toBe(5); // Sun → Thu
    expect(day(berlin, '2026-03-11')).toEqual({ date: '2026-03-11', minutes: 20, sessions: 1 });
    expect(berlin.days).toHaveLength(POMODORO_STATS_DAYS);
    expect(berlin.days.at(-1)?.date).toBe('2026-03-12');
    expect(berlin.days[0]?.date).toBe('2025-12-19');
    expect(day(berlin, '2026-03-07')).toEqual({ date: '2026-03-07', minutes: 0, sessions: 0 });

    const newYork = await stats(headers, 'America/New_York');
    expect(newYork.today).toBe('2026-03-11');
    expect(newYork.todayMinutes).toBe(45);
    expect(newYork.weekMinutes).toBe(45 + 10 + 5);
    expect(newYork.currentStreak).toBe(4);
    expect(newYork.totalMinutes).toBe(63);

    // the next evening in New York with no focus yet: the streak still stands until the day is over
    now = new Date('2026-03-12T22:00:00Z');
    const nextDay = await stats(headers, 'America/New_York');
    expect(nextDay.todayMinutes).toBe(0);
    expect(nextDay.currentStreak).toBe(4);
    now = new Date('2026-03-14T12:00:00Z');
    expect((await stats(headers, 'America/New_York')).currentStreak).toBe(0);
    now = new Date('2026-03-11T23:30:00Z');
  });

  it('refuses an unknown time zone with a 400', async () => {
    const { headers } = await registerLearner(t.app);
    const res = await api('GET', '/pomodoro/stats?timeZone=Mars%2FOlympus', headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('timeZone');
  });

  it("scopes everything to the owner: another learner's sessions and settings never show", async () => {
    const a = await registerLearner(t.app);
    const b = await registerLearner(t.app);
    const clientId = randomUUID();
    await record(a.headers, { clientId, completedAt: now.toISOString(), notes: 'secret of a' });
    await api('PUT', '/pomodoro/settings', a.headers, { ...POMODORO_DEFAULTS, focusDuration: 42 });
    // the same client id is B's own: recorded for B, A's untouched
    const bSame = await record(b.headers, { clientId, completedAt: now.toISOString() });
    expect(bSame.statusCode).toBe(201);
    expect(bSame.json().notes).toBe('');
    expect((await stats(a.headers)).totalSessions).toBe(1);
    expect((await stats(b.headers)).totalSessions).toBe(1);
    expect((await api('GET', '/pomodoro/settings', b.headers)).json()).toEqual(POMODORO_DEFAULTS);
    for (const url of ['/pomodoro/settings', '/pomodoro/stats'])
      expect((await api('GET', url, {})).statusCode).toBe(401);
  });
});
