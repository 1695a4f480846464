// The inputs that reached a 500: NUL and lone surrogates headed for text or jsonb columns, and
// free-form JSON nested 10,000 deep. Each now answers 400 naming the field, and nothing saved changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';

let t: TestApp;
let headers: Headers;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await registerLearner(t.app));
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

/** JSON text nested `depth` levels: {"a":{"a":…}} */
function nestedJsonText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A body sent as JSON text: nesting this deep cannot be serialized by inject itself (JSON.stringify recurses). */
const sendJsonText = (method: 'POST' | 'PUT', url: string, h: Headers, json: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...h, 'content-type': 'application/json' },
    payload: json,
  });
const deepField = (fields: string, name: string) => `{${fields}"${name}":${nestedJsonText(10_000)}}`;

async function expectRefused(res: Awaited<ReturnType<ApiCall>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.message).toContain(field);
  expect(body.details[0].field).toBe(field);
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in a login email before any account lookup, with no token', async () => {
    const res = await api('POST', '/auth/login', {}, { email: 'a\u0000b@example.com', password: 'x' });
    await expectRefused(res, 'email');
    expect(res.json().message).toBe('email must not contain NUL characters or unpaired surrogates');
  });

  it('refuses NUL and lone surrogates in note titles and contents, keeping the saved note', async () => {
    const created = await api('POST', '/notes', headers, { title: 'Kept', content: 'Saved text' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    await expectRefused(await api('POST', '/notes', headers, { title: 'a\u0000', content: '' }), 'title');
    await expectRefused(
      await api('PUT', `/notes/${id}`, headers, { title: 'Kept', content: 'x\ud800y' }),
      'content',
    );
    await expectRefused(
      await api('PUT', `/notes/${id}`, headers, { title: 'Kept', content: '\udc00' }),
      'content',
    );
    expect((await api('GET', `/notes/${id}`, headers)).json()).toMatchObject({
      title: 'Kept',
      content: 'Saved text',
    });
  });

  it('accepts text with paired surrogates (emoji) as written', async () => {
    const res = await api('POST', '/notes', headers, { title: 'Rocket 🚀', content: '𝔸 and 🚀' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Rocket 🚀', content: '𝔸 and 🚀' });
  });

  it('refuses them in a goal description, the knowledge assessment and a chat message', async () => {
    await expectRefused(
      await api('POST', '/goals', headers, { description: 'Learn\u0000 SQL' }),
      'description',
    );
    await expectRefused(
      await api('POST', '/assessments/knowledge/create', headers, { goalDescription: 'SQL\ud800' }),
      'goalDescription',
    );
    await expectRefused(await api('POST', '/chat', headers, { message: 'hi\u0000' }), 'message');
  });

  it('refuses them inside answers and in object keys, naming the answer', async () => {
    const res = await api(
      'POST',
      '/lessons/assessments/00000000-0000-4000-8000-000000000000/submit',
      headers,
      {
        answers: [{ questionId: 'q1', answer: 'x\u0000' }],
      },
    );
    await expectRefused(res, 'answers.0.answer');
    const keyed = await api('POST', '/goals', headers, {
      description: 'SQL',
      metadata: { 'le\u0000vel': 'x' },
    });
    await expectRefused(keyed, 'metadata');
  });

  it('refuses them in the query string', async () => {
    const res = await t.app.inject({ url: '/api/chat/history?lessonId=%00', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('lessonId');
  });
});

describe('free-form JSON', () => {
  it('refuses goal metadata nested 10,000 deep, as an object and as JSON text, on create and edit', async () => {
    await expectRefused(
      await sendJsonText('POST', '/goals', headers, deepField('"description":"SQL",', 'metadata')),
      'metadata',
    );
    await expectRefused(
      await api('POST', '/goals', headers, { description: 'SQL', metadata: nestedJsonText(1_000) }),
      'metadata',
    );
    const goal = await api('POST', '/goals', headers, {
      description: 'Beginner: SQL',
      metadata: { level: 'Beginner' },
    });
    expect(goal.statusCode, goal.body).toBe(201);
    const { id } = goal.json();
    await expectRefused(
      await sendJsonText('PUT', `/goals/${id}`, headers, deepField('', 'metadata')),
      'metadata',
    );
    expect((await api('GET', `/goals/${id}`, headers)).json().level).toBe('Beginner');
  });

  it('refuses an escaped NUL inside metadata given as JSON text, and metadata over its size', async () => {
    await expectRefused(
      await api('POST', '/goals', headers, {
        description: 'SQL',
        metadata: '{"level":"Beginner","x":"\\u0000"}',
      }),
      'metadata.x',
    );
    const big = { level: 'Beginner', notes: 'x'.repeat(5000) };
    const res = await api('POST', '/goals', headers, { description: 'SQL', metadata: big });
    await expectRefused(res, 'metadata');
    expect(res.json().message).toBe('metadata: must be at most 4000 characters of JSON');
  });

  it('accepts metadata a few levels deep', async () => {
    const metadata = { level: 'Advanced', topics: [{ name: 'joins', tags: ['a', 'b'] }] };
    const res = await api('POST', '/goals', (await registerLearner(t.app)).headers, {
      description: 'SQL',
      metadata,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(JSON.parse(res.json().metadata)).toEqual(metadata);
  });

  it('refuses learning-plan assessmentResults nested 10,000 deep, keeping the plan', async () => {
    const learner = await learnerWithPlan(t.app);
    const res = await sendJsonText(
      'POST',
      '/learningplans',
      learner.headers,
      deepField(`"goalId":"${learner.goalId}",`, 'assessmentResults'),
    );
    await expectRefused(res, 'assessmentResults');
    const plan = await api('GET', `/learningplan/optimized-data/${learner.goalId}`, learner.headers);
    expect(plan.statusCode).toBe(200);
  });

  it('refuses any body nested past the request depth, wherever the nesting is', async () => {
    const res = await api('POST', '/notes', headers, {
      title: 'x',
      content: 'y',
      tags: JSON.parse(nestedJsonText(50)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('must not be nested more than 32 levels deep');
  });
});
