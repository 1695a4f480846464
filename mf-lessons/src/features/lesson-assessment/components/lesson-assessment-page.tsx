import type { Submission } from '@mindpath/contracts/lessons';
import { ApiRequestError, RateLimitError } from '@mindpath/sdk/errors';
import type { ParsedLessonAssessment } from '@mindpath/sdk/lessons-api';
import {
  useAssessmentStatus,
  useLessonAssessment,
  useNextLesson,
  usePrepareNextLesson,
  useStartAssessment,
  useSubmitAssessment,
} from '@mindpath/sdk/lessons-hooks';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { PageFrame } from '@mindpath/ui/page-frame';
import { Spinner } from '@mindpath/ui/spinner';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FreePlanLimit } from '../../lesson/index.ts';
import styles from './assessment.module.css';
import { AssessmentForm } from './assessment-form.tsx';
import { AssessmentResults } from './assessment-results.tsx';

/** spec 2 §8, word for word */
export const ASSESSMENT_MESSAGES = {
  loadFailed: 'Failed to load assessment. Please try again later.',
  unparseable: 'Unable to parse assessment questions. Please try again later.',
  noneFound: 'No questions were found for this assessment. Please try again later.',
  noneGenerated: 'No questions were generated for this assessment. Please try again later.',
  generateFailed: 'Failed to generate assessment questions',
  submitFailed: (message: string) => `Failed to submit assessment: ${message}`,
  regenerateFailed: (message: string) => `Failed to regenerate assessment: ${message}`,
} as const;

/** Why no questions can be made yet: the lesson has not been written (the questions come from its content). */
export const NOT_WRITTEN =
  'This lesson has not been written yet: open it first, its questions are made from its content.';

/** spec 2 §8: the load error is cleared after 5 seconds. */
const LOAD_ERROR_MS = 5000;

function Waiting({ label }: { label: string }) {
  return (
    <div className="page-status" role="status" aria-busy="true">
      <Spinner />
      {label}
    </div>
  );
}

