// Spaced review through the real app (PGlite here, PostgreSQL in CI): cards from a failed lesson assessment
// and from notes, grading as ts-fsrs schedules it, idempotent grades, undo, suspend, the queue's rules over
// time (a clock the test moves), stats, and owner scoping.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments, reviewCards, reviewLogs } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';

let t: TestApp;
let now = new Date('2026-03-10T09:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);
type H = Record<string, string>;
const queue = async (h: H) => (await api('GET', '/reviews/queue', h)).json();
const grade = (h: H, cardId: string, rating: string, reviewId: string = randomUUID()) =>
  api('POST', `/reviews/${cardId}/grade`, h, { rating, reviewId });
const note = async (h: H, title: string, content: string) => {
  const res = await api('POST', '/notes', h, { title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('cards from a failed lesson assessment', () => {
  it('makes a card per question missed; missing it again grades the card Again', async () => {
    const l = await learnerWithPlan(t.app);
    const lessonId = l.lessonIds[0]!;
    await api('POST', `/lessons/${lessonId}/generate-content`, l.headers);
    await api('GET', `/lessons/${lessonId}/content-status?waitMs=20000`, l.headers);
    await api('POST', `/lessons/${lessonId}/assessment/generate`, l.headers);
    await api('GET', `/lessons/${lessonId}/assessment/status?waitMs=20000`, l.headers);
    const assessment = (await api('GET', `/lessons/${lessonId}/assessment`, l.headers)).json();
    const [row] = await t.database.db
      .select()
      .from(lessonAssessments)
      .where(eq(lessonAssessments.id, assessment.id));
    const stored = row!.questions as { question: string; options: string[]; correctAnswer: string }[];
    // the first choice question right, every other one wrong
    const answers = stored.map((q, questionIndex) => ({
      questionIndex,
      selectedAnswer:
        q.options.length === 0
          ? "I don't know"
          : questionIndex === 0
            ? q.correctAnswer
            : q.options.find((o) => o !== q.correctAnswer)!,
    }));
    const submit = () =>
      api('POST', `/lessons/assessments/${assessment.id}/submit`, l.headers, {
        answers: JSON.stringify(answers),
      });
    const res = await submit();
    expect(res.statusCode, res.body).toBe(200);
    const missed = stored.length - 1;
    expect(res.json().submission.reviewCards).toBe(missed);
    const q = await queue(l.headers);
    expect(q.counts).toEqual({ learning: 0, review: 0, new: missed });
    const open = q.cards.find((c: { options: string[] }) => c.options.length === 0);
    expect(open).toMatchObject({ sourceKind: 'lesson-question', lessonId, goalId: l.goalId, state: 'new' });
    expect(open.answer).toBe(stored.find((s) => s.options.length === 0)!.correctAnswer);
    const choice = q.cards.find((c: { options: string[] }) => c.options.length > 0);
    expect(stored.map((s) => s.question)).toContain(choice.prompt);
    expect(choice.options).toEqual(stored.find((s) => s.question === choice.prompt)!.options);

    // the same questions missed again: the same cards, graded Again (a log with no client id)
    const again = await submit();
    expect(again.json().submission.reviewCards).toBe(missed);
    // Again puts them in (re)learning a minute away
    expect((await queue(l.headers)).total).toBe(0);
    now = new Date(now.getTime() + 60_000);
    const after = await queue(l.headers);
    expect(after.total).toBe(missed);
    expect(after.counts.learning).toBe(missed);
    const logs = await t.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, choice.id));
    expect(logs).toMatchObject([{ rating: Rating.Again, reviewKey: null }]);
  });

  it('knowledge-assessment questions answered wrongly in the wizard become cards of the goal', async () => {
    const l = await learnerWithPlan(t.app);
    const k = (await api('POST', `/goals/${l.goalId}/knowledge-assessment`, l.headers)).json();
    const answers = k.questions.topics.flatMap((topic: { questions: { options: string[] }[] }, ti: number) =>
      topic.questions.map((_q, qi) => ({ topicIndex: ti, questionIndex: qi, answer: 'surely not this' })),
    );
    const res = await api('POST', `/assessments/knowledge/${k.id}/submit`, l.headers, { answers });
    expect(res.statusCode, res.body).toBe(200);
    const q = await queue(l.headers);
    expect(q.total).toBe(res.json().total);
    expect(q.cards.every((c: { sourceKind: string }) => c.sourceKind === 'knowledge-question')).toBe(true);
    const stats = (await api('GET', '/reviews/stats', l.headers)).json();
    expect(stats.byGoal).toEqual([
      { goalId: l.goalId, goal: expect.any(String), cards: q.total, due: q.total },
    ]);
  });
});

describe('grading', () => {
  it('moves the due date as ts-fsrs says, shows it on each grade, and is idempotent by reviewId', async () => {
    const l = await registerLearner(t.app);
    await note(l.headers, 'Joins', 'What does an inner join keep? :: Rows matched in both tables');
    const [card] = (await queue(l.headers)).cards;
    const f = fsrs({ request_retention: 0.9, enable_fuzz: false });
    const expected = f.repeat(createEmptyCard(new Date(card.due)), now);
    expect(card.next.good).toBe(expected[Rating.Good].card.due.toISOString());
    expect(card.next.easy).toBe(expected[Rating.Easy].card.due.toISOString());

    const reviewId = randomUUID();
    const first = await grade(l.headers, card.id, 'easy', reviewId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      replayed: false,
      card: { state: 'review', reps: 1, due: expected[Rating.Easy].card.due.toISOString() },
    });
    const replay = await grade(l.headers, card.id, 'again', reviewId);
    expect(replay.json()).toMatchObject({ replayed: true, card: { state: 'review', reps: 1 } });
    expect(await t.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, card.id))).toHaveLength(
      1,
    );
    expect((await queue(l.headers)).total).toBe(0);

    // another card under the same reviewId is a conflict
    await note(l.headers, 'Keys', 'Primary key :: Identifies a row');
    const [other] = (await queue(l.headers)).cards;
    expect((await grade(l.headers, other.id, 'good', reviewId)).statusCode).toBe(409);
  });

  it('grades 50 cards from 10 concurrent clients: every grade succeeds, once each', async () => {
    const l = await registerLearner(t.app);
    const notes = Array.from({ length: 50 }, (_, i) => ({
      title: `C${i}`,
      content: `q${i} :: a${i}`,
      tags: [],
    }));
    expect((await api('POST', '/notes/import', l.headers, { notes })).statusCode).toBe(200);
    const settings = { requestRetention: 0.9, newPerDay: 50, reviewsPerDay: 200 };
    expect((await api('PUT', '/reviews/settings', l.headers, settings)).statusCode).toBe(200);
    const { cards } = (await api('GET', '/reviews/queue?limit=50', l.headers)).json();
    const ids: string[] = cards.map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(50);
    const clients = Array.from({ length: 10 }, (_, c) => ids.filter((_, i) => i % 10 === c));
    const answers = await Promise.all(
      clients.map(async (mine) => {
        const codes: number[] = [];
        for (const id of mine) codes.push((await grade(l.headers, id, 'good')).statusCode);
        return codes;
      }),
    );
    expect(answers.flat()).toEqual(Array(50).fill(200));
    const logs = await t.database.db.select().from(reviewLogs).where(inArray(reviewLogs.cardId, ids));
    expect(logs.map((g) => g.cardId).sort()).toEqual([...ids].sort());
  });

  it('one card graded by 8 clients at once: each grade applied once, in turn; one reviewId sent 8 times: one grade', async () => {
    const l = await registerLearner(t.app);
    // two notes: a note's second card would wait for another day
    await note(l.headers, 'Race', 'first :: one');
    await note(l.headers, 'Replay', 'second :: two');
    const { cards } = (await api('GET', '/reviews/queue?limit=2', l.headers)).json();
    const [a, b] = cards.map((c: { id: string }) => c.id as string);
    expect(b).toBeDefined();
    const distinct = await Promise.all(Array.from({ length: 8 }, () => grade(l.headers, a, 'good')));
    expect(distinct.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [cardA] = await t.database.db.select().from(reviewCards).where(eq(reviewCards.id, a));
    expect(cardA!.reps).toBe(8);
    // no grade lost to another (each written on the state the last one left) and each logged once
    expect(await t.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, a))).toHaveLength(8);

    const reviewId = randomUUID();
    const same = await Promise.all(Array.from({ length: 8 }, () => grade(l.headers, b, 'again', reviewId)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(same.filter((r) => !r.json().replayed)).toHaveLength(1);
    expect(await t.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, b))).toHaveLength(1);
  });

  it('refuses bad ratings and review ids with 400', async () => {
    const l = await registerLearner(t.app);
    await note(l.headers, 'N', 'a :: b');
    const [card] = (await queue(l.headers)).cards;
    for (const body of [
      { rating: 'perfect', reviewId: randomUUID() },
      { rating: 3, reviewId: randomUUID() },
      { rating: 'good', reviewId: 'not-a-uuid' },
      { rating: 'good' },
    ]) {
      const res = await api('POST', `/reviews/${card.id}/grade`, l.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('undoes the last grade: the card as it was, then nothing left to undo', async () => {
    const l = await registerLearner(t.app);
    await note(l.headers, 'N', 'a :: b');
    const [card] = (await queue(l.headers)).cards;
    await grade(l.headers, card.id, 'good');
    expect((await queue(l.headers)).total).toBe(0);
    const undo = await api('POST', `/reviews/${card.id}/undo`, l.headers);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ state: 'new', reps: 0, due: card.due, lastReview: null });
    expect((await queue(l.headers)).cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect((await api('POST', `/reviews/${card.id}/undo`, l.headers)).statusCode).toBe(409);
    // an undone grade does not count for today
    expect((await api('GET', '/reviews/stats', l.headers)).json().reviewsToday).toBe(0);
  });

  it('suspends a card out of the queue and back', async () => {
    const l = await registerLearner(t.app);
    await note(l.headers, 'N', 'a :: b');
    const [card] = (await queue(l.headers)).cards;
    const s = await api('PUT', `/reviews/${card.id}/suspend`, l.headers, { suspended: true });
    expect(s.json()).toMatchObject({ id: card.id, suspended: true });
    expect((await queue(l.headers)).total).toBe(0);
    await api('PUT', `/reviews/${card.id}/suspend`, l.headers, { suspended: false });
    expect((await queue(l.headers)).total).toBe(1);
  });
});

describe('notes in review', () => {
  it('keeps line cards in step with edits and deletion; a note is added and removed as a whole', async () => {
    const l = await registerLearner(t.app);
    const id = await note(l.headers, 'SQL', 'Join :: Combines rows\nIndex :: Speeds up lookups\ntext');
    const cards = async () =>
      (await api('GET', '/reviews/notes', l.headers)).json() as { noteId: string; cards: number }[];
    expect(await cards()).toEqual([{ noteId: id, inReview: false, cards: 2 }]);
    const [first] = (await queue(l.headers)).cards;
    expect(first).toMatchObject({
      sourceKind: 'note-line',
      noteId: id,
      prompt: 'Join',
      answer: 'Combines rows',
    });
    await grade(l.headers, first.id, 'good');

    // Join's answer edited (its card and schedule kept), Index removed, View added
    const edit = await api('PUT', `/notes/${id}`, l.headers, {
      title: 'SQL',
      content: 'Join :: Combines rows of tables\nView :: A stored query',
    });
    expect(edit.statusCode).toBe(200);
    const added = await api('POST', `/reviews/notes/${id}`, l.headers);
    expect(added.json()).toEqual({ noteId: id, inReview: true, cards: 3 });
    now = new Date(now.getTime() + 3 * DAY);
    const later = (await queue(l.headers)).cards as {
      id: string;
      prompt: string;
      answer: string;
      reps: number;
    }[];
    const join = later.find((c) => c.id === first.id);
    // one card of the note a day: Join (in review, due first) comes, View and the note wait
    expect(later).toHaveLength(1);
    expect(join).toMatchObject({ prompt: 'Join', answer: 'Combines rows of tables', reps: 1 });

    expect((await api('DELETE', `/reviews/notes/${id}`, l.headers)).json()).toEqual({
      noteId: id,
      inReview: false,
      cards: 2,
    });
    expect((await api('DELETE', `/notes/${id}`, l.headers)).statusCode).toBe(204);
    expect(await cards()).toEqual([]);
    expect((await queue(l.headers)).total).toBe(0);
  });

  it('shows a second card of one note only on another day', async () => {
    const l = await registerLearner(t.app);
    await note(l.headers, 'Pair', 'One :: 1\nTwo :: 2');
    const q1 = await queue(l.headers);
    expect(q1.total).toBe(1);
    await grade(l.headers, q1.cards[0].id, 'easy');
    const q2 = await queue(l.headers);
    expect(q2.total).toBe(0);
    // held back until the learner's next day begins
    expect(q2.nextDueAt).toBe(new Date(Math.floor(now.getTime() / DAY) * DAY + DAY).toISOString());
    now = new Date(now.getTime() + DAY);
    const q3 = await queue(l.headers);
    expect(q3.cards.map((c: { prompt: string }) => c.prompt)).toEqual(['Two']);
  });

  it('caps new cards per day with the learner’s settings', async () => {
    const l = await registerLearner(t.app);
    const set = await api('PUT', '/reviews/settings', l.headers, {
      requestRetention: 0.85,
      newPerDay: 2,
      reviewsPerDay: 100,
    });
    expect(set.statusCode).toBe(200);
    for (const n of [1, 2, 3]) await note(l.headers, `N${n}`, `q${n} :: a${n}`);
    const q = await queue(l.headers);
    expect(q.counts).toEqual({ learning: 0, review: 0, new: 2 });
    await grade(l.headers, q.cards[0].id, 'easy');
    expect((await queue(l.headers)).counts.new).toBe(1);
    const stats = (await api('GET', '/reviews/stats', l.headers)).json();
    expect(stats).toMatchObject({ dueNow: 1, reviewsToday: 1, totalCards: 3, retention30d: null });
    expect(stats.dueByDay).toHaveLength(7);
    expect(stats.dueByDay[0]).toEqual({ date: now.toISOString().slice(0, 10), count: 2 });
  });
});

describe('owner scoping', () => {
  it("another learner's card and note ids answer 404 and change nothing", async () => {
    const a = await registerLearner(t.app);
    const b = await registerLearner(t.app);
    const bNote = await note(b.headers, 'Mine', 'q :: a');
    const [bCard] = (await queue(b.headers)).cards;
    expect((await grade(a.headers, bCard.id, 'good')).statusCode).toBe(404);
    expect((await api('POST', `/reviews/${bCard.id}/undo`, a.headers)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/reviews/${bCard.id}/suspend`, a.headers, { suspended: true })).statusCode,
    ).toBe(404);
    expect((await api('POST', `/reviews/notes/${bNote}`, a.headers)).statusCode).toBe(404);
    expect((await api('DELETE', `/reviews/notes/${bNote}`, a.headers)).statusCode).toBe(404);
    expect((await queue(a.headers)).total).toBe(0);
    expect((await queue(b.headers)).cards[0]).toMatchObject({ id: bCard.id, reps: 0, suspended: false });
  });
});
