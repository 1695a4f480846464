// Lesson assessments: generation as a job (one live job per lesson), and submission scored by the server from
// the stored correct answers (spec 2 §5: score = round(correct / total × 100)); open answers (no options) are
// graded by the provider against the expected answer, or by the offline rubric, which the result names.
import type { LessonQuizQuestion } from '@mindpath/contracts/ai';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import {
  computeScore,
  type GradingMethod,
  type LessonAssessment,
  OFFLINE_RUBRIC,
  PASSING_SCORE,
  type QuestionResult,
  RUBRIC_FALLBACK_NOTE,
  type Submission,
  type SubmitResult,
  type SubmittedAnswer,
  SubmittedAnswersSchema,
  scoreMessage,
} from '@mindpath/contracts/lessons';
import { isCorrectChoice } from '../../ai/evaluation.ts';
import { offlineGradeOpenAnswers } from '../../ai/offline/generators.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { enqueueJob, findLatestJob, findLiveJob } from '../jobs/index.ts';
import { toJob } from '../jobs/service.ts';
import { userIsPro } from '../limits/service.ts';
import { reviewMissedQuestions } from '../reviews/sources.ts';
import {
  type AssessmentRow,
  findAssessmentOfLesson,
  findOwnAssessment,
  saveSubmission,
} from './repository.ts';
import {
  assertLessonOpen,
  getLessonContext,
  LESSON_ASSESSMENT_JOB,
  lessonInput,
  lessonView,
  markPassed,
} from './service.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'ai' | 'db' | 'jobs' | 'log' | 'mediaSigningKey' | 'now'>;

export interface OpenGrade {
  score: number;
  feedback: string | null;
  method: GradingMethod;
}

/** Answers by question index; every question must have a non-blank one (spec 2 §5). */
export function parseAnswers(input: string | SubmittedAnswer[], questionCount: number): Map<number, string> {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        'answers must be JSON text of [{questionIndex, selectedAnswer}]',
      );
    }
  }
  const parsed = SubmittedAnswersSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `answers: ${parsed.error.issues[0]?.message ?? 'invalid'} (expected [{questionIndex, selectedAnswer}])`,
    );
  }
  const answers = new Map<number, string>();
  for (const a of parsed.data) {
    if (a.questionIndex >= questionCount) {
      throw new AppError(400, 'VALIDATION_ERROR', `answers: there is no question ${a.questionIndex}`);
    }
    answers.set(a.questionIndex, a.selectedAnswer);
  }
  const missing = Array.from({ length: questionCount }, (_, i) => i).filter((i) => !answers.get(i)?.trim());
  if (missing.length > 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Every question needs an answer', { missing });
  }
  return answers;
}

/** Per-question results: a choice is right or wrong; an open answer earns its grade as partial credit. */
export function gradeAnswers(
  questions: readonly LessonQuizQuestion[],
  answers: ReadonlyMap<number, string>,
  openGrades: ReadonlyMap<number, OpenGrade>,
): QuestionResult[] {
  return questions.map((q, i) => {
    const selectedAnswer = answers.get(i) ?? '';
    const base = { questionIndex: i, question: q.question, selectedAnswer, correctAnswer: q.correctAnswer };
    if (q.options.length > 0) {
      const correct = isCorrectChoice(selectedAnswer, q.options, q.correctAnswer);
      return { ...base, credit: correct ? 1 : 0, correct, method: 'choice' as const, feedback: null };
    }
    const grade = openGrades.get(i) ?? { score: 0, feedback: null, method: 'rubric' as const };
    const score = Math.max(0, Math.min(100, Math.round(grade.score)));
    return {
      ...base,
      credit: score / 100,
      correct: score >= PASSING_SCORE,
      method: grade.method,
      feedback: grade.feedback,
    };
  });
}

const storedQuestions = (row: AssessmentRow) => row.questions as LessonQuizQuestion[];

export function toAssessmentView(row: AssessmentRow): LessonAssessment {
  return {
    id: row.id,
    lessonId: row.lessonId,
    // the correct answers stay on the server: scoring is its job
    questions: storedQuestions(row).map((q) => ({ question: q.question, options: q.options })),
    source: row.source === 'model' ? 'model' : 'offline',
    createdAt: row.createdAt.toISOString(),
    submission: (row.submission as Submission | null) ?? null,
  };
}

export async function getAssessment(deps: Deps, userId: string, lessonId: string) {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  await assertLessonOpen(deps, userId, ctx);
  const row = await findAssessmentOfLesson(deps.db, lessonId);
  if (!row) throw new AppError(404, 'ASSESSMENT_NOT_FOUND', 'Assessment not found');
  return toAssessmentView(row);
}

/**
 * Starts (or joins) the generation of a lesson's assessment; an existing one answers as it is unless
 * `replace` (regenerate: new questions, the old answers cleared).
 */
export async function startAssessmentGeneration(
  deps: Deps,
  userId: string,
  lessonId: string,
  replace: boolean,
): Promise<{ assessment: LessonAssessment | null; job: GenerationJob | null; joined: boolean }> {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  await assertLessonOpen(deps, userId, ctx);
  if (!ctx.lesson.content) {
    throw new AppError(409, 'NO_CONTENT', 'Generate the lesson content before its assessment');
  }
  const live = await findLiveJob(deps.db, LESSON_ASSESSMENT_JOB, lessonId);
  if (live) return { assessment: null, job: toJob(live), joined: true };
  if (!replace) {
    const row = await findAssessmentOfLesson(deps.db, lessonId);
    if (row) return { assessment: toAssessmentView(row), job: null, joined: false };
  }
  const { job, created } = await enqueueJob(deps.db, {
    kind: LESSON_ASSESSMENT_JOB,
    target: lessonId,
    userId,
    payload: { replace },
  });
  deps.jobs.wake();
  return { assessment: null, job: toJob(job), joined: !created };
}

