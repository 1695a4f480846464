// A lesson's versions through the real app on the offline generator: a lesson regenerated with an
// instruction gets a new current version and keeps the one before; Restore makes an earlier one current and
// keeps the one it replaces; neither touches the lesson's assessment, completion, grade, notes, chat or review
// cards; a regeneration counts as a lesson generation (free: 1 per 24 h, the same 429), a restore is free;
// "Regenerate remaining lessons" clears only lessons not started; a plan removal's Undo brings the versions
// back; and everything is its owner's, validated in learner words.
import { LESSON_LIMIT_MESSAGE } from '@mindpath/contracts/lessons';
import { LESSON_VERSION_MESSAGES, offlineInstructionNote } from '@mindpath/contracts/lessons-versions';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import type { AiProvider, PromptRequest } from '../src/ai/types.ts';
import { lessonAssessments, lessons, lessonVersions, reviewCards, usageEvents } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan, learnerWithRoadmap, type PlannedLearner, readSse } from './helpers/lessons.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

async function ok(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, body?: object) {
  const res = await api(method, url, headers, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** Waits for the lesson's content job to end: it succeeded. */
async function written(l: { headers: Headers }, id: string) {
  const status = await ok('GET', `/lessons/${id}/content-status?waitMs=20000`, l.headers);
  expect(status.job?.status, JSON.stringify(status.job)).toBe('succeeded');
  return ok('GET', `/lessons/${id}`, l.headers);
}

async function withContent(l: { headers: Headers }, id: string) {
  await ok('POST', `/lessons/${id}/generate-content`, l.headers);
  return written(l, id);
}

async function regenerated(l: { headers: Headers }, id: string, instruction?: string) {
  const res = await api('POST', `/lessons/${id}/regenerate`, l.headers, instruction ? { instruction } : {});
  expect(res.statusCode, res.body).toBe(202);
  return { started: res.json(), lesson: await written(l, id) };
}

const versionsOf = async (l: { headers: Headers }, id: string) =>
  (await ok('GET', `/lessons/${id}/versions`, l.headers)).versions as {
    id: string;
    version: number;
    isCurrent: boolean;
    instruction: string | null;
    characters: number;
    contentSource: string | null;
    createdAt: string;
  }[];

describe('regenerating a lesson', () => {
  it('writes a new current version with the instruction, keeps the one before, streams like a first generation', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    const first = await withContent(l, id);
    expect(await versionsOf(l, id)).toEqual([]);

    const res = await api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'More examples' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      joined: false,
      job: { kind: 'lesson-content', target: id },
      lesson: { id, isGenerating: true, content: first.content },
      instruction: { text: 'More examples', readBy: 'offline', followed: ['more examples'], notFollowed: [] },
    });
    // the same path as a first generation: the content stream follows the job to its stored lesson
    const stream = await readSse(`${base}/api/lessons/${id}/content-stream`, l.headers);
    expect(stream.events.at(-1)).toMatchObject({ type: 'done' });
    const lesson = await written(l, id);
    expect(lesson.content).not.toBe(first.content);
    expect(lesson.content).toContain('### Worked example');
    expect(lesson.content).toContain('> Written as you asked: more examples.');
    // its links are kept; its media are made again from the new text
    expect(lesson).toMatchObject({ videoUrls: first.videoUrls, resourceLinks: first.resourceLinks });

    const versions = await versionsOf(l, id);
    expect(versions).toMatchObject([
      { version: 2, isCurrent: true, instruction: 'More examples', contentSource: 'offline' },
      { version: 1, isCurrent: false, instruction: null, characters: first.content.length },
    ]);
    expect(Date.parse(versions[1]!.createdAt)).toBeLessThanOrEqual(Date.parse(versions[0]!.createdAt));
    const one = await ok('GET', `/lessons/${id}/versions/${versions[1]!.id}`, l.headers);
    expect(one).toMatchObject({ version: 1, content: first.content, isCurrent: false });
  });

  it('says plainly what the offline generator could not follow, and the API names the parts', async () => {
    const l = await learnerWithPlan(t.app, { pro: true, goal: 'Beginner: Learn SQL' });
    const id = l.lessonIds[0]!;
    const before = await withContent(l, id);
    const { started, lesson } = await regenerated(l, id, 'simpler, in French, focus on a column');
    expect(started.instruction).toEqual({
      text: 'simpler, in French, focus on a column',
      readBy: 'offline',
      followed: ['simpler', 'focus on A column'],
      notFollowed: ['in French'],
    });
    expect(lesson.content).toContain(offlineInstructionNote(['in French']));
    expect(lesson.content).toContain('This version puts **A column** first.');
    // simpler: fewer ideas and no formula
    expect(lesson.content.match(/^- \*\*/gm)!.length).toBeLessThan(before.content.match(/^- \*\*/gm)!.length);
    expect(lesson.content).not.toContain('$$');
  });

  it('joins the same request while it runs; a lesson without content has nothing to regenerate', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const empty = await api('POST', `/lessons/${l.lessonIds[1]}/regenerate`, l.headers, {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({
      message: LESSON_VERSION_MESSAGES.noContent,
      code: 'NO_CONTENT',
      requestId: expect.any(String),
    });

    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const [a, b] = await Promise.all([
      api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'shorter' }),
      api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'shorter' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().job.id).toBe(b.json().job.id);
    expect([a.json().joined, b.json().joined].sort()).toEqual([false, true]);
    await written(l, id);
    expect((await versionsOf(l, id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it("gives a model the learner's instruction in the lesson's prompt", async () => {
    const prompts: PromptRequest[] = [];
    const offline = createOfflineProvider({ streamDelayMs: 0 });
    const model: AiProvider = {
      ...offline,
      name: 'openai',
      source: 'model',
      streamText(request) {
        prompts.push(request.prompt);
        return offline.streamText(request);
      },
    };
    const m = await createTestApp({}, { ai: createAi(model) });
    try {
      const l = await learnerWithPlan(m.app, { pro: true });
      const id = l.lessonIds[0]!;
      await m.api('POST', `/lessons/${id}/generate-content`, l.headers);
      await m.api('GET', `/lessons/${id}/content-status?waitMs=20000`, l.headers);
      const res = await m.api('POST', `/lessons/${id}/regenerate`, l.headers, {
        instruction: 'focus on window functions',
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().instruction).toEqual({
        text: 'focus on window functions',
        readBy: 'model',
        followed: ['focus on window functions'],
        notFollowed: [],
      });
      const status = (await m.api('GET', `/lessons/${id}/content-status?waitMs=20000`, l.headers)).json();
      expect(status.job.status).toBe('succeeded');
      expect(prompts).toHaveLength(2);
      expect(prompts[0]!.messages.at(-1)!.content).not.toContain('window functions');
      expect(prompts[1]!.messages.at(-1)!.content).toContain('"""\nfocus on window functions\n"""');
      const versions = (await m.api('GET', `/lessons/${id}/versions`, l.headers)).json().versions;
      expect(versions[0]).toMatchObject({ contentSource: 'model', instruction: 'focus on window functions' });
    } finally {
      await m.close();
    }
  });
});

describe('restoring a version', () => {
  it('makes it current again and keeps the one it replaces; again is no change', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    const first = await withContent(l, id);
    const { lesson: second } = await regenerated(l, id, 'more practice');
    const [v2, v1] = await versionsOf(l, id);

    const out = await ok('POST', `/lessons/${id}/versions/${v1!.id}/restore`, l.headers);
    expect(out.lesson).toMatchObject({ id, content: first.content, isGenerating: false });
    expect(out.versions).toMatchObject([
      { id: v2!.id, version: 2, isCurrent: false, instruction: 'more practice' },
      { id: v1!.id, version: 1, isCurrent: true },
    ]);
    expect((await ok('GET', `/lessons/${id}`, l.headers)).content).toBe(first.content);
    expect((await ok('GET', `/lessons/${id}/versions/${v2!.id}`, l.headers)).content).toBe(second.content);

    const again = await ok('POST', `/lessons/${id}/versions/${v1!.id}/restore`, l.headers);
    expect(again.versions).toEqual(out.versions);

    // a regeneration after a restore keeps every version, numbered on
    await regenerated(l, id, 'shorter');
    expect((await versionsOf(l, id)).map((v) => [v.version, v.isCurrent, v.instruction])).toEqual([
      [3, true, 'shorter'],
      [2, false, 'more practice'],
      [1, false, null],
    ]);
  });
});

/** The rows and answers a regeneration or restore must leave as they are. */
async function progressOf(l: PlannedLearner, id: string) {
  const lesson = await ok('GET', `/lessons/${id}`, l.headers);
  const cards = await t.database.db
    .select()
    .from(reviewCards)
    .where(eq(reviewCards.lessonId, id))
    .orderBy(asc(reviewCards.id));
  return {
    lesson: { isCompleted: lesson.isCompleted, completedAt: lesson.completedAt, grade: lesson.grade },
    assessment: await ok('GET', `/lessons/${id}/assessment`, l.headers),
    notes: (await ok('GET', '/notes', l.headers)) as unknown,
    chat: await ok('GET', `/chat/history?lessonId=${id}`, l.headers),
    cards,
  };
}

describe("a lesson's progress", () => {
  it('is untouched by a regeneration and a restore: completion, grade, assessment, notes, chat, review cards', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    await ok('POST', `/lessons/${id}/assessment/generate`, l.headers);
    await ok('GET', `/lessons/${id}/assessment/status?waitMs=20000`, l.headers);
    const assessment = await ok('GET', `/lessons/${id}/assessment`, l.headers);
    const [row] = await t.database.db
      .select()
      .from(lessonAssessments)
      .where(eq(lessonAssessments.id, assessment.id));
    const stored = row!.questions as { question: string; options: string[]; correctAnswer: string }[];
    const answers = (right: boolean) =>
      JSON.stringify(
        stored.map((q, questionIndex) => ({
          questionIndex,
          question: q.question,
          selectedAnswer: right
            ? q.correctAnswer
            : (q.options.find((o) => o !== q.correctAnswer) ?? 'no idea'),
        })),
      );
    // a first attempt misses everything (its questions become review cards), the second passes
    await ok('POST', `/lessons/assessments/${assessment.id}/submit`, l.headers, { answers: answers(false) });
    await ok('POST', `/lessons/assessments/${assessment.id}/submit`, l.headers, { answers: answers(true) });
    const note = await ok('POST', '/notes', l.headers, {
      title: 'From the first version',
      content: 'A sentence I selected in the first version of the lesson.',
      lessonId: id,
    });
    await ok('POST', '/chat', l.headers, { message: 'What is this lesson about?', lessonId: id });
    const before = await progressOf(l, id);
    expect(before.lesson).toMatchObject({ isCompleted: true, grade: expect.any(Number) });
    expect(before.cards.length).toBeGreaterThan(0);
    expect(before.chat.messages.length).toBeGreaterThan(0);

    await regenerated(l, id, 'simpler');
    expect(await progressOf(l, id)).toEqual(before);
    const [, v1] = await versionsOf(l, id);
    await ok('POST', `/lessons/${id}/versions/${v1!.id}/restore`, l.headers);
    expect(await progressOf(l, id)).toEqual(before);
    // the note keeps its own text, whichever version is shown
    const notes = (await ok('GET', '/notes', l.headers)) as { id: string; content: string }[];
    expect(notes.find((n) => n.id === note.id)?.content).toBe(
      'A sentence I selected in the first version of the lesson.',
    );
  });
});

describe('plan limits', () => {
  it("counts a regeneration as a lesson generation: free, the day's second is refused with the same 429; Pro is not", async () => {
    const free = await learnerWithPlan(t.app);
    const id = free.lessonIds[0]!;
    await withContent(free, id);
    const refused = await api('POST', `/lessons/${id}/regenerate`, free.headers, { instruction: 'simpler' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: LESSON_LIMIT_MESSAGE,
      code: 'PLAN_LIMIT',
      currentCount: 1,
      maxRequests: 1,
      hoursUntilReset: expect.any(Number),
      subscriptionMessage: expect.any(String),
    });
    // the answer a lesson generation gets over the limit (another lesson of a second goal would be gated)
    const other = await api('POST', `/lessons/${free.lessonIds[1]}/generate-content`, free.headers);
    expect(other.statusCode).toBe(429);
    // the same answer, each with its own request id
    expect(refused.json()).toEqual({ ...other.json(), requestId: refused.json().requestId });
    expect(await versionsOf(free, id)).toEqual([]);

    // a day later it is allowed, and counted: the next one is refused again
    await t.database.db
      .update(usageEvents)
      .set({ createdAt: sql`${usageEvents.createdAt} - interval '25 hours'` })
      .where(eq(usageEvents.userId, free.id));
    await regenerated(free, id, 'simpler');
    const again = await api('POST', `/lessons/${id}/regenerate`, free.headers, {});
    expect(again.statusCode).toBe(429);
    // a restore is free, over the limit too
    const [, v1] = await versionsOf(free, id);
    const restored = await api('POST', `/lessons/${id}/versions/${v1!.id}/restore`, free.headers);
    expect(restored.statusCode, restored.body).toBe(200);

    const pro = await learnerWithPlan(t.app, { pro: true });
    await withContent(pro, pro.lessonIds[0]!);
    await regenerated(pro, pro.lessonIds[0]!, 'more examples');
    await regenerated(pro, pro.lessonIds[0]!, 'more practice');
    expect(await versionsOf(pro, pro.lessonIds[0]!)).toHaveLength(3);
  });
});

describe('owners and validation', () => {
  it("answers 404 for another learner's lesson, version or goal, and for a version of another lesson", async () => {
    const owner = await learnerWithPlan(t.app, { pro: true });
    const id = owner.lessonIds[0]!;
    await withContent(owner, id);
    await regenerated(owner, id, 'shorter');
    const [v2] = await versionsOf(owner, id);
    const other = await registerLearner(t.app);
    for (const [method, url] of [
      ['POST', `/lessons/${id}/regenerate`],
      ['GET', `/lessons/${id}/versions`],
      ['GET', `/lessons/${id}/versions/${v2!.id}`],
      ['POST', `/lessons/${id}/versions/${v2!.id}/restore`],
    ] as const) {
      const res = await api(method, url, other.headers, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Lesson not found', code: 'NOT_FOUND' });
    }
    const goal = await api('POST', `/roadmaps/goal/${owner.goalId}/regenerate-remaining`, other.headers);
    expect(goal.statusCode).toBe(404);
    expect(goal.json()).toEqual({
      message: LESSON_VERSION_MESSAGES.goalNotFound,
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
    expect((await ok('GET', `/lessons/${id}`, owner.headers)).content).toEqual(expect.any(String));

    // the owner's version id under another of the owner's lessons, and an id of nothing
    for (const url of [
      `/lessons/${owner.lessonIds[1]}/versions/${v2!.id}`,
      `/lessons/${id}/versions/${crypto.randomUUID()}`,
    ]) {
      const res = await api('GET', url, owner.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({
        message: LESSON_VERSION_MESSAGES.versionNotFound,
        code: 'NOT_FOUND',
        requestId: expect.any(String),
      });
    }
    const wrong = await api(
      'POST',
      `/lessons/${owner.lessonIds[1]}/versions/${v2!.id}/restore`,
      owner.headers,
    );
    expect(wrong.statusCode).toBe(404);
    expect((await api('GET', `/lessons/${id}/versions`, {})).statusCode).toBe(401);
    expect((await api('GET', `/lessons/${id}/versions/not-a-uuid`, owner.headers)).statusCode).toBe(400);
  });

  it('refuses an instruction over 300 characters or not text, in words; a blank one is none', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const long = await api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'The instruction can be at most 300 characters.',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'instruction' }],
    });
    const number = await api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toMatch(/^instruction: /);
    expect(await versionsOf(l, id)).toEqual([]);

    // 300 characters of spaces around a word are trimmed first; blank is no instruction
    const blank = await api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: '   ' });
    expect(blank.statusCode, blank.body).toBe(202);
    expect(blank.json().instruction).toBeNull();
    await written(l, id);
    expect((await versionsOf(l, id))[0]).toMatchObject({ version: 2, instruction: null, isCurrent: true });
  });
});

