// Edits of a plan's shape by its learner (renames now), each recorded with the change that takes it back,
// so the last can be undone; an edit made on an older version of the plan than the stored one is refused.

import type { PlanEdit, PlanEdits } from '@mindpath/contracts/roadmaps';
import { PLAN_EDIT_MESSAGES, type PlanEditKind } from '@mindpath/contracts/roadmaps-constants';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  goalEditVersion,
  insertPlanEdit,
  lastUndoableEdit,
  markUndone,
  type PlanEditRow,
  planEditsOfGoal,
  renameLessonOfGoal,
  renameSectionOfGoal,
} from './edits-repository.ts';
import { findOwnLesson, findOwnRoadmap } from './repository.ts';

/** A change to a plan as stored with an edit: what undoes it, and what an undo stores to redo it. */
export type PlanChange =
  | { op: 'rename-section'; id: string; name: string }
  | { op: 'rename-lesson'; id: string; title: string };

/** How many edits the history lists. */
export const EDITS_LISTED = 50;

const stale = () => new AppError(409, 'PLAN_CHANGED', PLAN_EDIT_MESSAGES.stale);

/** Makes a change; the change that takes it back and what it did in words, or undefined when its target is gone. */
async function apply(tx: Tx, goalId: string, change: PlanChange) {
  if (change.op === 'rename-section') {
    const before = await renameSectionOfGoal(tx, goalId, change.id, change.name);
    if (before === undefined) return undefined;
    return {
      inverse: { ...change, name: before },
      summary: `Renamed the milestone “${before}” to “${change.name}”`,
    };
  }
  const before = await renameLessonOfGoal(tx, goalId, change.id, change.title);
  if (before === undefined) return undefined;
  return {
    inverse: { ...change, title: before },
    summary: `Renamed the lesson “${before}” to “${change.title}”`,
  };
}

export function toPlanEdit(row: PlanEditRow): PlanEdit {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind as PlanEditKind,
    summary: row.summary,
    undone: row.undoneBy !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Runs one edit of the learner's goal made on `version`: the goal locked, the version checked, the change
 * made and recorded as the next version. A change that changes nothing records nothing.
 */
async function edit(
  db: Db,
  userId: string,
  goalId: string,
  version: number,
  change: PlanChange,
): Promise<{ version: number; edit: PlanEdit | null }> {
  return db.transaction(async (tx) => {
    const current = await goalEditVersion(tx, userId, goalId, { lock: true });
    if (current === undefined) throw notFound('Goal not found');
    if (version !== current) throw stale();
    const done = await apply(tx, goalId, change);
    if (!done) throw notFound(change.op === 'rename-section' ? 'Roadmap not found' : 'Lesson not found');
    if (JSON.stringify(done.inverse) === JSON.stringify(change)) return { version: current, edit: null };
    const row = await insertPlanEdit(tx, {
      userId,
      goalId,
      version: current + 1,
      kind: change.op,
      summary: done.summary,
      undo: done.inverse,
    });
    return { version: row.version, edit: toPlanEdit(row) };
  });
}

export async function renameSection(
  db: Db,
  userId: string,
  id: string,
  body: { name: string; version: number },
) {
  const section = await findOwnRoadmap(db, userId, id);
  if (!section?.goalId) throw notFound('Roadmap not found');
  return edit(db, userId, section.goalId, body.version, { op: 'rename-section', id, name: body.name });
}

export async function renameLesson(
  db: Db,
  userId: string,
  id: string,
  body: { title: string; version: number },
) {
  const lesson = await findOwnLesson(db, userId, id);
  const section = lesson && (await findOwnRoadmap(db, userId, lesson.roadmapId));
  if (!section?.goalId) throw notFound('Lesson not found');
  return edit(db, userId, section.goalId, body.version, { op: 'rename-lesson', id, title: body.title });
}

/** Takes back the newest edit not yet taken back; the undo is itself an edit of the history. */
export async function undoLastEdit(db: Db, userId: string, goalId: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await goalEditVersion(tx, userId, goalId, { lock: true });
    if (current === undefined) throw notFound('Goal not found');
    if (version !== current) throw stale();
    const last = await lastUndoableEdit(tx, goalId);
    if (!last) throw new AppError(409, 'NOTHING_TO_UNDO', PLAN_EDIT_MESSAGES.nothingToUndo);
    const done = await apply(tx, goalId, last.undo as PlanChange);
    if (!done) throw new AppError(409, 'UNDO_GONE', PLAN_EDIT_MESSAGES.undoGone);
    const row = await insertPlanEdit(tx, {
      userId,
      goalId,
      version: current + 1,
      kind: 'undo',
      summary: `Undid: ${last.summary}`,
      undo: done.inverse,
    });
    await markUndone(tx, last.id, row.version);
    return { version: row.version, edit: toPlanEdit(row) };
  });
}

export async function listPlanEdits(db: Db, userId: string, goalId: string): Promise<PlanEdits> {
  const version = await goalEditVersion(db, userId, goalId);
  if (version === undefined) throw notFound('Goal not found');
  const rows = await planEditsOfGoal(db, goalId, EDITS_LISTED);
  return { version, edits: rows.map(toPlanEdit) };
}