export async function assessmentStatus(db: Db, userId: string, lessonId: string) {
  await getLessonContext(db, userId, lessonId);
  // the job first: once it reads finished, the assessment it stored (same transaction) is there to read
  const row = await findLatestJob(db, LESSON_ASSESSMENT_JOB, lessonId);
  const existing = await findAssessmentOfLesson(db, lessonId);
  const job = row ? toJob(row) : null;
  return {
    isGenerating: job?.status === 'queued' || job?.status === 'running',
    hasAssessment: existing !== undefined,
    job,
  };
}

/** Grades the open answers: by the provider when one is configured, else (or when it fails) by the rubric. */
async function gradeOpenAnswers(
  deps: Deps,
  userId: string,
  goal: string,
  topic: string,
  questions: readonly LessonQuizQuestion[],
  answers: ReadonlyMap<number, string>,
): Promise<{ grades: Map<number, OpenGrade>; rubric: string | null }> {
  const open = questions.flatMap((q, i) => (q.options.length === 0 ? [i] : []));
  const grades = new Map<number, OpenGrade>();
  if (open.length === 0) return { grades, rubric: null };
  const input = {
    goal,
    items: open.map((qi, index) => ({
      index,
      topic,
      question: questions[qi]!.question,
      keyPoints: questions[qi]!.correctAnswer,
      answer: answers.get(qi) ?? '',
    })),
  };
  const rubric = offlineGradeOpenAnswers(input).grades;
  let graded: { index: number; score: number; feedback: string }[] = [];
  let method: GradingMethod = 'rubric';
  let note: string | null = null;
  try {
    const tier = (await userIsPro(deps.db, userId)) ? 'pro' : 'free';
    const { data } = await deps.ai.gradeOpenAnswers(input, { tier });
    graded = data.grades;
    method = data.source === 'model' ? 'model' : 'rubric';
  } catch (err) {
    deps.log.warn(
      { err },
      'open answers could not be graded by the provider; the offline rubric grades them',
    );
    note = RUBRIC_FALLBACK_NOTE;
  }
  open.forEach((qi, index) => {
    // an answer the grader skipped is graded by the rubric, and says so
    const g = graded.find((x) => x.index === index);
    const r = rubric[index]!;
    grades.set(
      qi,
      g && method === 'model'
        ? { score: g.score, feedback: g.feedback, method: 'model' }
        : { score: r.score, feedback: r.feedback, method: 'rubric' },
    );
  });
  const usedRubric = [...grades.values()].some((g) => g.method === 'rubric');
  return { grades, rubric: usedRubric ? [note, OFFLINE_RUBRIC].filter(Boolean).join(' ') : null };
}

/**
 * Scores a submission from the stored correct answers (the client's score is ignored) and stores it; a
 * passing score (60+) completes the lesson, its section when all its lessons are, and so the goal.
 */
export async function submitAssessment(
  deps: Deps,
  userId: string,
  assessmentId: string,
  body: { answers: string | SubmittedAnswer[] },
): Promise<SubmitResult> {
  const row = await findOwnAssessment(deps.db, userId, assessmentId);
  if (!row) throw notFound('Assessment not found');
  const questions = storedQuestions(row);
  const answers = parseAnswers(body.answers, questions.length);
  const ctx = await getLessonContext(deps.db, userId, row.lessonId);
  const input = lessonInput(ctx);
  const { grades, rubric } = await gradeOpenAnswers(
    deps,
    userId,
    input.goal,
    input.lessonTitle,
    questions,
    answers,
  );
  const results = gradeAnswers(questions, answers, grades);
  const score = computeScore(results.map((r) => r.credit));
  const now = deps.now();
  const submission: Submission = {
    score,
    passed: score >= PASSING_SCORE,
    message: scoreMessage(score),
    results,
    rubric,
    submittedAt: now.toISOString(),
  };
  const stored = [...answers].map(([questionIndex, selectedAnswer]) => ({ questionIndex, selectedAnswer }));
  const out = await deps.db.transaction(async (tx) => {
    const fresh = await getLessonContext(tx, userId, row.lessonId);
    // every question missed comes back in review as a card; the results page says how many
    submission.reviewCards = await reviewMissedQuestions(
      tx,
      userId,
      'lesson-question',
      { lessonId: row.lessonId, goalId: fresh.roadmap.goalId },
      results
        .filter((r) => !r.correct)
        .map((r) => ({
          scope: row.lessonId,
          question: r.question,
          answer: r.correctAnswer,
          options: questions[r.questionIndex]?.options ?? [],
        })),
      now,
    );
    const saved = await saveSubmission(tx, row.id, stored, submission, now);
    const lesson = submission.passed ? await markPassed(tx, fresh, score, now) : fresh;
    return { saved, lesson };
  });
  return {
    assessment: toAssessmentView(out.saved),
    submission,
    lesson: await lessonView(deps, userId, out.lesson),
  };
}