describe('while a new version is being written (no worker runs the job)', () => {
  it('refuses another instruction and a restore (409), and regenerate-remaining leaves the lesson alone', async () => {
    const q = await createTestApp({ WORKER: 'off' });
    try {
      const l = await learnerWithRoadmap(q.app, q.database.db, 1, 2);
      const id = l.lessonIds[0]!;
      // the content, and a version to restore, written as a finished regeneration leaves them
      await q.database.db
        .update(lessons)
        .set({ content: '# First', contentSource: 'offline' })
        .where(eq(lessons.id, id));
      await q.database.db
        .insert(lessonVersions)
        .values({ userId: l.userId, lessonId: id, version: 1, content: '# First', isCurrent: true });
      const [v1] = (await q.api('GET', `/lessons/${id}/versions`, l.headers)).json().versions;

      const started = await q.api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'simpler' });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json().job.status).toBe('queued');
      const other = await q.api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'shorter' });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({
        message: LESSON_VERSION_MESSAGES.generating,
        code: 'GENERATING',
        requestId: expect.any(String),
      });
      const same = await q.api('POST', `/lessons/${id}/regenerate`, l.headers, { instruction: 'simpler' });
      expect(same.json()).toMatchObject({ joined: true, job: { id: started.json().job.id } });
      const restore = await q.api('POST', `/lessons/${id}/versions/${v1.id}/restore`, l.headers);
      expect(restore.statusCode).toBe(409);
      expect((await q.api('GET', `/lessons/${id}`, l.headers)).json()).toMatchObject({
        content: '# First',
        isGenerating: true,
      });
      const remaining = await q.api('POST', `/roadmaps/goal/${l.goalId}/regenerate-remaining`, l.headers);
      expect(remaining.json().lessons[0]).toMatchObject({ id, outcome: 'generating' });
      expect((await q.api('GET', `/lessons/${id}`, l.headers)).json().content).toBe('# First');
    } finally {
      await q.close();
    }
  });
});

