// Edits of a plan through the real app (renames, undo, the history) on the offline provider: each edit
// names the plan's edit version, a stale one is refused with the learner's message, nothing else of the plan
// moves, and every call is the owner's only.
import { PLAN_EDIT_MESSAGES, PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

async function learnerWithPlan() {
  const l = await registerLearner(t.app);
  const headers: Headers = l.headers;
  const userId = (await api('GET', '/user', headers)).json().id as string;
  const goal = await api('POST', '/goals', headers, { description: 'Beginner: Learn Rust' });
  const goalId = goal.json().id as string;
  expect((await api('POST', `/roadmaps/${userId}/${goalId}`, headers, {})).statusCode).toBe(202);
  await api('GET', `/roadmaps/goal/${goalId}/generation?waitMs=20000`, headers);
  const plan = async () => (await api('GET', `/learningplan/optimized-data/${goalId}`, headers)).json();
  return { headers, goalId, plan, first: await plan() };
}

const editsOf = async (headers: Headers, goalId: string) =>
  (await api('GET', `/roadmaps/goal/${goalId}/edits`, headers)).json();

describe('plan edits', () => {
  it('renames a milestone and a lesson, lists them, and undoes them newest first', async () => {
    const { headers, goalId, plan, first } = await learnerWithPlan();
    const [s1] = first.roadmaps;
    const [l1] = first.lessonsForRoadmaps[s1.id];
    expect(await editsOf(headers, goalId)).toEqual({ version: 0, edits: [] });

    const renamed = await api('PUT', `/roadmaps/${s1.id}`, headers, {
      name: '  Getting started ',
      version: 0,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      version: 1,
      edit: {
        version: 1,
        kind: 'rename-section',
        summary: `Renamed the milestone “${s1.name}” to “Getting started”`,
        undone: false,
      },
    });
    const lesson = await api('PUT', `/roadmaps/items/${l1.id}`, headers, {
      title: 'Hello, Cargo',
      version: 1,
    });
    expect(lesson.json()).toMatchObject({ version: 2, edit: { kind: 'rename-lesson' } });

    let now = await plan();
    expect(now.roadmaps[0].name).toBe('Getting started');
    expect(now.lessonsForRoadmaps[s1.id][0].title).toBe('Hello, Cargo');
    const history = await editsOf(headers, goalId);
    expect(history.version).toBe(2);
    expect(history.edits.map((e: { kind: string }) => e.kind)).toEqual(['rename-lesson', 'rename-section']);

    // a rename to the same name records nothing
    const same = await api('PUT', `/roadmaps/${s1.id}`, headers, { name: 'Getting started', version: 2 });
    expect(same.json()).toEqual({ version: 2, edit: null });

    // undo: the lesson's title first, then the milestone's name; each undo is an edit of the history
    const undo1 = await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 2 });
    expect(undo1.json()).toMatchObject({
      version: 3,
      edit: { kind: 'undo', summary: `Undid: Renamed the lesson “${l1.title}” to “Hello, Cargo”` },
    });
    now = await plan();
    expect(now.lessonsForRoadmaps[s1.id][0].title).toBe(l1.title);
    expect(now.roadmaps[0].name).toBe('Getting started');
    await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 3 });
    now = await plan();
    expect(now.roadmaps[0].name).toBe(s1.name);
    const after = await editsOf(headers, goalId);
    expect(after.edits.map((e: { kind: string; undone: boolean }) => [e.kind, e.undone])).toEqual([
      ['undo', false],
      ['undo', false],
      ['rename-lesson', true],
      ['rename-section', true],
    ]);
    const nothing = await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 4 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ message: PLAN_EDIT_MESSAGES.nothingToUndo });
  });

  it('refuses an edit made on an older version (another tab), with the learner’s message, and changes nothing', async () => {
    const { headers, goalId, plan, first } = await learnerWithPlan();
    const [s1, s2] = first.roadmaps;
    expect(
      (await api('PUT', `/roadmaps/${s1.id}`, headers, { name: 'Tab one', version: 0 })).statusCode,
    ).toBe(200);
    const stale = await api('PUT', `/roadmaps/${s2.id}`, headers, { name: 'Tab two', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: PLAN_EDIT_MESSAGES.stale, code: 'PLAN_CHANGED' });
    expect((await plan()).roadmaps[1].name).toBe(s2.name);
    const staleUndo = await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 0 });
    expect(staleUndo.statusCode).toBe(409);
    expect((await plan()).roadmaps[0].name).toBe('Tab one');

    // two edits at once on the same version: one is stored, the other refused
    const both = await Promise.all([
      api('PUT', `/roadmaps/${s1.id}`, headers, { name: 'First', version: 1 }),
      api('PUT', `/roadmaps/${s2.id}`, headers, { name: 'Second', version: 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await editsOf(headers, goalId)).version).toBe(2);
  });

  it('keeps what the learner did: completion, grade and the goal’s progress stay through renames and undo', async () => {
    const { headers, goalId, plan, first } = await learnerWithPlan();
    const [s1] = first.roadmaps;
    const [l1, l2] = first.lessonsForRoadmaps[s1.id];
    await api('PUT', `/roadmaps/items/${l1.id}/completion`, headers, { isCompleted: true });
    const before = await plan();
    await api('PUT', `/roadmaps/items/${l1.id}`, headers, { title: 'Renamed', version: 0 });
    await api('PUT', `/roadmaps/items/${l2.id}`, headers, { title: 'Renamed too', version: 1 });
    await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 2 });
    const after = await plan();
    expect(after.goal.goalProgress).toEqual(before.goal.goalProgress);
    const done = after.lessonsForRoadmaps[s1.id][0];
    expect(done).toMatchObject({ id: l1.id, title: 'Renamed', isCompleted: true, position: l1.position });
    expect(after.firstUncompletedLesson.id).toBe(before.firstUncompletedLesson.id);
  });

  it('answers a blank or too long title with 400 in learner words', async () => {
    const { headers, first } = await learnerWithPlan();
    const [s1] = first.roadmaps;
    const blank = await api('PUT', `/roadmaps/${s1.id}`, headers, { name: '   ', version: 0 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(PLAN_EDIT_MESSAGES.titleRequired);
    const long = await api('PUT', `/roadmaps/${s1.id}`, headers, {
      name: 'x'.repeat(PLAN_TITLE_MAX + 1),
      version: 0,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(PLAN_EDIT_MESSAGES.titleTooLong);
    const noVersion = await api('PUT', `/roadmaps/${s1.id}`, headers, { name: 'Fine' });
    expect(noVersion.statusCode).toBe(400);
  });

  it('is the owner’s only: another learner’s section, lesson and goal are 404', async () => {
    const { goalId, first } = await learnerWithPlan();
    const other = await registerLearner(t.app);
    const [s1] = first.roadmaps;
    const [l1] = first.lessonsForRoadmaps[s1.id];
    for (const res of [
      await api('PUT', `/roadmaps/${s1.id}`, other.headers, { name: 'Mine', version: 0 }),
      await api('PUT', `/roadmaps/items/${l1.id}`, other.headers, { title: 'Mine', version: 0 }),
      await api('GET', `/roadmaps/goal/${goalId}/edits`, other.headers),
      await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, other.headers, { version: 0 }),
    ])
      expect(res.statusCode).toBe(404);
  });
});
