// Lesson assessments through the real app on the offline provider: generation as a job (dedupe, status,
// regenerate), submission scored by the server from the stored answers (the client's score is ignored), open
// answers graded by the offline rubric and said so, completion of the lesson, its section and the goal, the
// complete call, and owner scoping.
import { OFFLINE_RUBRIC, PASSING_SCORE, scoreMessage } from '@mindpath/contracts/lessons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan, type PlannedLearner } from './helpers/lessons.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

interface StoredQuestion {
  question: string;
  options: string[];
  correctAnswer: string;
}

async function withContent(l: PlannedLearner, lessonId: string) {
  expect((await api('POST', `/lessons/${lessonId}/generate-content`, l.headers)).statusCode).toBe(202);
  const s = (await api('GET', `/lessons/${lessonId}/content-status?waitMs=20000`, l.headers)).json();
  expect(s.job.status).toBe('succeeded');
}

async function assessmentOf(l: PlannedLearner, lessonId: string) {
  const started = await api('POST', `/lessons/${lessonId}/assessment/generate`, l.headers);
  expect([200, 202], started.body).toContain(started.statusCode);
  const status = (await api('GET', `/lessons/${lessonId}/assessment/status?waitMs=20000`, l.headers)).json();
  expect(status).toMatchObject({ isGenerating: false, hasAssessment: true });
  const res = await api('GET', `/lessons/${lessonId}/assessment`, l.headers);
  expect(res.statusCode).toBe(200);
  const assessment = res.json();
  const [row] = await t.database.db
    .select()
    .from(lessonAssessments)
    .where(eq(lessonAssessments.id, assessment.id));
  return { assessment, stored: row!.questions as StoredQuestion[] };
}

/** Answers: the right option for the first `right` choice questions, a wrong one after; open answers as given. */
function answer(stored: StoredQuestion[], right: number, open: string) {
  let choices = 0;
  return stored.map((q, questionIndex) => {
    if (q.options.length === 0) return { questionIndex, question: q.question, selectedAnswer: open };
    const ok = choices++ < right;
    const selectedAnswer = ok ? q.correctAnswer : q.options.find((o) => o !== q.correctAnswer)!;
    return { questionIndex, question: q.question, selectedAnswer };
  });
}

const submit = (l: PlannedLearner, id: string, answers: unknown, score = 100) =>
  api('POST', `/lessons/assessments/${id}/submit`, l.headers, {
    answers: typeof answers === 'string' ? answers : JSON.stringify(answers),
    score,
  });

// a good answer to the open question of the plan's first lesson, 'Installing Python and running scripts'
const GOOD_OPEN =
  'Python code is run by the interpreter, installed from python.org and started as python3. Running python3 --version checks the installed version; use Python 3, since Python 2 reached its end of life. python3 hello.py runs a script from top to bottom, and typing python3 alone opens the interactive REPL, which reads, evaluates and prints each statement for quick experiments.';

