import { OFFLINE_NOTICE } from '@mindpath/contracts/ai';
import type { RateLimitInfo } from '@mindpath/contracts/errors';
import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';
import { SUPPORT_EMAIL } from '@mindpath/contracts/support';
import { RateLimitError } from '@mindpath/sdk/errors';
import {
  useGenerateRoadmap,
  usePlanData,
  useRegenerateRoadmap,
  useRoadmapGeneration,
  useSectionLessonsGeneration,
} from '@mindpath/sdk/roadmap-hooks';
import { usePlanSchedule } from '@mindpath/sdk/schedule-hooks';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';
import { Spinner } from '@mindpath/ui/spinner';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SourcesSection } from '../../sources/index.ts';
import { useAutoGeneration } from '../hooks/use-auto-generation.ts';
import { firstUncompletedLesson, sectionToGenerate } from '../utils/plan-progress.ts';
import { useCompletionChange } from './completion-controls.tsx';
import { GenerationProgress } from './generation-progress.tsx';
import { GoalCard } from './goal-card.tsx';
import { KeepCoursePanel } from './keep-course-panel.tsx';
import styles from './learning-plan.module.css';
import { MilestoneTimeline } from './milestone-timeline.tsx';
import { PlanLimitDialog, RegenerateDialog } from './plan-dialogs.tsx';
import { PlanEditor } from './plan-editor.tsx';
import { PlanSchedulePanel } from './plan-schedule.tsx';
import { RegenerateRemaining } from './regenerate-remaining.tsx';
import { ShareRoadmapPanel } from './share-roadmap-panel.tsx';

const TITLE = 'Learning plan';
const INTRO = 'Your roadmap: milestones and the lessons inside them.';

/** /learning-plan and /learning-plan/{goalId} (spec 1 §2): the goal's roadmap, or the active goal's. */
export default function LearningPlanPage() {
  const { goalId } = useParams();
  const plan = usePlanData(goalId);

  if (plan.isPending) {
    return (
      <PageFrame title={TITLE} intro={INTRO}>
        <p className={styles.loading} role="status">
          <Spinner size="sm" />
          Loading learning plan...
        </p>
      </PageFrame>
    );
  }
  if (plan.isError) {
    const message = plan.error.message;
    return (
      <PageFrame title={TITLE} intro={INTRO}>
        {message.includes('No active goal found') ? (
          <EmptyState title="No active goal">
            <p>No active goal found. Please create a goal first.</p>
            <Link to="/goals" className={`${buttonClassName()} ${styles.emptyAction}`}>
              Go to Goals
            </Link>
          </EmptyState>
        ) : (
          <Notification kind="error" title={`Failed to load learning plan: ${message}`}>
            <Button size="sm" variant="secondary" onClick={() => void plan.refetch()}>
              Try again
            </Button>
          </Notification>
        )}
      </PageFrame>
    );
  }
  // keyed by goal: another goal's plan starts with fresh dialogs and expanded sections
  return (
    <Plan
      key={plan.data.goal.id}
      planGoalId={goalId}
      data={plan.data}
      loadedAt={plan.dataUpdatedAt}
      refetch={plan.refetch}
    />
  );
}

