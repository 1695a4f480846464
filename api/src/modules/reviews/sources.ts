// Where cards come from: questions missed in an assessment (a new card, or Again for one that exists) and
// notes (the whole note when the learner adds it; one card per `Question :: Answer` line, kept in step with
// every edit — a note's cards go when it is deleted, by the foreign key).
import { createHash } from 'node:crypto';
import type { ReviewSourceKind } from '@mindpath/contracts/reviews';
import { noteLineKey, parseNoteLines } from '@mindpath/contracts/reviews-logic';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessons, roadmaps } from '../../db/schema.ts';
import { grade, newMemory } from './fsrs.ts';
import {
  cardsOfNote,
  cardsOfSources,
  deleteCards,
  insertCards,
  insertLog,
  type NewCard,
  saveMemory,
  updateCardText,
} from './repository.ts';
import { schedulerOf } from './service.ts';

const digest = (text: string) => createHash('sha256').update(noteLineKey(text)).digest('hex').slice(0, 24);

export interface MissedQuestion {
  /** what tells this question from the assessment's others (lesson id or assessment id and position) */
  scope: string;
  question: string;
  answer: string;
  options: string[];
}

/**
 * Puts the missed questions in review: a new card for each, or Again for a question already a card (the same
 * wording in the same scope). Answers how many questions are now in review.
 */
export async function reviewMissedQuestions(
  tx: Db | Tx,
  userId: string,
  kind: Extract<ReviewSourceKind, 'lesson-question' | 'knowledge-question'>,
  origin: { lessonId: string | null; goalId: string | null },
  missed: MissedQuestion[],
  now: Date,
): Promise<number> {
  if (missed.length === 0) return 0;
  const bySource = new Map(missed.map((m) => [`${m.scope}:${digest(m.question)}`, m]));
  const existing = await cardsOfSources(tx, userId, kind, [...bySource.keys()]);
  const f = await schedulerOf(tx, userId);
  for (const card of existing) {
    const { memory, log } = grade(f, card, 'again', now);
    await insertLog(tx, { ...log, userId, cardId: card.id, reviewKey: null });
    await saveMemory(tx, card.id, memory);
    bySource.delete(card.sourceId);
  }
  await insertCards(
    tx,
    [...bySource].map(([sourceId, m], i) => ({
      userId,
      sourceKind: kind,
      sourceId,
      siblingKey: sourceId,
      noteId: null,
      ...origin,
      prompt: m.question,
      answer: m.answer,
      options: m.options,
      ...newMemory(now, i),
    })),
  );
  return bySource.size + existing.length;
}

export interface ExerciseToReview {
  exerciseId: string;
  lessonId: string;
  title: string;
  /** Markdown */
  task: string;
  language: string;
  solution: string;
}

/**
 * An exercise failed, or solved only with its solution, becomes a "Solve again" card: its title and task the
 * prompt, its reference solution the answer. Once: while the card exists, another miss changes nothing (the
 * learner's grade on /review schedules it, as for any card). Answers whether a card was made.
 */
