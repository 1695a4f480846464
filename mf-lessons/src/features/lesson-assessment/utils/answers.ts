import type { SubmittedAnswer } from '@mindpath/contracts/lessons';
import type { LessonQuestion } from '@mindpath/sdk/lesson-questions';

/** The learner's answers by question index. */
export type Answers = Record<number, string>;

/** spec 2 §5: every question is required (a radio option or a text answer). */
export const unanswered = (questions: LessonQuestion[], answers: Answers): number[] =>
  questions.flatMap((_, i) => ((answers[i] ?? '').trim() ? [] : [i]));

/** spec 2 §3: the submission's entries (questionIndex, selectedAnswer, question). */
export const toSubmission = (questions: LessonQuestion[], answers: Answers): SubmittedAnswer[] =>
  questions.map((q, i) => ({
    questionIndex: i,
    selectedAnswer: (answers[i] ?? '').trim(),
    question: q.question,
  }));

export const ANSWER_ALL = 'Please answer every question before submitting.';
