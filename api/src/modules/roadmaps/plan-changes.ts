// The changes a plan edit makes, each answering the change that takes it back: a rename the rename back, a
// move the move back to where the item was, an addition the removal, a removal the restore of what it
// removed (plan-snapshots.ts), whose own inverse is the removal again. Positions are renumbered densely in
// every list a change touches, and a section whose lessons changed has its completion follow them.
import { PLAN_EDIT_MESSAGES, type PlanEditKind } from '@mindpath/contracts/roadmaps-constants';
import type { Tx } from '../../db/client.ts';
import { lessons, roadmaps } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteLesson,
  deleteSection,
  insertLesson,
  insertSection,
  lessonIdsOfSection,
  lockLessonOfGoal,
  lockSectionOfGoal,
  placed,
  renameLessonOfGoal,
  renameSectionOfGoal,
  renumber,
  rowExists,
  sectionIdsOfGoal,
  setLessonSection,
} from './edits-repository.ts';
import {
  type LessonSnapshot,
  restoreLessons,
  restoreSection,
  type SectionSnapshot,
  sectionRowAndPlans,
  takeLessonSnapshots,
} from './plan-snapshots.ts';
import { syncRoadmapCompletion } from './repository.ts';

/** A change to a plan as stored with an edit: what undoes it, and what an undo stores to redo it. */
export type PlanChange =
  | { op: 'rename-section'; id: string; name: string }
  | { op: 'rename-lesson'; id: string; title: string }
  | { op: 'move-section'; id: string; index: number }
  | { op: 'move-lesson'; id: string; roadmapId: string; index: number }
  | { op: 'add-section'; name: string; index?: number | undefined; source: string }
  | { op: 'add-lesson'; roadmapId: string; title: string; index?: number | undefined }
  | { op: 'remove-section'; id: string }
  | { op: 'remove-lesson'; id: string }
  | { op: 'restore-section'; snapshot: SectionSnapshot }
  | { op: 'restore-lesson'; snapshot: LessonSnapshot }
  /** several changes in order (a restore of an earlier version); its inverse is theirs in reverse order */
  | { op: 'batch'; changes: PlanChange[]; summary: string };

/** A change a learner asks for: its op is the kind its edit is listed as. */
export type LearnerChange = Extract<PlanChange, { op: PlanEditKind }>;

/** What a change is made in: the learner's goal (locked), and whether a media file is still stored. */
export interface ChangeContext {
  userId: string;
  goalId: string;
  mediaExists: (path: string) => Promise<boolean>;
}

/** A change made: what takes it back, what it did in words, and whether it changed anything at all. */
export interface ChangeDone {
  inverse: PlanChange;
  summary: string;
  changed: boolean;
}

const LAST = Number.MAX_SAFE_INTEGER;
const lessonsWord = (n: number) => (n === 0 ? '' : n === 1 ? ' and its lesson' : ` and its ${n} lessons`);

