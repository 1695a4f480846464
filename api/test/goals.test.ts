// Goals, knowledge assessments and the goal limits of the plans, through the real app on the offline provider.
import { parseOldStyleQuestion } from '@mindpath/contracts/ai';
import {
  GOAL_DESCRIPTION_MAX_LENGTH,
  GOAL_DESCRIPTION_TOO_LONG,
  LIMIT_MESSAGES,
} from '@mindpath/contracts/goals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalProgress, readMetadata, toGoal } from '../src/modules/goals/service.ts';
import { mediaSigner, mediaSigningKey } from '../src/modules/media/signed-url.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { expectSignedMediaUrl } from './helpers/media.ts';

let t: TestApp;
let now = new Date('2026-03-01T10:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

const createGoal = (headers: Headers, description = 'Beginner: Learn Rust', level = 'Beginner') =>
  api('POST', '/goals', headers, { description, metadata: JSON.stringify({ level }) });

describe('goals', () => {
  it('creates the active goal with its level, lists, reads, edits and deletes it', async () => {
    const learner = await registerLearner(t.app);
    const created = await createGoal(learner.headers, 'Practitioner: Cook Thai food', 'Practitioner');
    expect(created.statusCode).toBe(201);
    const goal = created.json();
    expect(goal).toMatchObject({
      description: 'Practitioner: Cook Thai food',
      level: 'Practitioner',
      isActive: true,
      isCompleted: false,
      completedAt: null,
      progress: 0,
      goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: 0 },
      imageUrl: null,
    });
    expect(JSON.parse(goal.metadata)).toEqual({ level: 'Practitioner' });

    expect((await api('GET', '/goals', learner.headers)).json()).toMatchObject([{ id: goal.id }]);
    expect((await api('GET', `/goals/${goal.id}`, learner.headers)).json()).toMatchObject({ id: goal.id });
    expect((await api('GET', '/goals/active', learner.headers)).json()).toMatchObject({ id: goal.id });

    const edited = await api('PUT', `/goals/${goal.id}`, learner.headers, {
      description: 'Advanced: Cook Thai food',
      isActive: false,
      metadata: '{"level":"Advanced"}',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      description: 'Advanced: Cook Thai food',
      level: 'Advanced',
      isActive: false,
    });
    const none = await api('GET', '/goals/active', learner.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('No active goal found');

    const active = await api('PUT', `/goals/${goal.id}/set-active`, learner.headers);
    expect(active.json()).toMatchObject({ id: goal.id, isActive: true });

    expect((await api('DELETE', `/goals/${goal.id}`, learner.headers)).statusCode).toBe(204);
    expect((await api('GET', `/goals/${goal.id}`, learner.headers)).statusCode).toBe(404);
    expect((await api('GET', '/goals', learner.headers)).json()).toEqual([]);
  });

  it('keeps at most one goal active', async () => {
    const learner = await registerLearner(t.app);
    await setTierByEmail(t.database.db, learner.email, 'pro');
    const a = (await createGoal(learner.headers, 'Beginner: A')).json();
    const b = (await createGoal(learner.headers, 'Beginner: B')).json();
    let goals = (await api('GET', '/goals', learner.headers)).json();
    expect(goals.filter((g: { isActive: boolean }) => g.isActive).map((g: { id: string }) => g.id)).toEqual([
      b.id,
    ]);
    await api('PUT', `/goals/${a.id}/set-active`, learner.headers);
    goals = (await api('GET', '/goals', learner.headers)).json();
    expect(goals.filter((g: { isActive: boolean }) => g.isActive).map((g: { id: string }) => g.id)).toEqual([
      a.id,
    ]);
  });

  it('validates the description and metadata', async () => {
    const learner = await registerLearner(t.app);
    const blank = await api('POST', '/goals', learner.headers, { description: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please enter a goal description');
    const badMeta = await api('POST', '/goals', learner.headers, { description: 'x', metadata: '{nope' });
    expect(badMeta.statusCode).toBe(400);
    expect(badMeta.json().details[0].field).toBe('metadata');
  });

  it('takes the longest goal the wizard allows with its level prefix, and says so in words past it', async () => {
    const learner = await registerLearner(t.app);
    const longest = 'x'.repeat(GOAL_DESCRIPTION_MAX_LENGTH);
    // as the client sends it (spec 1 §3): 'Level: description'
    const body = (text: string) => ({
      description: `Practitioner: ${text}`,
      metadata: '{"level":"Practitioner"}',
    });
    const tooLong = await api('POST', '/goals', learner.headers, body(`${longest}x`));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(GOAL_DESCRIPTION_TOO_LONG);
    const created = await api('POST', '/goals', learner.headers, body(longest));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().description).toBe(`Practitioner: ${longest}`);
  });

  it("answers 404 for another learner's goal on every call, and 401 without a token", async () => {
    const owner = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    const goal = (await createGoal(owner.headers)).json();
    const calls: [Parameters<typeof api>[0], string, object?][] = [
      ['GET', `/goals/${goal.id}`],
      ['PUT', `/goals/${goal.id}`, { description: 'mine now' }],
      ['PUT', `/goals/${goal.id}/set-active`],
      ['DELETE', `/goals/${goal.id}`],
      ['POST', `/goals/${goal.id}/knowledge-assessment`],
      ['POST', `/assessments/knowledge/create-for-goal/${goal.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(method, url, other.headers, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api('GET', `/goals/${goal.id}`, owner.headers)).json().description).toBe(
      'Beginner: Learn Rust',
    );
    expect((await api('GET', '/goals', {})).statusCode).toBe(401);
  });
});

describe('goal limits', () => {
  it('free: 1 goal in progress, then 1 creation per 72 hours', async () => {
    const learner = await registerLearner(t.app);
    const first = (await createGoal(learner.headers)).json();
    const second = await createGoal(learner.headers, 'Beginner: Learn Go');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: LIMIT_MESSAGES.freeGoalsInProgress,
      hoursUntilReset: 0,
      subscriptionMessage: expect.any(String),
      currentCount: 1,
      maxRequests: 1,
      code: 'PLAN_LIMIT',
      requestId: expect.any(String),
    });

    await api('DELETE', `/goals/${first.id}`, learner.headers);
    now = new Date(now.getTime() + 2 * HOUR);
    const third = await createGoal(learner.headers, 'Beginner: Learn Go');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      message: 'You can create 1 goal every 3 days with your current plan.',
      hoursUntilReset: 70,
      currentCount: 1,
      maxRequests: 1,
    });

    now = new Date(now.getTime() + 70 * HOUR + 1000);
    expect((await createGoal(learner.headers, 'Beginner: Learn Go')).statusCode).toBe(201);
  });

  it('free: two concurrent creations make one goal', async () => {
    const learner = await registerLearner(t.app);
    const results = await Promise.all([
      createGoal(learner.headers, 'Beginner: A'),
      createGoal(learner.headers, 'Beginner: B'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429]);
    expect((await api('GET', '/goals', learner.headers)).json()).toHaveLength(1);
  });

  it('pro while active: up to 10 goals in progress, no creation window', async () => {
    const learner = await registerLearner(t.app);
    await setTierByEmail(t.database.db, learner.email, 'pro');
    for (let i = 0; i < 10; i++)
      expect((await createGoal(learner.headers, `Beginner: Goal ${i}`)).statusCode).toBe(201);
    const eleventh = await createGoal(learner.headers, 'Beginner: one more');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      message: LIMIT_MESSAGES.proGoalsInProgress,
      currentCount: 10,
      maxRequests: 10,
    });
    // lapsed: back to the free plan's limits
    await setTierByEmail(t.database.db, learner.email, 'free');
    expect((await createGoal(learner.headers)).json().maxRequests).toBe(1);
  });
});

describe('progress and completion rule', () => {
  const row = { isCompleted: false };
  const stats = (s: Partial<Parameters<typeof goalProgress>[1]>) => ({
    sections: 0,
    completedSections: 0,
    lastCompletedSectionAt: null,
    lessons: 0,
    completedLessons: 0,
    ...s,
  });
  it('is an integer percent of lessons, 100 only when completed', () => {
    expect(goalProgress(row, stats({ sections: 2, lessons: 3, completedLessons: 1 }))).toEqual({
      completionPercentage: 33,
      completedLessons: 1,
      totalLessons: 3,
    });
    expect(
      goalProgress(row, stats({ sections: 2, completedSections: 1, lessons: 200, completedLessons: 199 }))
        .completionPercentage,
    ).toBe(99);
    expect(
      goalProgress(row, stats({ sections: 2, completedSections: 2, lessons: 4, completedLessons: 1 }))
        .completionPercentage,
    ).toBe(100);
    expect(goalProgress({ isCompleted: true }, stats({})).completionPercentage).toBe(100);
  });

  it('dates completion with the goal’s own date, else the latest completed section', () => {
    const base = {
      id: '00000000-0000-4000-8000-000000000000',
      userId: '00000000-0000-4000-8000-000000000001',
      description: 'Beginner: x',
      metadata: null,
      level: 'Beginner',
      imageUrl: null,
      mediaKey: '0123456789abcdef0123456789abcdef',
      isActive: true,
      isCompleted: false,
      completedAt: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      fromMaterial: false,
    };
    const sign = mediaSigner(mediaSigningKey('a unit test secret'), base.userId, new Date(0));
    const last = new Date('2026-01-02T00:00:00Z');
    expect(
      toGoal(base, sign, stats({ sections: 1, completedSections: 1, lastCompletedSectionAt: last }))
        .completedAt,
    ).toBe(last.toISOString());
    const own = new Date('2026-01-05T00:00:00Z');
    expect(toGoal({ ...base, isCompleted: true, completedAt: own }, sign, stats({})).completedAt).toBe(
      own.toISOString(),
    );
    expect(
      toGoal(base, sign, stats({ sections: 2, completedSections: 1, lastCompletedSectionAt: last }))
        .completedAt,
    ).toBeNull();
  });

  it('reads the level from metadata, else the description prefix, else Beginner', () => {
    expect(readMetadata('{"level":"Advanced","x":1}', 'y').level).toBe('Advanced');
    expect(readMetadata(undefined, 'Practitioner: y')).toEqual({
      metadata: '{"level":"Practitioner"}',
      level: 'Practitioner',
    });
    expect(readMetadata({ level: 'nope' }, 'y').level).toBe('Beginner');
  });
});

describe('knowledge assessments', () => {
  it('creates both styles, submits answers and evaluates them into recommended topics', async () => {
    const learner = await registerLearner(t.app);
    const forText = await api('POST', '/assessments/knowledge/create-for-goal', learner.headers, {
      goalDescription: 'Learn SQL',
      level: 'Beginner',
    });
    expect(forText.statusCode).toBe(200);
    const a = forText.json();
    expect(a).toMatchObject({
      goalId: null,
      goalDescription: 'Learn SQL',
      level: 'Beginner',
      source: 'offline',
    });
    expect(a.questions.topics.length).toBeGreaterThanOrEqual(2);

    // every answer right: the weakest topic is still recommended, none below the threshold
    const right = a.questions.topics.flatMap(
      (topic: { questions: { correctAnswer: string }[] }, ti: number) =>
        topic.questions.map((q, qi) => ({ topicIndex: ti, questionIndex: qi, answer: q.correctAnswer })),
    );
    const submitted = await api('POST', `/assessments/knowledge/${a.id}/submit`, learner.headers, {
      answers: right,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().correct).toBe(submitted.json().total);
    const wrong = right.map((x: { answer: string }) => ({ ...x, answer: 'I do not know' }));
    const evaluated = await api('POST', `/assessments/knowledge/${a.id}/evaluate`, learner.headers, {
      userAnswers: wrong,
    });
    expect(evaluated.statusCode).toBe(200);
    const ev = evaluated.json();
    expect(ev.topics).toHaveLength(a.questions.topics.length);
    expect(ev.topics.every((topic: { recommendToComplete: boolean }) => topic.recommendToComplete)).toBe(
      true,
    );
    expect(ev.overallScore).toBe(0);

    const goal = (await createGoal(learner.headers, 'Advanced: Learn SQL', 'Advanced')).json();
    for (const url of [
      `/assessments/knowledge/create-for-goal/${goal.id}`,
      `/goals/${goal.id}/knowledge-assessment`,
    ]) {
      const res = await api('POST', url, learner.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ goalId: goal.id, level: 'Advanced' });
    }

    const old = await api('POST', '/assessments/knowledge/create', learner.headers);
    expect(old.statusCode).toBe(200);
    const { id, questions } = old.json();
    expect(questions.length).toBeGreaterThan(0);
    const answers = questions.map((q: { id: number; text: string }) => ({
      questionId: q.id,
      selectedOptionIndex: parseOldStyleQuestion(q)!.correctIndex,
    }));
    const res = await api('POST', `/assessments/knowledge/${id}/submit`, learner.headers, { answers });
    expect(res.json()).toMatchObject({ correct: questions.length, total: questions.length, score: 100 });

    const other = await registerLearner(t.app);
    expect(
      (await api('POST', `/assessments/knowledge/${id}/submit`, other.headers, { answers })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/assessments/knowledge/${id}/evaluate`, other.headers, { userAnswers: right }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a goal description when there is no active goal', async () => {
    const learner = await registerLearner(t.app);
    const res = await api('POST', '/assessments/knowledge/create', learner.headers, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('goalDescription is required');
  });

  it('recommends prerequisite goals', async () => {
    const learner = await registerLearner(t.app);
    const res = await api('POST', '/goals/prerequisite-courses', learner.headers, {
      goal: 'Machine learning',
      level: 'Advanced',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'offline', recommendations: expect.any(Array) });
  });
});

describe('goal image', () => {
  it('makes an SVG illustration of the goal, served from /api/media to its owner, with a default image', async () => {
    const learner = await registerLearner(t.app);
    const goal = (await createGoal(learner.headers, 'Beginner: Learn <Rust> & "systems"')).json();
    const res = await api('POST', `/goals/${goal.id}/generate-image`, learner.headers);
    expect(res.statusCode).toBe(200);
    expectSignedMediaUrl(res.json().imageUrl, 'goals', 'svg', goal.id);
    // the same URL while its window lasts, in every answer that carries the goal
    expect((await api('GET', `/goals/${goal.id}`, learner.headers)).json().imageUrl).toBe(
      res.json().imageUrl,
    );
    expect((await api('GET', '/goals', learner.headers)).json()[0].imageUrl).toBe(res.json().imageUrl);

    const image = await t.app.inject({ url: res.json().imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(image.body).toContain('Learn &lt;Rust&gt; &amp; &quot;systems&quot;');
    expect(image.body).not.toContain('<Rust>');
    // the same goal text gives the same picture
    expect((await api('POST', `/goals/${goal.id}/generate-image`, learner.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ url: res.json().imageUrl })).body).toBe(image.body);

    const fallback = await t.app.inject({ url: '/api/media/default-goal.svg' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('<svg');

    const other = await registerLearner(t.app);
    expect((await api('POST', `/goals/${goal.id}/generate-image`, other.headers)).statusCode).toBe(404);
    for (const bad of [
      '/api/media/../jwt-secret',
      '/api/media/goals/%2e%2e%2fjwt-secret.svg',
      '/api/media/goals/x.exe',
      '/api/media/goals/missing.svg',
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode, bad).toBe(404);
    }

    expect((await api('DELETE', `/goals/${goal.id}`, learner.headers)).statusCode).toBe(204);
    expect((await t.app.inject({ url: res.json().imageUrl })).statusCode).toBe(404);
  });
});