/** The lesson assessment at /lessons/{lessonId}/assessment: loading → generating → questions → results. */
export default function LessonAssessmentPage() {
  const { lessonId = '' } = useParams();
  const assessment = useLessonAssessment(lessonId || undefined);
  const status = useAssessmentStatus(lessonId, Boolean(lessonId));
  const start = useStartAssessment(lessonId);
  const next = useNextLesson(lessonId || undefined);
  usePrepareNextLesson(next.data);
  const startedHere = useRef(false);
  const [result, setResult] = useState<Submission | null>(null);
  const [confirming, setConfirming] = useState(false);

  const generating = start.isPending || status.data?.isGenerating === true;
  // none yet and none under way: generate it (once per visit; a failure offers Try again)
  useEffect(() => {
    if (assessment.data !== null || !status.data || status.data.isGenerating || startedHere.current) return;
    startedHere.current = true;
    start.mutate(false);
  }, [assessment.data, status.data, start]);

  const backTo = lessonId ? `/lessons/${lessonId}` : '/home';
  // unknown until the next lesson is read (a click before that must not go to the plan instead)
  const nextTo = next.isPending ? null : next.data ? `/lessons/${next.data.id}` : '/learning-plan';
  const shown = result ?? passedBefore(assessment.data);

  let body: ReactNode;
  // the assessment is refused only by the lesson-open gate (spec 1 §4)
  if (assessment.error instanceof RateLimitError) body = <FreePlanLimit info={assessment.error} />;
  else if (assessment.isError) body = <LoadFailed retry={() => void assessment.refetch()} />;
  else if (shown) {
    body = (
      <AssessmentResults
        submission={shown}
        backTo={backTo}
        nextTo={nextTo}
        onTryAgain={shown.passed ? undefined : () => setResult(null)}
      />
    );
  } else if (generating) body = <Waiting label="Generating assessment questions…" />;
  else if (assessment.isPending || assessment.data === null) {
    const failed = startedHere.current && (start.isError || status.data?.job?.status === 'failed');
    const notWritten = start.error instanceof ApiRequestError && start.error.code === 'NO_CONTENT';
    body = !failed ? (
      <Waiting label="Loading assessment…" />
    ) : notWritten ? (
      <div className={`stack ${styles.problem}`}>
        <Notification kind="error" title={ASSESSMENT_MESSAGES.generateFailed}>
          {NOT_WRITTEN}
        </Notification>
        <Link to={backTo} className={buttonClassName()}>
          Open the lesson
        </Link>
      </div>
    ) : (
      <Problem message={ASSESSMENT_MESSAGES.generateFailed} retry={() => start.mutate(false)} />
    );
  } else {
    const data = assessment.data;
    if ('problem' in data.questions) {
      const message =
        data.questions.problem === 'unparseable'
          ? ASSESSMENT_MESSAGES.unparseable
          : startedHere.current
            ? ASSESSMENT_MESSAGES.noneGenerated
            : ASSESSMENT_MESSAGES.noneFound;
      body = <Problem message={message} retry={() => setConfirming(true)} retryLabel="Regenerate" />;
    } else {
      body = (
        <Questions
          key={data.id + data.createdAt}
          assessment={data}
          questions={data.questions.questions}
          lessonId={lessonId}
          onSubmitted={setResult}
        />
      );
    }
  }

  const canRegenerate = !shown && !generating && assessment.data != null;
  return (
    <PageFrame
      title="Lesson Assessment"
      intro="Answer every question. A score of 60 or more completes the lesson."
      actions={
        <>
          <Link to={backTo} className={buttonClassName({ variant: 'secondary' })}>
            Back to Lesson
          </Link>
          {canRegenerate ? (
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Regenerate
            </Button>
          ) : null}
        </>
      }
    >
      {start.isError && start.variables === true ? (
        <Notification kind="error">{ASSESSMENT_MESSAGES.regenerateFailed(start.error.message)}</Notification>
      ) : null}
      {body}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Regenerate the assessment?"
        description="Your answers will be cleared and new questions made. This cannot be undone."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                startedHere.current = true;
                start.mutate(true);
              }}
            >
              Regenerate
            </Button>
          </>
        }
      />
    </PageFrame>
  );
}

/** A submission that passed stays the page's result when the learner comes back; a failed one is retaken. */
const passedBefore = (a: ParsedLessonAssessment | null | undefined) =>
  a?.submission?.passed ? a.submission : null;

function LoadFailed({ retry }: { retry: () => void }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOAD_ERROR_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={`stack ${styles.problem}`}>
      {visible ? <Notification kind="error">{ASSESSMENT_MESSAGES.loadFailed}</Notification> : null}
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

function Problem({
  message,
  retry,
  retryLabel = 'Try again',
}: {
  message: string;
  retry: () => void;
  retryLabel?: string;
}) {
  return (
    <div className={`stack ${styles.problem}`}>
      <Notification kind="error">{message}</Notification>
      <Button variant="secondary" onClick={retry}>
        {retryLabel}
      </Button>
    </div>
  );
}

function Questions({
  assessment,
  questions,
  lessonId,
  onSubmitted,
}: {
  assessment: ParsedLessonAssessment;
  questions: { question: string; options: string[] }[];
  lessonId: string;
  onSubmitted: (s: Submission) => void;
}) {
  const submit = useSubmitAssessment(lessonId);
  return (
    <>
      {submit.isError ? (
        <Notification kind="error">{ASSESSMENT_MESSAGES.submitFailed(submit.error.message)}</Notification>
      ) : null}
      <AssessmentForm
        questions={questions}
        submitting={submit.isPending}
        onSubmit={(answers) =>
          submit.mutate(
            { assessmentId: assessment.id, answers },
            { onSuccess: (out) => onSubmitted(out.submission) },
          )
        }
      />
    </>
  );
}