describe('regenerate remaining lessons', () => {
  it('clears the content of lessons not started (kept as a version, written again when opened); keeps the rest', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const [done, noted, chatted, fresh, unwritten] = l.lessonIds;
    const contents = new Map<string, string>();
    for (const id of [done!, noted!, chatted!, fresh!]) contents.set(id, (await withContent(l, id)).content);
    // done: passed; noted: a note on it; chatted: a question to the tutor; fresh: only an unanswered assessment
    await t.database.db.execute(
      sql`update lessons set is_completed = true, completed_at = now(), grade = 90 where id = ${done!}`,
    );
    await ok('POST', '/notes', l.headers, { title: 'Mine', content: 'text', lessonId: noted });
    await ok('POST', '/chat', l.headers, { message: 'Why?', lessonId: chatted });
    await ok('POST', `/lessons/${fresh}/assessment/generate`, l.headers);
    await ok('GET', `/lessons/${fresh}/assessment/status?waitMs=20000`, l.headers);

    const out = await ok('POST', `/roadmaps/goal/${l.goalId}/regenerate-remaining`, l.headers);
    expect(out.goalId).toBe(l.goalId);
    expect(out.cleared).toBe(1);
    const outcome = new Map(out.lessons.map((x: { id: string; outcome: string }) => [x.id, x.outcome]));
    expect([done, noted, chatted, fresh, unwritten].map((id) => outcome.get(id!))).toEqual([
      'completed',
      'started',
      'started',
      'cleared',
      'not-written',
    ]);
    expect(out.lessons.map((x: { id: string }) => x.id)).toEqual(l.lessonIds);

    for (const id of [done!, noted!, chatted!]) {
      expect((await ok('GET', `/lessons/${id}`, l.headers)).content).toBe(contents.get(id));
      expect(await versionsOf(l, id)).toEqual([]);
    }
    const cleared = await ok('GET', `/lessons/${fresh}`, l.headers);
    const title = cleared.title;
    expect(cleared).toMatchObject({ content: null, isGenerating: false });
    expect(await versionsOf(l, fresh!)).toMatchObject([{ version: 1, isCurrent: false }]);
    expect((await api('GET', `/lessons/${fresh}/assessment`, l.headers)).statusCode).toBe(404);

    // opened again: written as a first generation, the new content its next version
    const again = await withContent(l, fresh!);
    expect(again).toMatchObject({ title, content: expect.any(String) });
    expect((await versionsOf(l, fresh!)).map((v) => [v.version, v.isCurrent])).toEqual([
      [2, true],
      [1, false],
    ]);
    const [, v1] = await versionsOf(l, fresh!);
    expect((await ok('GET', `/lessons/${fresh}/versions/${v1!.id}`, l.headers)).content).toBe(
      contents.get(fresh!),
    );
  });
});

describe('a removed lesson', () => {
  it('comes back by its Undo with its versions', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    await regenerated(l, id, 'more examples');
    const versions = await versionsOf(l, id);
    expect(versions).toHaveLength(2);

    const { version } = await ok('GET', `/roadmaps/goal/${l.goalId}/edits`, l.headers);
    const removed = await ok('DELETE', `/roadmaps/items/${id}?version=${version}`, l.headers);
    expect((await api('GET', `/lessons/${id}`, l.headers)).statusCode).toBe(404);
    expect(await t.database.db.select().from(lessonVersions).where(eq(lessonVersions.lessonId, id))).toEqual(
      [],
    );
    await ok('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, l.headers, { version: removed.version });
    expect(await versionsOf(l, id)).toEqual(versions);
  });
});
