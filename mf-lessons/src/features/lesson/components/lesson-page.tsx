import type { Lesson } from '@mindpath/contracts/lessons';
import type { InstructionReading } from '@mindpath/contracts/lessons-versions';
import { ApiRequestError, RateLimitError } from '@mindpath/sdk/errors';
import { useBackgroundAssessment, useLesson, useLessonContent } from '@mindpath/sdk/lessons-hooks';
import { useLessonVersions } from '@mindpath/sdk/lessons-versions-hooks';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { PageFrame } from '@mindpath/ui/page-frame';
import { Spinner } from '@mindpath/ui/spinner';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CitationProvider,
  citedMarkdown,
  lessonTargets,
  PassageViewer,
  usePassageViewer,
} from '../../citations/index.ts';
import { IdlePracticePanel, LessonIdContext, RunnableCodeBlock } from '../../practice/index.ts';
import { splitLesson } from '../utils/lesson-markdown.ts';
import { AudioPlayer } from './audio-player.tsx';
import { DailyLimit } from './daily-limit.tsx';
import { FreePlanLimit } from './free-plan-limit.tsx';
import styles from './lesson.module.css';
import { LessonImage } from './lesson-image.tsx';
import { LessonResources } from './lesson-resources.tsx';
import versionStyles from './lesson-versions.module.css';
import { LessonVersions } from './lesson-versions.tsx';
import { RegenerateDialog } from './regenerate-dialog.tsx';
import { SelectionMenu } from './selection-menu.tsx';

/**
 * The Markdown renderer (react-markdown, KaTeX, highlight.js) is most of the page's weight: loaded on its own,
 * so the page's first paint (title, audio, loading state) does not wait for it.
 */
const LessonMarkdown = lazy(() =>
  import('../../../components/lesson-markdown.tsx').then((m) => ({ default: m.LessonMarkdown })),
);

/** Code blocks in Python, SQL, JavaScript and TypeScript can be edited and run where they are read. */
const RUNNABLE_CODE = { pre: RunnableCodeBlock };

/** spec 2 §8, word for word */
export const LESSON_MESSAGES = {
  noId: 'No lesson ID provided',
  notFound: 'Lesson not found',
  loadFailed: (message: string) => `Failed to load lesson: ${message}`,
  generateFailed: 'Failed to generate lesson content. Please try again later.',
  versionFailed: 'The new version could not be written. The lesson is as it was.',
} as const;

/**
 * The lesson's own estimate, the one its roadmap shows (spec 1 §9: 30 minutes by default), so the plan and
 * the page never disagree; spec 2 §2's "about 30 minutes" is that default.
 */
const durationText = (minutes: number) => `About ${minutes} minutes`;

const OFFLINE_NOTICE =
  "Written by Mindpath's built-in offline generator, not an AI model: its links are searches to start from.";

function loadError(error: Error): string {
  if (error instanceof ApiRequestError && error.status === 404) return LESSON_MESSAGES.notFound;
  return LESSON_MESSAGES.loadFailed(error.message);
}

/** The lesson page at /lessons/{lessonId} (spec 2 §2). */
export default function LessonPage() {
  const { lessonId } = useParams();
  const lesson = useLesson(lessonId);
  const content = useLessonContent(lesson.data);
  useBackgroundAssessment(lesson.data);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  // a new version refused by the free plan: the Daily Limit Reached panel, until I Understand
  const [regenerateLimit, setRegenerateLimit] = useState<RateLimitError | null>(null);
  const [reading, setReading] = useState<InstructionReading | null>(null);
  // the passage a citation opened, beside the lesson
  const viewer = usePassageViewer(lessonId);

  if (!lessonId) return <Failure message={LESSON_MESSAGES.noId} />;
  if (lesson.isPending) {
    return (
      <div className="page-status" role="status">
        <Spinner />
        Loading lesson…
      </div>
    );
  }
  if (lesson.isError) return <Failure message={loadError(lesson.error)} />;

  const data = lesson.data;
  // the gate (spec 1 §4) holds the lesson closed; a refused generation (spec 2 §6) is the daily limit
  const gate = data.limit;
  const dailyLimit = content.error instanceof RateLimitError ? content.error : null;
  const written = data.content !== null && !gate && !dailyLimit && !regenerateLimit;

  return (
    <PageFrame
      title={data.title}
      intro={`${durationText(data.estimatedTimeInMinutes)} · ${data.roadmap.name}`}
      width={viewer.passageId ? 'page' : 'text'}
      actions={
        <>
          <Link to="/learning-plan" className={buttonClassName({ variant: 'secondary' })}>
            Back to Roadmap
          </Link>
          {/* the assessment is made from the content: offered once the lesson is written */}
          {!data.isCompleted && written ? (
            <Link to={`/lessons/${data.id}/assessment`} className={buttonClassName()}>
              Take Assessment
            </Link>
          ) : null}
        </>
      }
    >
      {gate ? (
        <FreePlanLimit info={gate} />
      ) : dailyLimit ? (
        <DailyLimit info={dailyLimit} />
      ) : regenerateLimit ? (
        // refused a new version, the lesson is still here: I Understand goes back to it
        <DailyLimit info={regenerateLimit} onUnderstood={() => setRegenerateLimit(null)} />
      ) : (
        <div className={styles.reading} data-viewer={viewer.passageId ? '' : undefined}>
          <LessonBody
            lesson={data}
            content={content}
            reading={reading}
            onRegenerate={() => setRegenerateOpen(true)}
            openPassage={viewer.open}
          />
          {viewer.passageId ? (
            <PassageViewer passageId={viewer.passageId} onClose={viewer.close} placement="lesson" />
          ) : null}
        </div>
      )}
      {regenerateOpen ? (
        <RegenerateDialog
          lessonId={data.id}
          onClose={() => setRegenerateOpen(false)}
          onStarted={setReading}
          onLimit={setRegenerateLimit}
        />
      ) : null}
    </PageFrame>
  );
}