export async function reviewExercise(
  tx: Db | Tx,
  userId: string,
  exercise: ExerciseToReview,
  now: Date,
): Promise<boolean> {
  const goals = await goalsOfLessons(tx, [exercise.lessonId]);
  const fence = '`'.repeat(
    Math.max(3, ...[...exercise.solution.matchAll(/`+/g)].map((m) => m[0].length + 1)),
  );
  const made = await insertCards(tx, [
    {
      userId,
      sourceKind: 'exercise',
      sourceId: exercise.exerciseId,
      siblingKey: exercise.exerciseId,
      noteId: null,
      lessonId: exercise.lessonId,
      goalId: goals.get(exercise.lessonId) ?? null,
      prompt: `**${exercise.title}**\n\n${exercise.task}`,
      answer: `${fence}${exercise.language}\n${exercise.solution}\n${fence}`,
      options: [],
      ...newMemory(now),
    },
  ]);
  return made.length > 0;
}

export interface NoteSource {
  id: string;
  title: string;
  content: string;
  lessonId: string | null;
}

/** The goal of each lesson (the plan a note's lesson belongs to). */
async function goalsOfLessons(
  tx: Db | Tx,
  lessonIds: (string | null)[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(lessonIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ lessonId: lessons.id, goalId: roadmaps.goalId })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(inArray(lessons.id, ids));
  return new Map(rows.map((r) => [r.lessonId, r.goalId]));
}

const lineSource = (noteId: string, key: string) => `${noteId}:${digest(key)}`;

function noteCard(
  note: NoteSource & { userId: string; goalId: string | null },
  kind: 'note' | 'note-line',
  text: { sourceId: string; prompt: string; answer: string },
  now: Date,
  index: number,
): NewCard {
  return {
    userId: note.userId,
    noteId: note.id,
    lessonId: note.lessonId,
    goalId: note.goalId,
    sourceKind: kind,
    siblingKey: note.id,
    options: [],
    ...text,
    ...newMemory(now, index),
  };
}

/** The `Question :: Answer` cards of notes just made (they have no cards yet): one insert for all. */
export async function addLineCards(
  tx: Db | Tx,
  userId: string,
  notes: NoteSource[],
  now: Date,
): Promise<void> {
  const goals = await goalsOfLessons(
    tx,
    notes.map((n) => n.lessonId),
  );
  const cards = notes.flatMap((n) => {
    const owner = { ...n, userId, goalId: n.lessonId ? (goals.get(n.lessonId) ?? null) : null };
    return parseNoteLines(n.content).map((l) => ({ owner, l }));
  });
  await insertCards(
    tx,
    cards.map(({ owner, l }, i) =>
      noteCard(
        owner,
        'note-line',
        { sourceId: lineSource(owner.id, l.key), prompt: l.question, answer: l.answer },
        now,
        i,
      ),
    ),
  );
}

/**
 * Brings a note's cards in step with it: the whole-note card (when the note is in review, or `addWhole`)
 * takes the title and content; each `Question :: Answer` line has its card (kept with its schedule while the
 * question stays, its answer updated), a line removed loses its card.
 */
export async function syncNoteCards(
  tx: Db | Tx,
  userId: string,
  note: NoteSource,
  now: Date,
  addWhole = false,
): Promise<void> {
  const cards = await cardsOfNote(tx, userId, note.id);
  const lines = new Map(parseNoteLines(note.content).map((l) => [lineSource(note.id, l.key), l]));
  const stale: string[] = [];
  for (const card of cards) {
    const line = lines.get(card.sourceId);
    const text =
      card.sourceKind === 'note'
        ? { prompt: note.title, answer: note.content }
        : line
          ? { prompt: line.question, answer: line.answer }
          : null;
    if (!text) stale.push(card.id);
    else if (text.prompt !== card.prompt || text.answer !== card.answer) {
      await updateCardText(tx, card.id, text);
    }
    lines.delete(card.sourceId);
  }
  await deleteCards(tx, stale);
  const wantsWhole = addWhole && !cards.some((c) => c.sourceKind === 'note');
  if (lines.size === 0 && !wantsWhole) return;
  const goals = await goalsOfLessons(tx, [note.lessonId]);
  const owner = { ...note, userId, goalId: note.lessonId ? (goals.get(note.lessonId) ?? null) : null };
  const fresh = [...lines].map(([sourceId, l], i) =>
    noteCard(owner, 'note-line', { sourceId, prompt: l.question, answer: l.answer }, now, i),
  );
  if (wantsWhole) {
    const whole = { sourceId: note.id, prompt: note.title, answer: note.content };
    fresh.push(noteCard(owner, 'note', whole, now, fresh.length));
  }
  await insertCards(tx, fresh);
}