function Plan({
  planGoalId,
  data,
  loadedAt,
  refetch,
}: {
  /** the id the plan was read with: the route's, undefined for the active goal's */
  planGoalId: string | undefined;
  data: OptimizedPlanData;
  loadedAt: number;
  refetch: () => Promise<unknown>;
}) {
  const { goal, roadmaps, lessonsForRoadmaps: lessonsFor, user } = data;
  const generation = useRoadmapGeneration(goal.id, data.isGenerating);
  const generate = useGenerateRoadmap();
  const regenerate = useRegenerateRoadmap();
  const sectionLessons = useSectionLessonsGeneration();
  const changeCompletion = useCompletionChange(planGoalId);
  const schedule = usePlanSchedule(goal.id).data;
  const [confirming, setConfirming] = useState(false);
  const [limit, setLimit] = useState<RateLimitInfo | null>(null);
  const [dismissedFailure, setDismissedFailure] = useState<string | null>(null);

  const job = generation.data?.job ?? null;
  const starting = generate.isPending || regenerate.isPending;
  const live = generation.isGenerating;
  // when the job ends the plan is read again; until that load lands the progress stays (no empty flash)
  const [endedAtLoad, setEndedAtLoad] = useState<number | null>(null);
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) setEndedAtLoad(loadedAt);
    wasLive.current = live;
  }, [live, loadedAt]);
  const generating = starting || live || endedAtLoad === loadedAt;
  const hasRoadmap = roadmaps.length > 0;
  const failedJob = !generating && job?.status === 'failed' && job.id !== dismissedFailure ? job : null;
  const first = firstUncompletedLesson(roadmaps, lessonsFor);
  // one outline per plan read: the editor keeps its moved preview until the next read
  const outline = useMemo(
    () => roadmaps.map((r) => ({ id: r.id, name: r.name, lessons: lessonsFor[r.id] ?? [] })),
    [roadmaps, lessonsFor],
  );

  useAutoGeneration({
    sectionId: sectionToGenerate(roadmaps, lessonsFor)?.id ?? null,
    busy: generating || sectionLessons.roadmapId !== null,
    loadedAt,
    start: sectionLessons.start,
  });

  const onLimit = (err: Error) => {
    if (err instanceof RateLimitError) setLimit(err);
  };
  const startGeneration = () => generate.mutate({ userId: user.id, goalId: goal.id }, { onError: onLimit });
  const confirmRegeneration = () => {
    setConfirming(false);
    regenerate.mutate({ userId: user.id, goalId: goal.id }, { onError: onLimit });
  };

  const startError = [generate, regenerate].find((m) => m.isError && !(m.error instanceof RateLimitError));
  return (
    <PageFrame title={TITLE} intro={INTRO}>
      <div className={styles.stack}>
        <GoalCard
          goal={goal}
          roadmaps={roadmaps}
          lessons={Object.values(lessonsFor).flatMap((l) => l ?? [])}
          actions={
            hasRoadmap ? (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setConfirming(true)}
                  disabled={generating}
                >
                  Regenerate Roadmap
                </Button>
                <RegenerateRemaining goalId={goal.id} disabled={generating} />
              </>
            ) : null
          }
        />
        {roadmaps.some((r) => r.source === 'offline') ? (
          <Notification kind="info" title="Made by the offline generator">
            {OFFLINE_NOTICE}
          </Notification>
        ) : null}
        {startError ? (
          <Notification kind="error" onDismiss={() => startError.reset()}>
            {startError === regenerate
              ? 'Failed to regenerate roadmap. Please try again later.'
              : 'Failed to create learning plan. Please try again later.'}
          </Notification>
        ) : null}
        {failedJob ? (
          <Notification
            kind="error"
            title="Failed to generate roadmap"
            onDismiss={() => setDismissedFailure(failedJob.id)}
          >
            {failedJob.error?.message}
          </Notification>
        ) : null}
        {hasRoadmap && !generating ? <PlanSchedulePanel goalId={goal.id} schedule={schedule} /> : null}
        <Suspense fallback={null}>
          <SourcesSection goalId={goal.id} />
        </Suspense>
        {generating ? <GenerationProgress job={starting ? null : job} replacing={hasRoadmap} /> : null}
        {hasRoadmap ? (
          <PlanEditor goalId={goal.id} reloadPlan={refetch} outline={outline}>
            <MilestoneTimeline
              key={roadmaps[0]?.id}
              goalId={goal.id}
              roadmaps={roadmaps}
              lessonsFor={lessonsFor}
              firstUncompletedId={first?.id ?? null}
              nextLessonGate={data.lessonGate}
              generatingId={sectionLessons.roadmapId}
              generationError={sectionLessons.error}
              onCompletionChange={changeCompletion}
              schedule={schedule?.settings ? schedule : undefined}
            />
          </PlanEditor>
        ) : generating ? null : (
          <EmptyState title="No learning plan yet">
            <p>
              This goal has no roadmap yet. Generate it now; if it does not appear, contact support at{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
            <div className={styles.emptyActions}>
              <Button onClick={startGeneration}>Generate Roadmap</Button>
              <Button variant="secondary" onClick={() => void refetch()}>
                Reload
              </Button>
            </div>
          </EmptyState>
        )}
        {/* after the plan, not before it: keeping and sharing come once the learner has seen what they keep */}
        {hasRoadmap && !generating ? <KeepCoursePanel goalId={goal.id} /> : null}
        {hasRoadmap && !generating ? <ShareRoadmapPanel goalId={goal.id} /> : null}
      </div>
      <RegenerateDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRegeneration}
      />
      <PlanLimitDialog info={limit} onClose={() => setLimit(null)} />
    </PageFrame>
  );
}