/** What the new version being written follows of the instruction, in a few words. */
function writingText(reading: InstructionReading | null) {
  if (!reading || reading.followed.length === 0) return 'Writing a new version of the lesson…';
  const what = reading.readBy === 'model' ? `“${reading.followed[0]}”` : reading.followed.join(', ');
  return `Writing a new version of the lesson: ${what}…`;
}

function Failure({ message }: { message: string }) {
  return (
    <PageFrame title="Lesson">
      <Notification kind="error">{message}</Notification>
      <p className={styles.failureActions}>
        <Link to="/learning-plan" className={buttonClassName({ variant: 'secondary' })}>
          Back to Roadmap
        </Link>
      </p>
    </PageFrame>
  );
}

function LessonBody({
  lesson,
  content,
  reading,
  onRegenerate,
  openPassage,
}: {
  lesson: Lesson;
  content: ReturnType<typeof useLessonContent>;
  reading: InstructionReading | null;
  /** opens Regenerate lesson */
  onRegenerate: () => void;
  /** opens a cited passage in the viewer */
  openPassage: (passageId: string, from: HTMLElement) => void;
}) {
  const article = useRef<HTMLElement>(null);
  const regenerating = content.regenerating;
  // a new version replaces the text shown as soon as its first words arrive
  const markdown = regenerating && content.text ? content.text : (lesson.content ?? content.text);
  const streaming = lesson.content === null || regenerating;
  const parts = splitLesson(markdown, { streaming, title: lesson.title });
  const versions = useLessonVersions(lesson.id, lesson.content !== null);
  const versionFailed = content.phase === 'failed' && lesson.content !== null;
  // a grounded lesson's markers open their passages; its paragraphs are checked once it is written. The
  // shell's SDK (a federation singleton) of a release before citations reads a lesson without them
  const citations = lesson.citations ?? [];
  const targets = useMemo(() => lessonTargets(citations), [citations]);
  const rendering =
    !streaming && citations.length > 0
      ? citedMarkdown(citations.length, true, RUNNABLE_CODE)
      : { components: streaming ? undefined : RUNNABLE_CODE };

  return (
    <div className={styles.layout}>
      {lesson.isCompleted ? (
        <Notification kind="success">
          Lesson completed{lesson.grade !== null ? ` with a score of ${lesson.grade}%` : ''}.
        </Notification>
      ) : null}
      {lesson.contentSource === 'offline' ? <p className={styles.notice}>{OFFLINE_NOTICE}</p> : null}
      {/* a new version of what is written, with an instruction (one at a time), and the versions kept */}
      {lesson.content !== null ? (
        <LessonVersions
          lessonId={lesson.id}
          versions={versions.data ?? []}
          busy={regenerating}
          onRegenerate={onRegenerate}
        />
      ) : null}
      {streaming ? null : <AudioPlayer lessonId={lesson.id} />}
      {versionFailed ? (
        <Notification kind="error" title={LESSON_MESSAGES.versionFailed}>
          {content.error?.message ?? null}
        </Notification>
      ) : content.phase === 'failed' ? (
        <Notification kind="error" title={LESSON_MESSAGES.generateFailed}>
          {content.error?.message && content.error.message !== LESSON_MESSAGES.generateFailed
            ? content.error.message
            : null}{' '}
          <Button size="sm" variant="secondary" onClick={content.retry}>
            Try again
          </Button>
        </Notification>
      ) : null}
      <article
        ref={article}
        className={`card stack ${styles.article}`}
        aria-label="Lesson content"
        aria-busy={streaming || undefined}
      >
        {regenerating ? (
          <p className={versionStyles.writing} role="status">
            <Spinner />
            {writingText(reading)}
          </p>
        ) : streaming && content.phase !== 'failed' ? (
          <p className={styles.streaming} role="status">
            <Spinner />
            {markdown ? 'Writing the lesson…' : 'Generating lesson content…'}
          </p>
        ) : null}
        {/* code runs once the lesson is written: a block still streaming in is read-only */}
        <LessonIdContext value={lesson.id}>
          <CitationProvider targets={targets} openPassage={openPassage}>
            <Suspense fallback={<p className={styles.muted}>Preparing the lesson text…</p>}>
              {parts.before ? <LessonMarkdown markdown={parts.before} {...rendering} /> : null}
              {parts.image !== null && !streaming ? (
                <LessonImage lessonId={lesson.id} description={parts.image} imageUrl={lesson.imageUrl} />
              ) : null}
              {parts.after ? <LessonMarkdown markdown={parts.after} {...rendering} /> : null}
            </Suspense>
          </CitationProvider>
        </LessonIdContext>
        {streaming ? null : <SelectionMenu container={article} lessonId={lesson.id} />}
      </article>
      {/* practice after the lesson's text, before the resources that lead away from the page */}
      {streaming ? null : <IdlePracticePanel lessonId={lesson.id} />}
      {streaming ? null : <LessonResources lesson={lesson} />}
    </div>
  );
}
