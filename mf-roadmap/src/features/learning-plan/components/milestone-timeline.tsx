import type { RateLimitInfo } from '@mindpath/contracts/errors';
import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import type { PlanSchedule } from '@mindpath/contracts/schedule';
import type { CompletionChange } from '@mindpath/sdk/plan-completion';
import { useLessonFocusMinutes } from '@mindpath/sdk/pomodoro-hooks';
import { useLessonReviews } from '@mindpath/sdk/reviews-hooks';
import { buttonClassName } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { Spinner } from '@mindpath/ui/spinner';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type LessonsByRoadmap,
  lessonScore,
  type MilestoneBadge,
  milestoneBadge,
  milestoneBadgeText,
} from '../utils/plan-progress.ts';
import { plannedText } from '../utils/schedule-text.ts';
import { LessonDoneToggle, MilestoneDoneButton } from './completion-controls.tsx';
import { CheckIcon, ChevronIcon, LockIcon } from './icons.tsx';
import styles from './learning-plan.module.css';

export interface TimelineProps {
  /** the plan's goal: its lessons' review cards are read by it */
  goalId: string;
  roadmaps: Roadmap[];
  lessonsFor: LessonsByRoadmap;
  /** the only lesson that shows 'Start Lesson' */
  firstUncompletedId: string | null;
  /** the free plan's lesson-open gate on that lesson, told before the click (spec 1 §4) */
  nextLessonGate: RateLimitInfo | null;
  /** the section whose lessons are being generated */
  generatingId: string | null;
  /** why the last lesson generation failed */
  generationError: string | null;
  /** a lesson or a milestone marked done or not done */
  onCompletionChange: (change: CompletionChange) => void;
  /** the plan's schedule, when it has one: each open lesson says its planned day */
  schedule?: PlanSchedule | undefined;
}

/** Open at first: the milestone holding the next lesson, else the one waiting for its lessons. */
function initiallyOpen({ roadmaps, lessonsFor, firstUncompletedId, generatingId }: TimelineProps) {
  const current =
    roadmaps.find((s) => lessonsFor[s.id]?.some((l) => l.id === firstUncompletedId)) ??
    roadmaps.find((s) => s.id === generatingId) ??
    roadmaps.find((s) => !s.isCompleted);
  return new Set(current ? [current.id] : []);
}

interface PlannedDays {
  text(lessonId: string): string | undefined;
}
/** Each lesson's planned day as the row says it, from the plan's schedule (none without one). */
function plannedDays(schedule: PlanSchedule | undefined): PlannedDays {
  const days = new Map(schedule?.lessons.map((l) => [l.lessonId, l.date]));
  return {
    text: (id) => {
      const day = days.get(id);
      return day && schedule ? plannedText(day, schedule.today) : undefined;
    },
  };
}

/** The milestones (roadmap sections) in order, each expandable to its lessons (spec 1 §2). */
export function MilestoneTimeline(props: TimelineProps) {
  const [open, setOpen] = useState(() => initiallyOpen(props));
  const planned = useMemo(() => plannedDays(props.schedule), [props.schedule]);
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ol className={styles.timeline} aria-label="Milestones">
      {props.roadmaps.map((section, i) => {
        const lessons = props.lessonsFor[section.id] ?? [];
        return (
          <Milestone
            key={section.id}
            goalId={props.goalId}
            index={i}
            section={section}
            lessons={lessons}
            badge={milestoneBadge(section, lessons)}
            expanded={open.has(section.id)}
            onToggle={() => toggle(section.id)}
            firstUncompletedId={props.firstUncompletedId}
            nextLessonGate={props.nextLessonGate}
            generating={props.generatingId === section.id}
            generationError={lessons.length === 0 ? props.generationError : null}
            onCompletionChange={props.onCompletionChange}
            planned={planned}
          />
        );
      })}
    </ol>
  );
}

