// Edits of a plan's shape by its learner (renames, moves, additions, removals), each recorded with the change
// that takes it back (plan-changes.ts), so the last can be undone; an edit made on an older version of the
// plan than the stored one is refused.

import type { PlanEdit, PlanEdits } from '@mindpath/contracts/roadmaps';
import { PLAN_EDIT_MESSAGES, type PlanEditKind } from '@mindpath/contracts/roadmaps-constants';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { mediaNameOf } from '../media/store.ts';
import {
  editsAfter,
  goalEditVersion,
  insertPlanEdit,
  lastUndoableEdit,
  markUndone,
  type PlanEditRow,
  planEditsOfGoal,
  unmarkUndoneBy,
} from './edits-repository.ts';
import { apply, applyAll, type ChangeContext, type LearnerChange, type PlanChange } from './plan-changes.ts';
import { findOwnLesson, findOwnRoadmap } from './repository.ts';

/**
 * What an edit uses of the app: the database, and the media store (a removed lesson's files may have been
 * swept while it was away; its restore forgets those, so they are made again when it is opened).
 */
export type EditDeps = AppParts<'db' | 'media'>;

/** How many edits the history lists. */
export const EDITS_LISTED = 50;

/** Where a section made by its learner comes from (generated ones say 'offline' or 'model', built from material 'material'). */
export const LEARNER_SOURCE = 'learner';

const stale = () => new AppError(409, 'PLAN_CHANGED', PLAN_EDIT_MESSAGES.stale);

function changeContext(deps: EditDeps, userId: string, goalId: string): ChangeContext {
  return {
    userId,
    goalId,
    mediaExists: async (path) => (await deps.media.stat(mediaNameOf(path))) !== null,
  };
}

