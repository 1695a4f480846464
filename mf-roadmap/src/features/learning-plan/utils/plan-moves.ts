// Where a move in the plan's Edit mode puts a milestone or a lesson, by keyboard (one step, or to another
// milestone) or by a drop; and the plan as it looks once the move is stored, shown until the server's answer.
import type { PlanEditRequest } from '@mindpath/sdk/roadmap-hooks';

export interface OutlineLesson {
  id: string;
  title: string;
  isCompleted?: boolean;
}
export interface OutlineSection {
  id: string;
  name: string;
  lessons: OutlineLesson[];
}
export type Outline = OutlineSection[];

/** A dragged or dropped-on thing: a milestone, a lesson, or the drop zone after a milestone's last lesson. */
export type DragRef =
  | { type: 'section'; id: string }
  | { type: 'lesson'; id: string }
  | { type: 'end'; id: string };

export type MoveRequest = Extract<PlanEditRequest, { kind: 'move-section' | 'move-lesson' }>;

export function locateLesson(outline: Outline, lessonId: string) {
  for (let s = 0; s < outline.length; s++) {
    const index = outline[s]!.lessons.findIndex((l) => l.id === lessonId);
    if (index >= 0) return { section: s, index };
  }
  return null;
}

/**
 * One step up or down: within its milestone, or past its edge into the next milestone's start or the
 * previous one's end. Null at the plan's edges.
 */
export function lessonStep(outline: Outline, lessonId: string, step: -1 | 1): MoveRequest | null {
  const at = locateLesson(outline, lessonId);
  if (!at) return null;
  const here = outline[at.section]!;
  const index = at.index + step;
  if (index >= 0 && index < here.lessons.length)
    return { kind: 'move-lesson', id: lessonId, roadmapId: here.id, index };
  const next = outline[at.section + step];
  if (!next) return null;
  return { kind: 'move-lesson', id: lessonId, roadmapId: next.id, index: step < 0 ? next.lessons.length : 0 };
}

export function sectionStep(outline: Outline, sectionId: string, step: -1 | 1): MoveRequest | null {
  const from = outline.findIndex((s) => s.id === sectionId);
  const index = from + step;
  if (from < 0 || index < 0 || index >= outline.length) return null;
  return { kind: 'move-section', id: sectionId, index };
}

/** To the end of another milestone. */
export function lessonToSection(outline: Outline, lessonId: string, sectionId: string): MoveRequest | null {
  const target = outline.find((s) => s.id === sectionId);
  const at = locateLesson(outline, lessonId);
  if (!target || !at || outline[at.section]!.id === sectionId) return null;
  return { kind: 'move-lesson', id: lessonId, roadmapId: sectionId, index: target.lessons.length };
}

/**
 * What a drop means. A lesson dropped on a lesson takes its place (that lesson and those after it shift
 * down); on a milestone's end zone it goes last there. A milestone dropped on a milestone, or on anything
 * inside one, takes that milestone's place. Null when nothing moves.
 */
export function dropRequest(outline: Outline, active: DragRef, over: DragRef | null): MoveRequest | null {
  if (!over) return null;
  if (active.type === 'section') {
    const from = outline.findIndex((s) => s.id === active.id);
    const sectionId =
      over.type === 'lesson' ? outline[locateLesson(outline, over.id)?.section ?? -1]?.id : over.id;
    const to = outline.findIndex((s) => s.id === sectionId);
    if (from < 0 || to < 0 || from === to) return null;
    return { kind: 'move-section', id: active.id, index: to };
  }
  if (active.type !== 'lesson') return null;
  const from = locateLesson(outline, active.id);
  if (!from) return null;
  if (over.type === 'lesson') {
    const to = locateLesson(outline, over.id);
    if (!to || over.id === active.id) return null;
    return { kind: 'move-lesson', id: active.id, roadmapId: outline[to.section]!.id, index: to.index };
  }
  const target = outline.findIndex((s) => s.id === over.id);
  if (target < 0) return null;
  const lessons = outline[target]!.lessons;
  // the end of its own milestone: last among the others
  const index = target === from.section ? lessons.length - 1 : lessons.length;
  if (target === from.section && from.index === index) return null;
  return { kind: 'move-lesson', id: active.id, roadmapId: outline[target]!.id, index };
}

/** The plan once the move is made: the item out of its place, in at the index among its new siblings. */
export function applyMove(outline: Outline, move: MoveRequest): Outline {
  if (move.kind === 'move-section') {
    const from = outline.findIndex((s) => s.id === move.id);
    if (from < 0) return outline;
    const rest = outline.filter((_, i) => i !== from);
    rest.splice(Math.min(move.index, rest.length), 0, outline[from]!);
    return rest;
  }
  const at = locateLesson(outline, move.id);
  if (!at) return outline;
  const lesson = outline[at.section]!.lessons[at.index]!;
  const without = outline.map((s) => ({ ...s, lessons: s.lessons.filter((l) => l.id !== move.id) }));
  return without.map((s) => {
    if (s.id !== move.roadmapId) return s;
    const lessons = [...s.lessons];
    lessons.splice(Math.min(move.index, lessons.length), 0, lesson);
    return { ...s, lessons };
  });
}

/** Said to screen readers while a drag goes over a place: where the item would land. */
export function placeText(outline: Outline, active: DragRef, over: DragRef | null): string {
  const move = dropRequest(outline, active, over);
  if (!move) return 'Over its own place.';
  const after = applyMove(outline, move);
  if (move.kind === 'move-section') return `Milestone position ${move.index + 1} of ${after.length}.`;
  const section = after.find((s) => s.id === move.roadmapId)!;
  const index = section.lessons.findIndex((l) => l.id === move.id);
  return `Position ${index + 1} of ${section.lessons.length} in “${section.name}”.`;
}