function Milestone({
  index,
  section,
  lessons,
  badge,
  expanded,
  onToggle,
  firstUncompletedId,
  nextLessonGate,
  generating,
  generationError,
  goalId,
  onCompletionChange,
  planned,
}: {
  goalId: string;
  planned: PlannedDays;
  index: number;
  section: Roadmap;
  lessons: PlanLesson[];
  badge: MilestoneBadge;
  expanded: boolean;
  onToggle: () => void;
  firstUncompletedId: string | null;
  nextLessonGate: RateLimitInfo | null;
  generating: boolean;
  generationError: string | null;
  onCompletionChange: (change: CompletionChange) => void;
}) {
  const bodyId = useId();
  return (
    <li className={styles.milestone} data-state={badge.kind}>
      <span className={styles.node} aria-hidden="true">
        {badge.kind === 'completed' ? <CheckIcon /> : badge.kind === 'locked' ? <LockIcon /> : index + 1}
      </span>
      <div className={`card ${styles.milestoneCard}`}>
        <h3 className={styles.milestoneHeading}>
          <button
            type="button"
            className={styles.milestoneToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={onToggle}
          >
            <span className={styles.milestoneText}>
              <span className={styles.milestoneIndex}>Milestone {index + 1}</span>
              <span className={styles.milestoneName}>{section.name}</span>
            </span>
            <span className={styles.badge} data-kind={generating ? 'generating' : badge.kind}>
              {generating ? 'Generating...' : milestoneBadgeText(badge)}
            </span>
            <ChevronIcon open={expanded} />
          </button>
        </h3>
        <div id={bodyId} hidden={!expanded} className={styles.milestoneBody}>
          {section.content ? <p className={styles.milestoneDescription}>{section.content}</p> : null}
          {lessons.length > 0 || generating ? (
            <ul className={styles.lessons} aria-label={`Lessons of ${section.name}`}>
              {lessons.map((lesson) => (
                <LessonRow
                  key={lesson.id}
                  goalId={goalId}
                  lesson={lesson}
                  isNext={lesson.id === firstUncompletedId}
                  gate={lesson.id === firstUncompletedId ? nextLessonGate : null}
                  onCompletionChange={onCompletionChange}
                  planned={lesson.isCompleted ? undefined : planned.text(lesson.id)}
                />
              ))}
              {/* spec 1 §2: lessons being generated show 'Generating...' in the list, on a row of their own */}
              {generating ? (
                <li className={styles.lesson}>
                  <span className={styles.generating} role="status">
                    <Spinner size="sm" />
                    Generating...
                  </span>
                </li>
              ) : null}
            </ul>
          ) : (
            <p className={styles.lockedNote}>
              {generationError ??
                'The lessons of this milestone are generated once you finish the lessons before it.'}
            </p>
          )}
          <MilestoneDoneButton section={section} lessons={lessons} onChange={onCompletionChange} />
        </div>
      </div>
    </li>
  );
}

function LessonRow({
  goalId,
  lesson,
  isNext,
  gate,
  onCompletionChange,
  planned,
}: {
  goalId: string;
  /** "Planned Wed, Dec 2" on a scheduled plan */
  planned: string | undefined;
  lesson: PlanLesson;
  isNext: boolean;
  /** set when the free plan's gate holds this lesson: said here, before the click */
  gate: RateLimitInfo | null;
  onCompletionChange: (change: CompletionChange) => void;
}) {
  const gateId = useId();
  const titleId = useId();
  const score = lessonScore(lesson);
  const focused = useLessonFocusMinutes(lesson.id);
  // one request for the whole plan: every row reads the same query
  const review = useLessonReviews(goalId).data?.find((r) => r.lessonId === lesson.id);
  return (
    <li className={styles.lesson} data-completed={lesson.isCompleted || undefined}>
      <LessonDoneToggle lesson={lesson} titleId={titleId} onChange={onCompletionChange} />
      <div className={styles.lessonText}>
        <span id={titleId} className={styles.lessonTitle}>
          {lesson.title}
        </span>
        <span className={styles.lessonMeta}>
          {lesson.estimatedTimeInMinutes} min
          {lesson.isCompleted ? ' · Completed' : ''}
          {lesson.isCompleted && score !== null && score > 0 ? ` · Score ${score}%` : ''}
          {planned ? ` · ${planned}` : ''}
          {focused > 0 ? ` · ${focused} min focused` : ''}
          {lesson.exercisesTotal > 0
            ? ` · ${lesson.exercisesDone} of ${countOf(lesson.exercisesTotal, 'exercise', 'exercises')} done`
            : ''}
          {review && review.due > 0 ? (
            <>
              {' · '}
              <Link to="/review">{countOf(review.due, 'card', 'cards')} to review</Link>
            </>
          ) : null}
        </span>
        {gate ? (
          <span id={gateId} className={styles.gateNote}>
            <LockIcon />
            <span>
              Opens in {countOf(gate.hoursUntilReset, 'hour', 'hours')} on the free plan: 1 lesson per 24
              hours. Pro opens it now.
            </span>
          </span>
        ) : null}
      </div>
      {lesson.isCompleted ? (
        <Link
          to={`/lessons/${lesson.id}`}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-label={`View Lesson: ${lesson.title}`}
        >
          View Lesson
        </Link>
      ) : isNext ? (
        <Link
          to={`/lessons/${lesson.id}`}
          className={buttonClassName({ size: 'sm', variant: gate ? 'secondary' : 'primary' })}
          aria-label={`Start Lesson: ${lesson.title}`}
          aria-describedby={gate ? gateId : undefined}
        >
          Start Lesson
        </Link>
      ) : null}
    </li>
  );
}