/** The goal locked and its edit version checked against the one the edit was made on. */
async function lockVersion(tx: Tx, userId: string, goalId: string, version: number) {
  const current = await goalEditVersion(tx, userId, goalId, { lock: true });
  if (current === undefined) throw notFound('Goal not found');
  if (version !== current) throw stale();
  return current;
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
 * made and recorded as the next version. A change that changes nothing records nothing; one whose target is
 * no longer in the goal is `missing` (404).
 */
async function edit(
  deps: EditDeps,
  userId: string,
  goalId: string,
  version: number,
  change: LearnerChange,
  missing: string,
): Promise<{ version: number; edit: PlanEdit | null }> {
  return deps.db.transaction(async (tx) => {
    const current = await lockVersion(tx, userId, goalId, version);
    const done = await apply(tx, changeContext(deps, userId, goalId), change);
    if (!done) throw notFound(missing);
    if (!done.changed) return { version: current, edit: null };
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

const LESSON_MISSING = 'Lesson not found';
const SECTION_MISSING = 'Roadmap not found';

/** The goal of the learner's section; 404 when it is not theirs (or belongs to no goal). */
async function goalOfSection(db: Db, userId: string, id: string): Promise<string> {
  const section = await findOwnRoadmap(db, userId, id);
  if (!section?.goalId) throw notFound(SECTION_MISSING);
  return section.goalId;
}

/** The goal of the learner's lesson; 404 when it is not theirs. */
async function goalOfLesson(db: Db, userId: string, id: string): Promise<string> {
  const lesson = await findOwnLesson(db, userId, id);
  const section = lesson && (await findOwnRoadmap(db, userId, lesson.roadmapId));
  if (!section?.goalId) throw notFound(LESSON_MISSING);
  return section.goalId;
}

export async function renameSection(
  deps: EditDeps,
  userId: string,
  id: string,
  body: { name: string; version: number },
) {
  const goalId = await goalOfSection(deps.db, userId, id);
  const change: LearnerChange = { op: 'rename-section', id, name: body.name };
  return edit(deps, userId, goalId, body.version, change, SECTION_MISSING);
}

export async function renameLesson(
  deps: EditDeps,
  userId: string,
  id: string,
  body: { title: string; version: number },
) {
  const goalId = await goalOfLesson(deps.db, userId, id);
  const change: LearnerChange = { op: 'rename-lesson', id, title: body.title };
  return edit(deps, userId, goalId, body.version, change, LESSON_MISSING);
}

/** Moves a section to `index` among its goal's sections (past the end: last). */
export async function moveSection(
  deps: EditDeps,
  userId: string,
  id: string,
  body: { index: number; version: number },
) {
  const goalId = await goalOfSection(deps.db, userId, id);
  const change: LearnerChange = { op: 'move-section', id, index: body.index };
  return edit(deps, userId, goalId, body.version, change, SECTION_MISSING);
}

/** Moves a lesson to `index` in section `roadmapId`, its own or another of the same goal's. */
export async function moveLesson(
  deps: EditDeps,
  userId: string,
  id: string,
  body: { roadmapId: string; index: number; version: number },
) {
  const goalId = await goalOfLesson(deps.db, userId, id);
  // another learner's section, or one of another goal, is no place this lesson can go
  if ((await goalOfSection(deps.db, userId, body.roadmapId)) !== goalId) throw notFound(SECTION_MISSING);
  const change: LearnerChange = { op: 'move-lesson', id, roadmapId: body.roadmapId, index: body.index };
  return edit(deps, userId, goalId, body.version, change, SECTION_MISSING);
}

/** Adds an empty section to the goal at `index` (last when left out): the plan offers to generate its lessons. */
export async function addSection(
  deps: EditDeps,
  userId: string,
  goalId: string,
  body: { name: string; index?: number | undefined; version: number },
) {
  const change: LearnerChange = {
    op: 'add-section',
    name: body.name,
    index: body.index,
    source: LEARNER_SOURCE,
  };
  return edit(deps, userId, goalId, body.version, change, 'Goal not found');
}

/** Adds a lesson by its title to a section at `index` (last when left out); its content comes when opened. */
export async function addLesson(
  deps: EditDeps,
  userId: string,
  roadmapId: string,
  body: { title: string; index?: number | undefined; version: number },
) {
  const goalId = await goalOfSection(deps.db, userId, roadmapId);
  const change: LearnerChange = { op: 'add-lesson', roadmapId, title: body.title, index: body.index };
  return edit(deps, userId, goalId, body.version, change, SECTION_MISSING);
}

/**
 * Removes a lesson. Nothing of it is lost: its row, assessment and chat are kept with the edit for Undo; its
 * notes stay in the knowledge base and its focus minutes in the stats; its own review cards are suspended.
 */
export async function removeLesson(deps: EditDeps, userId: string, id: string, version: number) {
  const goalId = await goalOfLesson(deps.db, userId, id);
  return edit(deps, userId, goalId, version, { op: 'remove-lesson', id }, LESSON_MISSING);
}

/** Removes a section with its lessons (kept as removeLesson keeps one); a goal keeps at least one section. */
export async function removeSection(deps: EditDeps, userId: string, id: string, version: number) {
  const goalId = await goalOfSection(deps.db, userId, id);
  return edit(deps, userId, goalId, version, { op: 'remove-section', id }, SECTION_MISSING);
}

/** Takes back the newest edit not yet taken back; the undo is itself an edit of the history. */
export async function undoLastEdit(deps: EditDeps, userId: string, goalId: string, version: number) {
  return deps.db.transaction(async (tx) => {
    const current = await lockVersion(tx, userId, goalId, version);
    const last = await lastUndoableEdit(tx, goalId);
    if (!last) throw new AppError(409, 'NOTHING_TO_UNDO', PLAN_EDIT_MESSAGES.nothingToUndo);
    const done = await apply(tx, changeContext(deps, userId, goalId), last.undo as PlanChange);
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
    // the edits a restore took back are in effect again
    if (last.kind === 'restore') await unmarkUndoneBy(tx, goalId, last.version);
    return { version: row.version, edit: toPlanEdit(row) };
  });
}

/**
 * Makes the plan as it was at version `to` (0: as generated) by taking back every edit after it, newest
 * first (an undo's own change redoes what it undid, so the replay is exact). The restore is an edit of its own:
 * one Undo puts everything back. Refused when a change can no longer be taken back (the plan was generated
 * again since).
 */
export async function restoreVersion(
  deps: EditDeps,
  userId: string,
  goalId: string,
  body: { to: number; version: number },
) {
  return deps.db.transaction(async (tx) => {
    const current = await lockVersion(tx, userId, goalId, body.version);
    if (body.to >= current) throw new AppError(409, 'NOTHING_TO_UNDO', PLAN_EDIT_MESSAGES.nothingToUndo);
    const later = await editsAfter(tx, goalId, body.to);
    const summary =
      body.to === 0 ? 'Restored the plan as generated' : `Restored the plan to version ${body.to}`;
    const done = await applyAll(
      tx,
      changeContext(deps, userId, goalId),
      later.map((e) => e.undo as PlanChange),
      summary,
    );
    if (!done) throw new AppError(409, 'UNDO_GONE', PLAN_EDIT_MESSAGES.undoGone);
    const row = await insertPlanEdit(tx, {
      userId,
      goalId,
      version: current + 1,
      kind: 'restore',
      summary,
      undo: done.inverse,
    });
    // the edits in effect that it took back are undone now: Undo skips them until the restore is undone
    for (const e of later)
      if (e.kind !== 'undo' && e.undoneBy === null) await markUndone(tx, e.id, row.version);
    return { version: row.version, edit: toPlanEdit(row) };
  });
}

export async function listPlanEdits(db: Db, userId: string, goalId: string): Promise<PlanEdits> {
  const version = await goalEditVersion(db, userId, goalId);
  if (version === undefined) throw notFound('Goal not found');
  const rows = await planEditsOfGoal(db, goalId, EDITS_LISTED);
  return { version, edits: rows.map(toPlanEdit) };
}
