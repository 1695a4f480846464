// Edits of a plan through the real app (renames, undo, the history) on the offline provider: each edit
// names the plan's edit version, a stale one is refused with the learner's message, nothing else of the plan
// moves, and every call is the owner's only.

import { PLAN_EDIT_MESSAGES, PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

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
    expect(stale.json()).toEqual({
      message: PLAN_EDIT_MESSAGES.stale,
      code: 'PLAN_CHANGED',
      requestId: expect.any(String),
    });
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

// Moves, additions and removals, on a plan written straight to the database: 'Lesson s.l' in 'Section s'.
interface Outline {
  sections: { id: string; name: string; position: number; isCompleted: boolean; source: string }[];
  /** each section's lessons by title, in plan order, with their positions */
  lessons: Record<string, { id: string; title: string; position: number; isCompleted: boolean }[]>;
}

async function learnerWithOutline(sections = 3, lessonsEach = 3) {
  const l = await learnerWithRoadmap(t.app, t.database.db, sections, lessonsEach);
  const read = async () => {
    const res = await api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const outline = async (): Promise<Outline> => {
    const data = await read();
    return {
      sections: data.roadmaps.map((s: Outline['sections'][number]) => ({
        id: s.id,
        name: s.name,
        position: s.position,
        isCompleted: s.isCompleted,
        source: s.source,
      })),
      lessons: Object.fromEntries(
        data.roadmaps.map((s: { id: string }) => [
          s.id,
          data.lessonsForRoadmaps[s.id].map((x: Outline['lessons'][string][number]) => ({
            id: x.id,
            title: x.title,
            position: x.position,
            isCompleted: x.isCompleted,
          })),
        ]),
      ),
    };
  };
  const first = await outline();
  const section = (i: number) => first.sections[i]!;
  const lesson = (s: number, i: number) => first.lessons[section(s).id]![i]!;
  let version = 0;
  /** an edit on the current version; answers its result and moves the version on */
  const edit = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await api(method, url, l.headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    return res.json();
  };
  const undo = () => edit('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, { version });
  return { ...l, read, outline, first, section, lesson, edit, undo, version: () => version };
}

const titles = (o: Outline, s: number) => o.lessons[o.sections[s]!.id]!.map((x) => x.title);
const positionsDense = (o: Outline) => {
  expect(o.sections.map((s) => s.position)).toEqual(o.sections.map((_, i) => i));
  for (const list of Object.values(o.lessons))
    expect(list.map((x) => x.position)).toEqual(list.map((_, i) => i));
};

describe('moving lessons and milestones', () => {
  it('moves a lesson within its milestone, records it, and Undo puts it back', async () => {
    const p = await learnerWithOutline();
    const l11 = p.lesson(0, 0);
    const moved = await p.edit('POST', `/roadmaps/items/${l11.id}/move`, {
      roadmapId: p.section(0).id,
      index: 2,
      version: 0,
    });
    expect(moved).toMatchObject({
      version: 1,
      edit: { kind: 'move-lesson', summary: 'Moved the lesson “Lesson 1.1” to “Section 1” (position 3)' },
    });
    let now = await p.outline();
    expect(titles(now, 0)).toEqual(['Lesson 1.2', 'Lesson 1.3', 'Lesson 1.1']);
    positionsDense(now);
    // an index past the end is the last place; the same place again changes nothing and records nothing
    expect(
      await p.edit('POST', `/roadmaps/items/${l11.id}/move`, {
        roadmapId: p.section(0).id,
        index: 40,
        version: 1,
      }),
    ).toEqual({ version: 1, edit: null });
    await p.undo();
    now = await p.outline();
    expect(now).toEqual(p.first);
  });

  it('moves a lesson to another milestone: both milestones’ completion follows, and Undo restores both', async () => {
    const p = await learnerWithOutline();
    // milestone 2 done; in milestone 1 every lesson but the first
    await api('PUT', `/roadmaps/${p.section(1).id}/completion`, p.headers, { isCompleted: true });
    for (const i of [1, 2])
      await api('PUT', `/roadmaps/items/${p.lesson(0, i).id}/completion`, p.headers, { isCompleted: true });
    const before = await p.outline();
    expect(before.sections.map((s) => s.isCompleted)).toEqual([false, true, false]);

    const moved = await p.edit('POST', `/roadmaps/items/${p.lesson(0, 0).id}/move`, {
      roadmapId: p.section(1).id,
      index: 1,
      version: 0,
    });
    expect(moved.edit.summary).toBe('Moved the lesson “Lesson 1.1” to “Section 2” (position 2)');
    const now = await p.outline();
    expect(titles(now, 0)).toEqual(['Lesson 1.2', 'Lesson 1.3']);
    expect(titles(now, 1)).toEqual(['Lesson 2.1', 'Lesson 1.1', 'Lesson 2.2', 'Lesson 2.3']);
    expect(now.sections.map((s) => s.isCompleted)).toEqual([true, false, false]);
    positionsDense(now);

    await p.undo();
    expect(await p.outline()).toEqual(before);
  });

  it('moves a milestone among the goal’s milestones, and Undo puts it back', async () => {
    const p = await learnerWithOutline();
    const moved = await p.edit('POST', `/roadmaps/${p.section(0).id}/move`, { index: 2, version: 0 });
    expect(moved.edit).toMatchObject({
      kind: 'move-section',
      summary: 'Moved the milestone “Section 1” to position 3',
    });
    const now = await p.outline();
    expect(now.sections.map((s) => s.name)).toEqual(['Section 2', 'Section 3', 'Section 1']);
    expect(titles(now, 2)).toEqual(['Lesson 1.1', 'Lesson 1.2', 'Lesson 1.3']);
    positionsDense(now);
    await p.undo();
    expect(await p.outline()).toEqual(p.first);
  });
});

describe('adding lessons and milestones', () => {
  it('adds an empty milestone (at a place, or last), and Undo takes it away', async () => {
    const p = await learnerWithOutline();
    const added = await p.edit('POST', `/roadmaps/goal/${p.goalId}/sections`, {
      name: '  Practice projects ',
      index: 1,
      version: 0,
    });
    expect(added.edit).toMatchObject({
      kind: 'add-section',
      summary: 'Added the milestone “Practice projects”',
    });
    let now = await p.outline();
    expect(now.sections.map((s) => s.name)).toEqual([
      'Section 1',
      'Practice projects',
      'Section 2',
      'Section 3',
    ]);
    expect(now.sections[1]).toMatchObject({ isCompleted: false, source: 'learner' });
    // an empty milestone: the plan offers to generate its lessons
    expect(now.lessons[now.sections[1]!.id]).toEqual([]);
    positionsDense(now);
    await p.edit('POST', `/roadmaps/goal/${p.goalId}/sections`, { name: 'Last one', version: p.version() });
    now = await p.outline();
    expect(now.sections.at(-1)!.name).toBe('Last one');
    await p.undo();
    await p.undo();
    expect(await p.outline()).toEqual(p.first);
  });

  it('adds a lesson by its title with the default estimate and no content; a done milestone is open again until Undo', async () => {
    const p = await learnerWithOutline();
    await api('PUT', `/roadmaps/${p.section(1).id}/completion`, p.headers, { isCompleted: true });
    const before = await p.outline();
    const added = await p.edit('POST', `/roadmaps/${p.section(1).id}/items`, {
      title: 'My own lesson',
      index: 0,
      version: 0,
    });
    expect(added.edit).toMatchObject({
      kind: 'add-lesson',
      summary: 'Added the lesson “My own lesson” to “Section 2”',
    });
    const now = await p.outline();
    expect(titles(now, 1)).toEqual(['My own lesson', 'Lesson 2.1', 'Lesson 2.2', 'Lesson 2.3']);
    expect(now.sections[1]!.isCompleted).toBe(false);
    positionsDense(now);
    const id = now.lessons[p.section(1).id]![0]!.id;
    const data = await p.read();
    expect(data.lessonsForRoadmaps[p.section(1).id][0]).toMatchObject({
      estimatedTimeInMinutes: 30,
      isCompleted: false,
      grade: null,
    });
    const lesson = await api('GET', `/lessons/${id}`, p.headers);
    expect(lesson.json()).toMatchObject({ title: 'My own lesson', content: null, isGenerating: false });

    await p.undo();
    expect(await p.outline()).toEqual(before);
    expect((await api('GET', `/lessons/${id}`, p.headers)).statusCode).toBe(404);
  });
});

describe('removing lessons and milestones', () => {
  it('removes a lesson, and Undo brings it back with the same id at its place', async () => {
    const p = await learnerWithOutline();
    const l12 = p.lesson(0, 1);
    const removed = await p.edit('DELETE', `/roadmaps/items/${l12.id}?version=0`);
    expect(removed.edit).toMatchObject({ kind: 'remove-lesson', summary: 'Removed the lesson “Lesson 1.2”' });
    const now = await p.outline();
    expect(titles(now, 0)).toEqual(['Lesson 1.1', 'Lesson 1.3']);
    positionsDense(now);
    await p.undo();
    expect(await p.outline()).toEqual(p.first);
  });

  it('removes a milestone with its lessons, and Undo brings them all back', async () => {
    const p = await learnerWithOutline();
    await api('PUT', `/roadmaps/${p.section(1).id}/completion`, p.headers, { isCompleted: true });
    const before = await p.outline();
    const removed = await p.edit('DELETE', `/roadmaps/${p.section(1).id}?version=0`);
    expect(removed.edit).toMatchObject({
      kind: 'remove-section',
      summary: 'Removed the milestone “Section 2” and its 3 lessons',
    });
    const now = await p.outline();
    expect(now.sections.map((s) => s.name)).toEqual(['Section 1', 'Section 3']);
    expect(now.lessons[p.section(1).id]).toBeUndefined();
    positionsDense(now);
    for (const x of before.lessons[p.section(1).id]!)
      expect((await api('GET', `/lessons/${x.id}`, p.headers)).statusCode).toBe(404);
    await p.undo();
    expect(await p.outline()).toEqual(before);
    // and the undo of the undo is not offered: Undo goes back through the history
    const history = await editsOf(p.headers, p.goalId);
    expect(history.edits.map((e: { kind: string; undone: boolean }) => [e.kind, e.undone])).toEqual([
      ['undo', false],
      ['remove-section', true],
    ]);
  });

  it('keeps at least one milestone: removing the only one answers 409 in the learner’s words', async () => {
    const p = await learnerWithOutline(1, 2);
    const res = await api('DELETE', `/roadmaps/${p.section(0).id}?version=0`, p.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: PLAN_EDIT_MESSAGES.lastSection,
      code: 'LAST_SECTION',
      requestId: expect.any(String),
    });
    expect(await p.outline()).toEqual(p.first);
    expect((await editsOf(p.headers, p.goalId)).version).toBe(0);
  });

  it('removes a milestone’s last lesson: the empty milestone is not done, and Undo makes it done again', async () => {
    const p = await learnerWithOutline(2, 1);
    await api('PUT', `/roadmaps/${p.section(0).id}/completion`, p.headers, { isCompleted: true });
    const before = await p.outline();
    await p.edit('DELETE', `/roadmaps/items/${p.lesson(0, 0).id}?version=0`);
    const now = await p.outline();
    expect(now.lessons[p.section(0).id]).toEqual([]);
    expect(now.sections[0]!.isCompleted).toBe(false);
    await p.undo();
    expect(await p.outline()).toEqual(before);
  });
});

describe('every move, addition and removal', () => {
  /** each edit, made on `version`, as a learner's call */
  const calls = (p: Awaited<ReturnType<typeof learnerWithOutline>>, version: number | string) =>
    [
      [
        'POST',
        `/roadmaps/items/${p.lesson(0, 0).id}/move`,
        { roadmapId: p.section(1).id, index: 0, version },
      ],
      ['POST', `/roadmaps/${p.section(0).id}/move`, { index: 1, version }],
      ['POST', `/roadmaps/goal/${p.goalId}/sections`, { name: 'New', version }],
      ['POST', `/roadmaps/${p.section(0).id}/items`, { title: 'New', version }],
      ['DELETE', `/roadmaps/items/${p.lesson(0, 0).id}?version=${version}`, undefined],
      ['DELETE', `/roadmaps/${p.section(0).id}?version=${version}`, undefined],
    ] as const;

  it('refuses one made on an older version with the learner’s message, and changes nothing', async () => {
    const p = await learnerWithOutline();
    await p.edit('POST', `/roadmaps/${p.section(2).id}/move`, { index: 0, version: 0 });
    const before = await p.outline();
    for (const [method, url, body] of calls(p, 0)) {
      const res = await api(method, url, p.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toEqual({
        message: PLAN_EDIT_MESSAGES.stale,
        code: 'PLAN_CHANGED',
        requestId: expect.any(String),
      });
    }
    expect(await p.outline()).toEqual(before);
    expect((await editsOf(p.headers, p.goalId)).version).toBe(1);
  });

  it('is the owner’s only: another learner’s lessons and milestones are 404, and so is a move into them', async () => {
    const p = await learnerWithOutline();
    const other = await learnerWithOutline();
    for (const [method, url, body] of calls(p, 0)) {
      const res = await api(method, url, other.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const what = url.includes('/items/')
        ? 'Lesson not found'
        : url.includes('/goal/')
          ? 'Goal not found'
          : 'Roadmap not found';
      expect(res.json().message, `${method} ${url}`).toBe(what);
    }
    // a lesson of mine moved into another learner's milestone, or into a milestone of my other goal
    const intoTheirs = await api('POST', `/roadmaps/items/${p.lesson(0, 0).id}/move`, p.headers, {
      roadmapId: other.section(0).id,
      index: 0,
      version: 0,
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(intoTheirs.json().message).toBe('Roadmap not found');
    // a second goal: a Pro learner may have two in progress
    const { email } = (await api('GET', '/user', p.headers)).json();
    await setTierByEmail(t.database.db, email, 'pro');
    const goal = await api('POST', '/goals', p.headers, { description: 'Beginner: Learn Go' });
    expect(goal.statusCode, goal.body).toBe(201);
    const mine = await api('POST', `/roadmaps/goal/${goal.json().id}/sections`, p.headers, {
      name: 'Go',
      version: 0,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const otherGoal = (await api('GET', `/roadmaps/goal/${goal.json().id}`, p.headers)).json()[0].id;
    const intoOtherGoal = await api('POST', `/roadmaps/items/${p.lesson(0, 0).id}/move`, p.headers, {
      roadmapId: otherGoal,
      index: 0,
      version: 0,
    });
    expect(intoOtherGoal.statusCode).toBe(404);
    expect(intoOtherGoal.json().message).toBe('Roadmap not found');
    expect(await p.outline()).toEqual(p.first);
    expect(await other.outline()).toEqual(other.first);
  });

  it('answers a blank or too long title, a negative place and a version that is no number with 400', async () => {
    const p = await learnerWithOutline();
    const bad = async (method: 'POST' | 'DELETE', url: string, body: object | undefined, words: string) => {
      const res = await api(method, url, p.headers, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().message).toContain(words);
    };
    const section = `/roadmaps/goal/${p.goalId}/sections`;
    const items = `/roadmaps/${p.section(0).id}/items`;
    await bad('POST', section, { name: '  ', version: 0 }, PLAN_EDIT_MESSAGES.titleRequired);
    await bad(
      'POST',
      section,
      { name: 'x'.repeat(PLAN_TITLE_MAX + 1), version: 0 },
      PLAN_EDIT_MESSAGES.titleTooLong,
    );
    await bad('POST', items, { title: '', version: 0 }, PLAN_EDIT_MESSAGES.titleRequired);
    await bad(
      'POST',
      items,
      { title: 'x'.repeat(PLAN_TITLE_MAX + 1), version: 0 },
      PLAN_EDIT_MESSAGES.titleTooLong,
    );
    await bad('POST', items, { title: 'Fine', index: -1, version: 0 }, PLAN_EDIT_MESSAGES.badPlace);
    await bad(
      'POST',
      `/roadmaps/${p.section(0).id}/move`,
      { index: -1, version: 0 },
      PLAN_EDIT_MESSAGES.badPlace,
    );
    await bad(
      'POST',
      `/roadmaps/items/${p.lesson(0, 0).id}/move`,
      { roadmapId: p.section(1).id, index: -2, version: 0 },
      PLAN_EDIT_MESSAGES.badPlace,
    );
    await bad('POST', `/roadmaps/items/${p.lesson(0, 0).id}/move`, { index: 0, version: 0 }, 'roadmapId');
    await bad(
      'DELETE',
      `/roadmaps/items/${p.lesson(0, 0).id}?version=abc`,
      undefined,
      PLAN_EDIT_MESSAGES.stale,
    );
    await bad('DELETE', `/roadmaps/${p.section(0).id}`, undefined, 'version');
    expect(await p.outline()).toEqual(p.first);
  });

  it('shows in the plan at once: a read that held the plan’s tag gets the new plan, not 304', async () => {
    const p = await learnerWithOutline();
    const url = `/learningplan/optimized-data/${p.goalId}`;
    let etag = (await api('GET', url, p.headers)).headers.etag as string;
    for (let i = 0; i < calls(p, 0).length; i++) {
      const [method, path, body] = calls(p, p.version())[i]!;
      await p.edit(method, path, body);
      const res = await api('GET', url, { ...p.headers, 'if-none-match': etag });
      expect(res.statusCode, `${method} ${path}`).toBe(200);
      positionsDense(await p.outline());
      await p.undo();
      expect(await p.outline()).toEqual(p.first);
      etag = (await api('GET', url, p.headers)).headers.etag as string;
    }
  });
});

describe('restoring an earlier version', () => {
  it('takes back every later edit as one edit (undos included), which Undo takes back in turn', async () => {
    const p = await learnerWithOutline();
    const [s1, s2] = [p.section(0), p.section(1)];
    const [a, b] = [p.lesson(0, 0), p.lesson(0, 1)];
    await p.edit('POST', `/roadmaps/items/${a.id}/move`, {
      roadmapId: s2.id,
      index: 0,
      version: p.version(),
    }); // 1
    const afterMove = await p.outline();
    await p.edit('POST', `/roadmaps/${s1.id}/items`, { title: 'Added', version: p.version() }); // 2
    await p.edit('DELETE', `/roadmaps/items/${b.id}?version=${p.version()}`); // 3
    await p.undo(); // 4: b is back
    const renamed = await api('PUT', `/roadmaps/${s2.id}`, p.headers, {
      name: 'Renamed',
      version: p.version(),
    }); // 5
    expect(renamed.statusCode).toBe(200);
    const current = await p.outline();

    // to version 1: the move stays, everything after it is taken back
    const restore = (to: number, version: number) =>
      api('POST', `/roadmaps/goal/${p.goalId}/edits/restore`, p.headers, { to, version });
    const toOne = await restore(1, 5);
    expect(toOne.statusCode, toOne.body).toBe(200);
    expect(toOne.json()).toMatchObject({
      version: 6,
      edit: { kind: 'restore', summary: 'Restored the plan to version 1' },
    });
    expect(await p.outline()).toEqual(afterMove);
    // the edits it took back are not what Undo offers now: the restore is
    const history = (await api('GET', `/roadmaps/goal/${p.goalId}/edits`, p.headers)).json();
    expect(history.edits.find((e: { version: number }) => e.version === 5).undone).toBe(true);

    // one Undo brings the plan back to how it was before the restore, and Undo goes on from there
    const undone = await api('POST', `/roadmaps/goal/${p.goalId}/edits/undo`, p.headers, { version: 6 });
    expect(undone.json().edit.summary).toBe('Undid: Restored the plan to version 1');
    expect(await p.outline()).toEqual(current);
    const next = await api('POST', `/roadmaps/goal/${p.goalId}/edits/undo`, p.headers, { version: 7 });
    expect(next.json().edit.summary).toContain('Renamed the milestone');

    // to 0: the plan as generated; then a stale or a pointless restore is refused
    const toZero = await restore(0, 8);
    expect(toZero.statusCode, toZero.body).toBe(200);
    expect(await p.outline()).toEqual(p.first);
    expect((await restore(0, 8)).statusCode).toBe(409);
    expect((await restore(9, 9)).json().code).toBe('NOTHING_TO_UNDO');
  });
});

describe('a new roadmap', () => {
  it('closes the old one’s history: nothing to undo or restore, and the version starts again', async () => {
    const { headers, goalId, first } = await learnerWithPlan();
    const { email } = (await api('GET', '/user', headers)).json();
    await api('PUT', `/roadmaps/${first.roadmaps[0].id}`, headers, { name: 'Renamed', version: 0 });
    expect((await editsOf(headers, goalId)).version).toBe(1);
    // Pro: a second generation within 72 hours; the first made long enough ago not to be joined
    await setTierByEmail(t.database.db, email, 'pro');
    await t.database.db.execute(
      sql`update generation_jobs set created_at = created_at - interval '1 hour' where target = ${goalId}`,
    );
    const planId = (await api('GET', `/learningplans/goal/${goalId}`, headers)).json().id;
    const again = await api('POST', `/learningplans/${planId}/regenerate-roadmap`, headers);
    expect(again.statusCode, again.body).toBe(202);
    await api('GET', `/roadmaps/goal/${goalId}/generation?waitMs=20000`, headers);
    expect(await editsOf(headers, goalId)).toEqual({ version: 0, edits: [] });
    const undo = await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 0 });
    expect(undo.json().code).toBe('NOTHING_TO_UNDO');
    // a tab still on the old history is told the plan changed
    const stale = await api('POST', `/roadmaps/goal/${goalId}/edits/undo`, headers, { version: 1 });
    expect(stale.json().code).toBe('PLAN_CHANGED');
  });
});
