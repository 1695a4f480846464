// The plan in Edit mode: milestones and their lessons as an outline to reshape. Drag a handle (dnd-kit, by
// pointer or by keyboard: Space, arrows, Space), or use Move up / Move down / Move to…; rename, add, remove.
// Loaded only when the learner edits: dnd-kit stays out of the plan's first load.
import {
  type Active,
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  type Over,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from '@mindpath/ui/button';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  applyMove,
  type DragRef,
  dropRequest,
  lessonStep,
  lessonToSection,
  type MoveRequest,
  type Outline,
  type OutlineLesson,
  type OutlineSection,
  placeText,
  sectionStep,
} from '../utils/plan-moves.ts';
import { ArrowIcon, GripIcon } from './icons.tsx';
import { MoveToMenu, RemoveDialog, SuggestLesson, TitleEditor } from './outline-controls.tsx';
import { usePlanEditing } from './plan-editing.ts';
import { PlanHistory } from './plan-history.tsx';
import styles from './plan-outline.module.css';

const dragId = (ref: DragRef) => `${ref.type}:${ref.id}`;
function refOf(item: Active | Over | null): DragRef | null {
  if (!item) return null;
  const id = String(item.id);
  const at = id.indexOf(':');
  return { type: id.slice(0, at), id: id.slice(at + 1) } as DragRef;
}

/** A milestone is dropped among milestones; a lesson among lessons and milestones' end zones. */
const collisions: CollisionDetection = (args) => {
  const section = refOf(args.active)?.type === 'section';
  const droppableContainers = args.droppableContainers.filter(
    (c) => (refOf(c as unknown as Over)?.type === 'section') === section,
  );
  return closestCenter({ ...args, droppableContainers });
};

interface Moving {
  outline: Outline;
  /** makes the move; `focus` is the control (data-focus) to give focus to once it is shown */
  move: (request: MoveRequest | null, focus?: string) => void;
  remove: (what: RemoveTarget) => void;
}
interface RemoveTarget {
  kind: 'milestone' | 'lesson';
  id: string;
  title: string;
  lessons: number;
}

export default function PlanOutline({ goalId, outline }: { goalId: string; outline: Outline }) {
  const { submit } = usePlanEditing();
  // the plan as the last move left it, until the server's answer brings the plan again (a new `outline`)
  const [preview, setPreview] = useState<{ of: Outline; shown: Outline } | null>(null);
  const shown = preview?.of === outline ? preview.shown : outline;
  const [active, setActive] = useState<DragRef | null>(null);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);

  // a moved row may be a new element (another milestone's list): focus goes to the control that moved it
  useLayoutEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    const target = root.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`);
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  });

  const move = (request: MoveRequest | null, focus?: string) => {
    if (!request) return;
    focusNext.current = focus ?? null;
    setPreview({ of: outline, shown: applyMove(shown, request) });
    void submit(request).then((refused) => {
      if (refused) setPreview(null);
    });
  };
  const confirmRemoval = () => {
    if (!removing) return;
    const { kind, id } = removing;
    setRemoving(null);
    void submit(kind === 'milestone' ? { kind: 'remove-section', id } : { kind: 'remove-lesson', id });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (ref: DragRef | null) => {
    if (!ref) return '';
    if (ref.type === 'section') return `the milestone “${shown.find((s) => s.id === ref.id)?.name ?? ''}”`;
    const lesson = shown.flatMap((s) => s.lessons).find((l) => l.id === ref.id);
    return `the lesson “${lesson?.title ?? ''}”`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(refOf(a))}.`,
    onDragOver: ({ active: a, over }) => placeText(shown, refOf(a)!, refOf(over)),
    onDragEnd: ({ active: a, over }) =>
      over
        ? `Dropped ${nameOf(refOf(a))}. ${placeText(shown, refOf(a)!, refOf(over))}`
        : 'Dropped where it was.',
    onDragCancel: ({ active: a }) => `Moving ${nameOf(refOf(a))} was cancelled; it is back in its place.`,
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const ref = refOf(a)!;
    move(dropRequest(shown, ref, refOf(over)), `drag:${dragId(ref)}`);
  };

  const moving: Moving = { outline: shown, move, remove: setRemoving };
  return (
    <div ref={root} className={styles.outline}>
      <PlanHistory goalId={goalId} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{ announcements }}
        onDragStart={({ active: a }) => setActive(refOf(a))}
        onDragCancel={() => setActive(null)}
        onDragEnd={onDragEnd}
      >
        <SortableContext
          items={shown.map((s) => dragId({ type: 'section', id: s.id }))}
          strategy={verticalListSortingStrategy}
        >
          <ol className={styles.sections} aria-label="Milestones">
            {shown.map((section, i) => (
              <SectionItem key={section.id} section={section} index={i} moving={moving} />
            ))}
          </ol>
        </SortableContext>
        <DragOverlay>{active ? <div className={styles.overlay}>{nameOf(active)}</div> : null}</DragOverlay>
      </DndContext>
      <div className={styles.addSection}>
        <TitleEditor
          action="Add milestone"
          label="New milestone name"
          toRequest={(name) => ({ kind: 'add-section', name })}
        />
      </div>
      <RemoveDialog what={removing} onCancel={() => setRemoving(null)} onConfirm={confirmRemoval} />
    </div>
  );
}

/** The drag handle: dnd-kit's button (Space picks up, arrows move, Space drops, Escape cancels). */
function Handle({
  sortable,
  label,
  focusKey,
}: {
  sortable: ReturnType<typeof useSortable>;
  label: string;
  focusKey: string;
}) {
  return (
    <button
      type="button"
      className={`icon-button ${styles.handle}`}
      ref={sortable.setActivatorNodeRef}
      data-focus={focusKey}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={label}
    >
      <GripIcon />
    </button>
  );
}