/** Makes a change; undefined when what it names is no longer in the goal's plan. */
export async function apply(tx: Tx, ctx: ChangeContext, change: PlanChange): Promise<ChangeDone | undefined> {
  switch (change.op) {
    case 'rename-section': {
      const before = await renameSectionOfGoal(tx, ctx.goalId, change.id, change.name);
      if (before === undefined) return undefined;
      return {
        inverse: { ...change, name: before },
        summary: `Renamed the milestone “${before}” to “${change.name}”`,
        changed: before !== change.name,
      };
    }
    case 'rename-lesson': {
      const before = await renameLessonOfGoal(tx, ctx.goalId, change.id, change.title);
      if (before === undefined) return undefined;
      return {
        inverse: { ...change, title: before },
        summary: `Renamed the lesson “${before}” to “${change.title}”`,
        changed: before !== change.title,
      };
    }
    case 'move-section':
      return moveSection(tx, ctx, change);
    case 'move-lesson':
      return moveLesson(tx, ctx, change);
    case 'add-section': {
      const order = await sectionIdsOfGoal(tx, ctx.goalId);
      const row = await insertSection(tx, {
        userId: ctx.userId,
        goalId: ctx.goalId,
        name: change.name,
        source: change.source,
        position: order.length,
      });
      await renumber(tx, roadmaps, placed(order, row.id, change.index ?? LAST).ids);
      return {
        inverse: { op: 'remove-section', id: row.id },
        summary: `Added the milestone “${change.name}”`,
        changed: true,
      };
    }
    case 'add-lesson': {
      const section = await lockSectionOfGoal(tx, ctx.goalId, change.roadmapId);
      if (!section) return undefined;
      const order = await lessonIdsOfSection(tx, section.id);
      const row = await insertLesson(tx, {
        userId: ctx.userId,
        roadmapId: section.id,
        title: change.title,
        position: order.length,
      });
      await renumber(tx, lessons, placed(order, row.id, change.index ?? LAST).ids);
      await syncRoadmapCompletion(tx, section.id);
      return {
        inverse: { op: 'remove-lesson', id: row.id },
        summary: `Added the lesson “${change.title}” to “${section.name}”`,
        changed: true,
      };
    }
    case 'remove-lesson':
      return removeLesson(tx, ctx, change.id);
    case 'remove-section':
      return removeSection(tx, ctx, change.id);
    case 'restore-lesson':
      return restoreLesson(tx, ctx, change.snapshot);
    case 'restore-section':
      return restoreSectionOf(tx, ctx, change.snapshot);
    case 'batch':
      return applyAll(tx, ctx, change.changes, change.summary);
  }
}

/** Makes each change in order; undefined (the transaction to be rolled back) when one can no longer be made. */
export async function applyAll(
  tx: Tx,
  ctx: ChangeContext,
  changes: PlanChange[],
  summary: string,
): Promise<ChangeDone | undefined> {
  const inverses: PlanChange[] = [];
  let changed = false;
  for (const change of changes) {
    const done = await apply(tx, ctx, change);
    if (!done) return undefined;
    inverses.unshift(done.inverse);
    changed ||= done.changed;
  }
  return { inverse: { op: 'batch', changes: inverses, summary }, summary, changed };
}

async function moveSection(
  tx: Tx,
  ctx: ChangeContext,
  change: Extract<PlanChange, { op: 'move-section' }>,
): Promise<ChangeDone | undefined> {
  const section = await lockSectionOfGoal(tx, ctx.goalId, change.id);
  if (!section) return undefined;
  const order = await sectionIdsOfGoal(tx, ctx.goalId);
  const from = order.indexOf(section.id);
  const to = placed(order, section.id, change.index);
  await renumber(tx, roadmaps, to.ids);
  return {
    inverse: { op: 'move-section', id: section.id, index: from },
    summary: `Moved the milestone “${section.name}” to position ${to.at + 1}`,
    changed: from !== to.at,
  };
}

async function moveLesson(
  tx: Tx,
  ctx: ChangeContext,
  change: Extract<PlanChange, { op: 'move-lesson' }>,
): Promise<ChangeDone | undefined> {
  const found = await lockLessonOfGoal(tx, ctx.goalId, change.id);
  const target = found && (await lockSectionOfGoal(tx, ctx.goalId, change.roadmapId));
  if (!found || !target) return undefined;
  const { lesson } = found;
  const source = await lessonIdsOfSection(tx, lesson.roadmapId);
  const from = source.indexOf(lesson.id);
  const across = target.id !== lesson.roadmapId;
  const to = placed(across ? await lessonIdsOfSection(tx, target.id) : source, lesson.id, change.index);
  if (across) {
    await setLessonSection(tx, lesson.id, target.id, to.at);
    await renumber(
      tx,
      lessons,
      source.filter((id) => id !== lesson.id),
    );
  }
  await renumber(tx, lessons, to.ids);
  if (across) {
    await syncRoadmapCompletion(tx, lesson.roadmapId);
    await syncRoadmapCompletion(tx, target.id);
  }
  return {
    inverse: { op: 'move-lesson', id: lesson.id, roadmapId: lesson.roadmapId, index: from },
    summary: `Moved the lesson “${lesson.title}” to “${target.name}” (position ${to.at + 1})`,
    changed: across || from !== to.at,
  };
}