describe('lesson assessment generation', () => {
  it('waits for content, then makes one assessment for concurrent starts, without the answers', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    const early = await api('POST', `/lessons/${id}/assessment/generate`, l.headers);
    expect(early.statusCode).toBe(409);
    expect((await api('GET', `/lessons/${id}/assessment`, l.headers)).json()).toMatchObject({
      code: 'ASSESSMENT_NOT_FOUND',
    });
    await withContent(l, id);
    const all = await Promise.all(
      Array.from({ length: 4 }, () => api('POST', `/lessons/${id}/assessment/generate`, l.headers)),
    );
    expect(new Set(all.map((r) => r.json().job.id)).size).toBe(1);
    const { assessment, stored } = await assessmentOf(l, id);
    expect(assessment).toMatchObject({ lessonId: id, source: 'offline', submission: null });
    expect(assessment.questions).toHaveLength(5);
    // choice questions with their options, and one answered in free text; no correct answers are sent
    expect(assessment.questions.filter((q: { options: string[] }) => q.options.length === 0)).toHaveLength(1);
    expect(JSON.stringify(assessment)).not.toContain('correctAnswer');
    expect(stored.every((q) => q.correctAnswer.length > 0)).toBe(true);
    // an existing assessment answers as it is
    const again = await api('POST', `/lessons/${id}/assessment/generate`, l.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ job: null, assessment: { id: assessment.id } });
  });

  it('regenerates: new questions under a new id, the old answers gone', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const { assessment, stored } = await assessmentOf(l, id);
    expect((await submit(l, assessment.id, answer(stored, 0, 'no idea'))).statusCode).toBe(200);
    const re = await api('POST', `/lessons/${id}/assessment/regenerate`, l.headers);
    expect(re.statusCode).toBe(202);
    await api('GET', `/lessons/${id}/assessment/status?waitMs=20000`, l.headers);
    const fresh = (await api('GET', `/lessons/${id}/assessment`, l.headers)).json();
    expect(fresh.id).not.toBe(assessment.id);
    expect(fresh.submission).toBeNull();
    expect((await submit(l, assessment.id, answer(stored, 4, GOOD_OPEN))).statusCode).toBe(404);
  });
});