/** Move up / Move down, focusable at the ends too (aria-disabled) so focus never drops to the page. */
function StepButtons({
  describedBy,
  focusKey,
  up,
  down,
  move,
}: {
  describedBy: string;
  focusKey: string;
  up: MoveRequest | null;
  down: MoveRequest | null;
  move: Moving['move'];
}) {
  const step = (request: MoveRequest | null, dir: 'up' | 'down') => (
    <button
      type="button"
      className="icon-button"
      aria-label={dir === 'up' ? 'Move up' : 'Move down'}
      aria-describedby={describedBy}
      aria-disabled={request === null || undefined}
      data-focus={`${dir}:${focusKey}`}
      title={dir === 'up' ? 'Move up' : 'Move down'}
      onClick={() => move(request, `${dir}:${focusKey}`)}
    >
      <ArrowIcon up={dir === 'up'} />
    </button>
  );
  return (
    <>
      {step(up, 'up')}
      {step(down, 'down')}
    </>
  );
}

function Sortable({
  id,
  children,
}: {
  id: string;
  children: (s: ReturnType<typeof useSortable>) => ReactNode;
}) {
  const sortable = useSortable({ id });
  return children(sortable);
}

function SectionItem({ section, index, moving }: { section: OutlineSection; index: number; moving: Moving }) {
  const nameId = useId();
  const id = dragId({ type: 'section', id: section.id });
  const end = useDroppable({ id: dragId({ type: 'end', id: section.id }) });
  return (
    <Sortable id={id}>
      {(sortable) => (
        <li
          ref={sortable.setNodeRef}
          className={styles.section}
          data-dragging={sortable.isDragging || undefined}
          style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
        >
          <div className={styles.sectionHead}>
            <Handle sortable={sortable} label={`Drag milestone: ${section.name}`} focusKey={`drag:${id}`} />
            <h3 className={styles.sectionName}>
              <span className={styles.index}>Milestone {index + 1}</span>
              <span id={nameId}>{section.name}</span>
            </h3>
            <div className={styles.actions}>
              <TitleEditor
                action="Rename"
                label="Milestone name"
                initial={section.name}
                describedBy={nameId}
                toRequest={(name) => ({ kind: 'rename-section', id: section.id, name })}
              />
              <StepButtons
                describedBy={nameId}
                focusKey={id}
                up={sectionStep(moving.outline, section.id, -1)}
                down={sectionStep(moving.outline, section.id, 1)}
                move={moving.move}
              />
              <RemoveButton
                describedBy={nameId}
                onClick={() =>
                  moving.remove({
                    kind: 'milestone',
                    id: section.id,
                    title: section.name,
                    lessons: section.lessons.length,
                  })
                }
              />
            </div>
          </div>
          <SortableContext
            items={section.lessons.map((l) => dragId({ type: 'lesson', id: l.id }))}
            strategy={verticalListSortingStrategy}
          >
            <ul className={styles.lessons} aria-label={`Lessons of ${section.name}`}>
              {section.lessons.map((lesson) => (
                <LessonItem key={lesson.id} lesson={lesson} moving={moving} />
              ))}
            </ul>
          </SortableContext>
          <div ref={end.setNodeRef} className={styles.sectionEnd} data-over={end.isOver || undefined}>
            {section.lessons.length === 0 ? <p className={styles.empty}>No lessons yet.</p> : null}
            <TitleEditor
              action="Add lesson"
              label="New lesson title"
              describedBy={nameId}
              toRequest={(title) => ({ kind: 'add-lesson', roadmapId: section.id, title })}
            />
            <SuggestLesson roadmapId={section.id} describedBy={nameId} />
          </div>
        </li>
      )}
    </Sortable>
  );
}

function RemoveButton({ describedBy, onClick }: { describedBy: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={styles.remove}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      Remove
    </Button>
  );
}

function LessonItem({ lesson, moving }: { lesson: OutlineLesson; moving: Moving }) {
  const titleId = useId();
  const id = dragId({ type: 'lesson', id: lesson.id });
  const { outline, move } = moving;
  const targets = outline
    .map((s, i) => ({ id: s.id, label: `Milestone ${i + 1}: ${s.name}` }))
    .filter((t) => lessonToSection(outline, lesson.id, t.id) !== null);
  return (
    <Sortable id={id}>
      {(sortable) => (
        <li
          ref={sortable.setNodeRef}
          className={styles.lesson}
          data-dragging={sortable.isDragging || undefined}
          style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
        >
          <Handle sortable={sortable} label={`Drag lesson: ${lesson.title}`} focusKey={`drag:${id}`} />
          <span className={styles.lessonTitle}>
            <span id={titleId}>{lesson.title}</span>
            {lesson.isCompleted ? <span className={styles.done}> · Completed</span> : null}
          </span>
          <div className={styles.actions}>
            <TitleEditor
              action="Rename"
              label="Lesson title"
              initial={lesson.title}
              describedBy={titleId}
              toRequest={(title) => ({ kind: 'rename-lesson', id: lesson.id, title })}
            />
            <StepButtons
              describedBy={titleId}
              focusKey={id}
              up={lessonStep(outline, lesson.id, -1)}
              down={lessonStep(outline, lesson.id, 1)}
              move={move}
            />
            <MoveToMenu
              describedBy={titleId}
              targets={targets}
              onMove={(sectionId) => move(lessonToSection(outline, lesson.id, sectionId), `drag:${id}`)}
            />
            <RemoveButton
              describedBy={titleId}
              onClick={() =>
                moving.remove({ kind: 'lesson', id: lesson.id, title: lesson.title, lessons: 0 })
              }
            />
          </div>
        </li>
      )}
    </Sortable>
  );
}
