// Nothing is lost by editing a plan: a plan with progress in everything (lessons done with grades and a
// submitted assessment, notes on lessons, review cards with a grade, focus sessions, chats), then each kind of
// edit and its Undo, all through the app's own routes. Every other lesson keeps all it had; a removed lesson's
// notes stay in the knowledge base, unlinked, its review cards are suspended (not deleted) and its focus
// minutes still count; Undo brings the lesson back with everything it had, linked again.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments, reviewCards } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, type Headers, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: object) {
  const res = await api(method, url, headers, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

interface StoredQuestion {
  question: string;
  options: string[];
  correctAnswer: string;
}

/** Content, a submitted assessment (one choice missed: a review card), a note, a focus session and a chat. */
async function progressIn(headers: Headers, lessonId: string, tag: string) {
  await ok('POST', `/lessons/${lessonId}/generate-content`, headers);
  expect((await ok('GET', `/lessons/${lessonId}/content-status?waitMs=20000`, headers)).job.status).toBe(
    'succeeded',
  );
  await ok('POST', `/lessons/${lessonId}/assessment/generate`, headers);
  await ok('GET', `/lessons/${lessonId}/assessment/status?waitMs=20000`, headers);
  const assessment = await ok('GET', `/lessons/${lessonId}/assessment`, headers);
  const [row] = await t.database.db
    .select()
    .from(lessonAssessments)
    .where(eq(lessonAssessments.id, assessment.id));
  const stored = row!.questions as StoredQuestion[];
  const missed = stored.findIndex((q) => q.options.length > 0);
  const answers = stored.map((q, questionIndex) => ({
    questionIndex,
    question: q.question,
    selectedAnswer:
      questionIndex === missed ? q.options.find((o) => o !== q.correctAnswer)! : q.correctAnswer,
  }));
  const submitted = await ok('POST', `/lessons/assessments/${assessment.id}/submit`, headers, {
    answers: JSON.stringify(answers),
    score: 100,
  });
  expect(submitted.submission.passed, JSON.stringify(submitted.submission)).toBe(true);
  await ok('POST', '/notes', headers, {
    title: `Notes on ${tag}`,
    content: `What I learned in ${tag}.\nWhat is ${tag}? :: The lesson ${tag}`,
    lessonId,
  });
  await ok('POST', '/pomodoro/sessions', headers, {
    clientId: `focus-${tag}-${randomUUID().slice(0, 8)}`,
    completedAt: new Date().toISOString(),
    duration: 1500,
    notes: `Focus on ${tag}`,
    lessonId,
  });
  await ok('POST', '/chat', headers, { message: `A question about ${tag}`, lessonId });
}

type State = Awaited<ReturnType<typeof readState>>;

/** Everything the learner has, as the app shows it (cards as stored: no route lists suspended ones). */
async function readState(headers: Headers, userId: string, goalId: string, tracked: string[]) {
  const plan = await ok('GET', `/learningplan/optimized-data/${goalId}`, headers);
  const lessons: Record<string, Record<string, unknown>> = {};
  for (const section of plan.roadmaps as { id: string; name: string }[]) {
    for (const { updatedAt: _u, ...lesson } of plan.lessonsForRoadmaps[section.id]) {
      lessons[lesson.id] = { ...lesson, section: section.name };
    }
  }
  const notes = Object.fromEntries(
    ((await ok('GET', '/notes', headers)) as { id: string; lessonId: string | null; content: string }[]).map(
      (n) => [n.id, { lessonId: n.lessonId, content: n.content }],
    ),
  );
  const focus = await ok('GET', '/pomodoro/stats', headers);
  const cards = Object.fromEntries(
    (
      await t.database.db
        .select({
          id: reviewCards.id,
          sourceKind: reviewCards.sourceKind,
          lessonId: reviewCards.lessonId,
          noteId: reviewCards.noteId,
          suspended: reviewCards.suspended,
          reps: reviewCards.reps,
          state: reviewCards.state,
          due: reviewCards.due,
          logs: sql<number>`(select count(*)::int from review_logs g where g.card_id = review_cards.id)`,
        })
        .from(reviewCards)
        .where(eq(reviewCards.userId, userId))
    ).map(({ id, ...card }) => [id, card]),
  );
  const opened: Record<string, unknown> = {};
  for (const id of tracked) {
    const lesson = await api('GET', `/lessons/${id}`, headers);
    if (lesson.statusCode === 404) {
      opened[id] = 'gone';
      continue;
    }
    const { updatedAt: _u, imageUrl: _i, audioUrl: _a, ...view } = lesson.json();
    // a lesson not yet assessed answers 404, whose body names its own request
    const { requestId: _r, ...assessment } = (await api('GET', `/lessons/${id}/assessment`, headers)).json();
    opened[id] = {
      view,
      assessment,
      chat: (await ok('GET', `/chat/history?lessonId=${id}&take=50`, headers)).messages,
    };
  }
  const learningPlan = await ok('GET', `/learningplans/goal/${goalId}`, headers);
  return {
    sections: (plan.roadmaps as Record<string, unknown>[]).map(({ updatedAt: _u, ...s }) => s),
    lessons,
    progress: plan.goal.goalProgress,
    notes,
    cards,
    focus: {
      totalMinutes: focus.totalMinutes,
      goals: focus.goals,
      lessons: Object.fromEntries(
        (focus.lessons as { lessonId: string; minutes: number; sessions: number }[]).map((x) => [
          x.lessonId,
          { minutes: x.minutes, sessions: x.sessions },
        ]),
      ),
    },
    opened,
    planSection: learningPlan.roadmapId as string | null,
  };
}

/** What a lesson has that an edit of another (or a move of it) must not change. */
function keptOf(s: State, id: string) {
  const { position: _p, roadmapId: _r, section: _s, title: _t, ...lesson } = s.lessons[id] ?? {};
  const opened = s.opened[id] as { view: Record<string, unknown> } | undefined;
  const { position: _vp, roadmapId: _vr, roadmap: _vs, title: _vt, ...view } = opened?.view ?? {};
  return {
    lesson,
    opened: opened && { ...opened, view },
    notes: Object.entries(s.notes).filter(([, n]) => n.lessonId === id),
    cards: Object.entries(s.cards).filter(([, c]) => c.lessonId === id),
    focus: s.focus.lessons[id],
  };
}

describe('nothing is lost', () => {
  it('keeps every lesson’s progress through each kind of edit, and Undo brings back a removed lesson whole', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const headers = l.headers;
    const [s1, s2] = l.sections;
    expect(s1!.lessonIds.length).toBeGreaterThanOrEqual(3);
    const [a, b, d] = s1!.lessonIds as [string, string, string];
    const c = s2!.lessonIds[0]!;
    const tracked = [a, b, c, d];
    await progressIn(headers, a, 'A');
    await progressIn(headers, b, 'B');
    await progressIn(headers, c, 'C');
    await ok('PUT', `/roadmaps/items/${d}/completion`, headers, { isCompleted: true });

    const cardsOf = async () => t.database.db.select().from(reviewCards).where(eq(reviewCards.userId, l.id));
    const cards = await cardsOf();
    const lessonCard = (id: string) =>
      cards.find((x) => x.lessonId === id && x.sourceKind === 'lesson-question')!;
    const noteCard = (id: string) => cards.find((x) => x.lessonId === id && x.sourceKind === 'note-line')!;
    for (const id of [a, b, c]) {
      expect(lessonCard(id), `a missed question of ${id} in review`).toBeDefined();
      expect(noteCard(id), `the note line of ${id} in review`).toBeDefined();
    }
    // one card graded (it has a log); one the learner suspended themselves, which stays suspended
    await ok('POST', `/reviews/${lessonCard(a).id}/grade`, headers, {
      rating: 'good',
      reviewId: randomUUID(),
    });
    await ok('PUT', `/reviews/${lessonCard(b).id}/suspend`, headers, { suspended: true });

    const read = () => readState(headers, l.id, l.goalId, tracked);
    const baseline = await read();
    for (const id of [a, b, c]) {
      expect(baseline.lessons[id]).toMatchObject({
        isCompleted: true,
        lessonAssessment: { score: expect.any(Number) },
      });
      expect(baseline.lessons[id]!.grade).toEqual(expect.any(Number));
      expect((baseline.opened[id] as { chat: unknown[] }).chat).toHaveLength(2);
      expect(baseline.focus.lessons[id]).toEqual({ minutes: 25, sessions: 1 });
    }
    expect(baseline.cards[lessonCard(a).id]).toMatchObject({ logs: 1, reps: 1 });
    expect(baseline.planSection).toBe(s1!.id);
    expect(baseline.focus.totalMinutes).toBe(75);

    let version = 0;
    const edit = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
      const res = await ok(method, url, headers, body);
      expect(res.edit, `${method} ${url}`).not.toBeNull();
      version = res.version;
    };
    const undo = () => edit('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, { version });

    /** every lesson but `except` keeps all it had; the removed ones are checked by the caller */
    const othersKept = (after: State, except: string[] = []) => {
      for (const id of Object.keys(baseline.lessons)) {
        if (except.includes(id)) continue;
        expect(keptOf(after, id), `lesson ${id}`).toEqual(keptOf(baseline, id));
      }
      expect(after.focus.totalMinutes).toBe(baseline.focus.totalMinutes);
      expect(after.focus.goals).toEqual(baseline.focus.goals);
      expect(Object.keys(after.notes).sort()).toEqual(Object.keys(baseline.notes).sort());
      expect(Object.keys(after.cards).sort()).toEqual(Object.keys(baseline.cards).sort());
    };
    /** a removed lesson: gone from the plan, its notes, cards and minutes still there */
    const removedKept = (after: State, id: string) => {
      expect(after.lessons[id]).toBeUndefined();
      if (id in baseline.opened) expect(after.opened[id]).toBe('gone');
      for (const [noteId, note] of Object.entries(baseline.notes).filter(([, n]) => n.lessonId === id)) {
        expect(after.notes[noteId]).toEqual({ ...note, lessonId: null });
      }
      for (const [cardId, card] of Object.entries(baseline.cards).filter(([, c]) => c.lessonId === id)) {
        // the lesson's own cards are suspended; its notes' cards go on with their notes
        const suspended = card.noteId === null ? true : card.suspended;
        expect(after.cards[cardId], `card ${cardId}`).toEqual({ ...card, lessonId: null, suspended });
      }
      expect(after.focus.lessons[id]).toBeUndefined();
    };
    const undone = async () => {
      await undo();
      expect(await read()).toEqual(baseline);
    };

    // rename
    await edit('PUT', `/roadmaps/items/${a}`, { title: 'A new name', version });
    othersKept(await read());
    await undone();

    // move within a milestone
    await edit('POST', `/roadmaps/items/${a}/move`, { roadmapId: s1!.id, index: 99, version });
    let after = await read();
    expect(after.lessons[a]).toMatchObject({ position: s1!.lessonIds.length - 1 });
    othersKept(after);
    await undone();

    // move across milestones
    await edit('POST', `/roadmaps/items/${a}/move`, { roadmapId: s2!.id, index: 0, version });
    after = await read();
    expect(after.lessons[a]).toMatchObject({ roadmapId: s2!.id, position: 0 });
    othersKept(after);
    await undone();

    // move a milestone
    await edit('POST', `/roadmaps/${s1!.id}/move`, { index: 1, version });
    after = await read();
    expect(after.sections.map((s) => s.id).slice(0, 2)).toEqual([s2!.id, s1!.id]);
    othersKept(after);
    await undone();

    // add a lesson, add a milestone
    await edit('POST', `/roadmaps/${s1!.id}/items`, { title: 'Extra practice', index: 0, version });
    othersKept(await read());
    await undone();
    await edit('POST', `/roadmaps/goal/${l.goalId}/sections`, { name: 'Extra milestone', index: 0, version });
    othersKept(await read());
    await undone();

    // remove a lesson
    await edit('DELETE', `/roadmaps/items/${a}?version=${version}`);
    after = await read();
    othersKept(after, [a]);
    removedKept(after, a);
    await undone();

    // remove a milestone with its lessons (the plan pointed at it)
    await edit('DELETE', `/roadmaps/${s1!.id}?version=${version}`);
    after = await read();
    othersKept(after, s1!.lessonIds);
    for (const id of s1!.lessonIds) removedKept(after, id);
    expect(after.cards[lessonCard(b).id]!.suspended).toBe(true);
    expect(after.planSection).toBeNull();
    await undone();
    // the card the learner suspended stays suspended; the one the removal suspended is back in review
    const now = await cardsOf();
    expect(now.find((x) => x.id === lessonCard(b).id)!.suspended).toBe(true);
    expect(now.find((x) => x.id === lessonCard(a).id)!.suspended).toBe(false);
  });
});