async function removeLesson(tx: Tx, ctx: ChangeContext, id: string): Promise<ChangeDone | undefined> {
  const found = await lockLessonOfGoal(tx, ctx.goalId, id);
  if (!found) return undefined;
  const { lesson } = found;
  const order = await lessonIdsOfSection(tx, lesson.roadmapId);
  const [snapshot] = await takeLessonSnapshots(tx, [{ id, index: order.indexOf(id) }]);
  await deleteLesson(tx, id);
  await renumber(
    tx,
    lessons,
    order.filter((x) => x !== id),
  );
  await syncRoadmapCompletion(tx, lesson.roadmapId);
  return {
    inverse: { op: 'restore-lesson', snapshot: snapshot! },
    summary: `Removed the lesson “${lesson.title}”`,
    changed: true,
  };
}

async function removeSection(tx: Tx, ctx: ChangeContext, id: string): Promise<ChangeDone | undefined> {
  const section = await lockSectionOfGoal(tx, ctx.goalId, id);
  if (!section) return undefined;
  const order = await sectionIdsOfGoal(tx, ctx.goalId);
  if (order.length <= 1) throw new AppError(409, 'LAST_SECTION', PLAN_EDIT_MESSAGES.lastSection);
  const lessonIds = await lessonIdsOfSection(tx, id, { lock: true });
  const kept = await takeLessonSnapshots(
    tx,
    lessonIds.map((lessonId, index) => ({ id: lessonId, index })),
  );
  const { section: row, plans } = await sectionRowAndPlans(tx, id);
  const siblings = order.filter((x) => x !== id);
  await deleteSection(tx, id);
  await renumber(tx, roadmaps, siblings);
  const snapshot: SectionSnapshot = {
    section: row,
    index: order.indexOf(id),
    lessons: kept,
    plans,
    siblings,
  };
  return {
    inverse: { op: 'restore-section', snapshot },
    summary: `Removed the milestone “${section.name}”${lessonsWord(kept.length)}`,
    changed: true,
  };
}

async function restoreLesson(
  tx: Tx,
  ctx: ChangeContext,
  snapshot: LessonSnapshot,
): Promise<ChangeDone | undefined> {
  const id = snapshot.lesson.id as string;
  const section = await lockSectionOfGoal(tx, ctx.goalId, snapshot.lesson.roadmap_id as string);
  if (!section || (await rowExists(tx, lessons, id))) return undefined;
  const order = await lessonIdsOfSection(tx, section.id);
  await restoreLessons(tx, [snapshot], ctx.mediaExists);
  await renumber(tx, lessons, placed(order, id, snapshot.index).ids);
  await syncRoadmapCompletion(tx, section.id);
  return {
    inverse: { op: 'remove-lesson', id },
    summary: `Added the lesson “${snapshot.lesson.title as string}” to “${section.name}”`,
    changed: true,
  };
}

async function restoreSectionOf(
  tx: Tx,
  ctx: ChangeContext,
  snapshot: SectionSnapshot,
): Promise<ChangeDone | undefined> {
  const id = snapshot.section.id as string;
  if (snapshot.section.goal_id !== ctx.goalId || (await rowExists(tx, roadmaps, id))) return undefined;
  const order = await sectionIdsOfGoal(tx, ctx.goalId);
  // the plan was generated again since: the milestone would come back into a plan it was never part of
  if (snapshot.siblings.length > 0 && !snapshot.siblings.some((s) => order.includes(s))) return undefined;
  await restoreSection(tx, snapshot, ctx.mediaExists);
  await renumber(tx, roadmaps, placed(order, id, snapshot.index).ids);
  await renumber(
    tx,
    lessons,
    snapshot.lessons.map((l) => l.lesson.id as string),
  );
  return {
    inverse: { op: 'remove-section', id },
    summary: `Added the milestone “${snapshot.section.name as string}”${lessonsWord(snapshot.lessons.length)}`,
    changed: true,
  };
}