describe('submitting', () => {
  it("scores from the stored answers, not the client's score, and a fail leaves the lesson open", async () => {
    const l = await learnerWithPlan(t.app);
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const { assessment, stored } = await assessmentOf(l, id);
    const res = await submit(l, assessment.id, answer(stored, 1, "I don't know"), 100);
    expect(res.statusCode, res.body).toBe(200);
    const { submission, lesson } = res.json();
    // 1 of 4 choices right, the open answer 0: round(1/5 × 100)
    expect(submission).toMatchObject({ score: 20, passed: false, message: scoreMessage(20) });
    expect(submission.results[0]).toMatchObject({ correct: true, credit: 1, method: 'choice' });
    expect(submission.results[4]).toMatchObject({ correct: false, credit: 0, method: 'rubric' });
    expect(submission.rubric).toBe(OFFLINE_RUBRIC);
    expect(lesson).toMatchObject({ isCompleted: false, grade: null });
    // completing with the client's word alone is refused
    const complete = await api('POST', `/lessons/${id}/complete`, l.headers, { lessonId: id, score: 100 });
    expect(complete.statusCode).toBe(409);
    // the submission is kept with its correct answers
    const read = (await api('GET', `/lessons/${id}/assessment`, l.headers)).json();
    expect(read.submission.score).toBe(20);
    expect(read.submission.results[0].correctAnswer).toBe(stored[0]!.correctAnswer);
    // the plan lists the lesson still open, with its assessment and the score of the attempt
    const plan = (await api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json();
    expect(plan.lessonsForRoadmaps[l.sections[0]!.id][0]).toMatchObject({
      id,
      isCompleted: false,
      grade: null,
      lessonAssessment: { id: assessment.id, score: 20 },
    });
    expect(plan.lessonsForRoadmaps[l.sections[0]!.id][1].lessonAssessment).toBeNull();
  });

  it('passes with 60+: the lesson is completed with its grade; complete then confirms it', async () => {
    const l = await learnerWithPlan(t.app);
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const { assessment, stored } = await assessmentOf(l, id);
    // 3 of 4 choices and a good open answer: (3 + rubric) / 5
    const res = await submit(l, assessment.id, answer(stored, 3, GOOD_OPEN), 0);
    const { submission, lesson } = res.json();
    expect(submission.results[4].method).toBe('rubric');
    expect(submission.results[4].credit).toBeGreaterThan(0.6);
    expect(submission.score).toBe(Math.round(((3 + submission.results[4].credit) / 5) * 100));
    expect(submission.score).toBeGreaterThanOrEqual(PASSING_SCORE);
    expect(submission).toMatchObject({ passed: true, message: scoreMessage(submission.score) });
    expect(lesson).toMatchObject({ isCompleted: true, grade: submission.score });
    expect(lesson.completedAt).not.toBeNull();
    const complete = await api('POST', `/lessons/${id}/complete`, l.headers, { lessonId: id, score: '12' });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ isCompleted: true, grade: submission.score });
    const plan = (await api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json();
    expect(plan.lessonsForRoadmaps[l.sections[0]!.id][0]).toMatchObject({
      isCompleted: true,
      grade: submission.score,
      lessonAssessment: { id: assessment.id, score: submission.score },
    });
    // the section's lesson list answers the same reference
    const items = (await api('GET', `/roadmaps/${l.sections[0]!.id}/items`, l.headers)).json();
    expect(items[0].lessonAssessment).toEqual({ id: assessment.id, score: submission.score });
    expect(
      (await api('POST', `/lessons/${id}/complete`, l.headers, { lessonId: l.lessonIds[1], score: 100 }))
        .statusCode,
    ).toBe(400);
  });

  it('requires every question, and well-formed answers', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(l, id);
    const { assessment, stored } = await assessmentOf(l, id);
    const partial = answer(stored, 4, '  ').filter((a) => a.questionIndex !== 1);
    const missing = await submit(l, assessment.id, partial);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Every question needs an answer',
      details: { missing: [1, 4] },
    });
    expect((await submit(l, assessment.id, 'not json')).statusCode).toBe(400);
    expect((await submit(l, assessment.id, [{ questionIndex: 99, selectedAnswer: 'x' }])).statusCode).toBe(
      400,
    );
    expect((await submit(l, assessment.id, { answers: 'x' })).statusCode).toBe(400);
    // an array (not JSON text) is accepted too
    const asArray = await api('POST', `/lessons/assessments/${assessment.id}/submit`, l.headers, {
      answers: answer(stored, 4, GOOD_OPEN),
    });
    expect(asArray.statusCode).toBe(200);
    expect(asArray.json().submission.passed).toBe(true);
  });

  it('completes the section when all its lessons are, and the goal with all its sections', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    for (const section of l.sections) {
      for (const id of section.lessonIds) {
        if (section !== l.sections[0] || id !== section.lessonIds.at(-1)) {
          await api('PUT', `/roadmaps/items/${id}/completion`, l.headers, { isCompleted: true });
        }
      }
    }
    const last = l.sections[0]!.lessonIds.at(-1)!;
    const before = (await api('GET', `/roadmaps/${l.sections[0]!.id}`, l.headers)).json();
    expect(before.isCompleted).toBe(false);
    await withContent(l, last);
    const { assessment, stored } = await assessmentOf(l, last);
    expect((await submit(l, assessment.id, answer(stored, 4, GOOD_OPEN))).json().submission.passed).toBe(
      true,
    );
    expect((await api('GET', `/roadmaps/${l.sections[0]!.id}`, l.headers)).json().isCompleted).toBe(true);
    const goal = (await api('GET', `/goals/${l.goalId}`, l.headers)).json();
    expect(goal).toMatchObject({ isCompleted: true, progress: 100 });
  });

  it("is another learner's 404 everywhere", async () => {
    const owner = await learnerWithPlan(t.app, { pro: true });
    const id = owner.lessonIds[0]!;
    await withContent(owner, id);
    const { assessment, stored } = await assessmentOf(owner, id);
    const other = await registerLearner(t.app);
    for (const [method, url] of [
      ['GET', `/lessons/${id}/assessment`],
      ['POST', `/lessons/${id}/assessment/generate`],
      ['POST', `/lessons/${id}/assessment/regenerate`],
      ['GET', `/lessons/${id}/assessment/status`],
    ] as const) {
      expect((await api(method, url, other.headers)).statusCode, url).toBe(404);
    }
    const res = await api('POST', `/lessons/assessments/${assessment.id}/submit`, other.headers, {
      answers: JSON.stringify(answer(stored, 4, GOOD_OPEN)),
      score: 100,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Assessment not found');
  });
});
