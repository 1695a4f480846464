import type { LessonQuizQuestion } from '@mindpath/contracts/ai';
import { computeScore } from '@mindpath/contracts/lessons';
import { describe, expect, it } from 'vitest';
import { gradeOpenAnswer } from '../../ai/offline/generators.ts';
import { AppError } from '../../lib/app-error.ts';
import { gradeAnswers, type OpenGrade, parseAnswers } from './assessment.ts';

const questions: LessonQuizQuestion[] = [
  { question: 'Q1', options: ['a', 'b', 'c', 'd'], correctAnswer: 'b' },
  { question: 'Q2', options: ['yes', 'no'], correctAnswer: 'no' },
  {
    question: 'Explain variables.',
    options: [],
    correctAnswer: 'A variable is a name bound to a value; assignment rebinds the name.',
  },
];

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('no error');
};

describe('parseAnswers', () => {
  it('reads JSON text or an array into answers by question index', () => {
    const text = JSON.stringify([
      { questionIndex: 0, selectedAnswer: 'b', question: 'Q1' },
      { questionIndex: 1, selectedAnswer: 'no' },
      { questionIndex: 2, selectedAnswer: 'names' },
    ]);
    expect([...parseAnswers(text, 3)]).toEqual([
      [0, 'b'],
      [1, 'no'],
      [2, 'names'],
    ]);
    expect(parseAnswers([{ questionIndex: 0, selectedAnswer: 'x' }], 1).get(0)).toBe('x');
  });

  it('requires every question (blank counts as missing) and names the missing ones', () => {
    const e = errorOf(() =>
      parseAnswers(
        [
          { questionIndex: 0, selectedAnswer: 'b' },
          { questionIndex: 2, selectedAnswer: ' ' },
        ],
        3,
      ),
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({
      statusCode: 400,
      message: 'Every question needs an answer',
      details: { missing: [1, 2] },
    });
  });

  it('refuses malformed JSON, the wrong shape and questions that do not exist', () => {
    expect(errorOf(() => parseAnswers('{', 1)).statusCode).toBe(400);
    expect(errorOf(() => parseAnswers('{"answers":[]}', 1)).statusCode).toBe(400);
    expect(errorOf(() => parseAnswers([{ questionIndex: 5, selectedAnswer: 'x' }], 2)).message).toContain(
      'no question 5',
    );
  });
});

describe('gradeAnswers', () => {
  const open = (score: number, method: OpenGrade['method'] = 'model'): Map<number, OpenGrade> =>
    new Map([[2, { score, feedback: 'fb', method }]]);

  it('marks choices right or wrong against the stored answer (option text, letter or number)', () => {
    const answers = new Map([
      [0, 'B'],
      [1, 'yes'],
      [2, 'x'],
    ]);
    const r = gradeAnswers(questions, answers, open(0));
    expect(r.map((x) => [x.correct, x.credit, x.method])).toEqual([
      [true, 1, 'choice'],
      [false, 0, 'choice'],
      [false, 0, 'model'],
    ]);
    expect(r[1]).toMatchObject({ selectedAnswer: 'yes', correctAnswer: 'no', feedback: null });
  });

  it('gives an open answer its grade as partial credit, correct from 60', () => {
    const answers = new Map([
      [0, 'b'],
      [1, 'no'],
      [2, 'names bound to values'],
    ]);
    const r = gradeAnswers(questions, answers, open(75, 'rubric'));
    expect(r[2]).toMatchObject({ credit: 0.75, correct: true, method: 'rubric', feedback: 'fb' });
    expect(computeScore(r.map((x) => x.credit))).toBe(92);
    expect(gradeAnswers(questions, answers, open(59))[2]!.correct).toBe(false);
    // a grade outside 0–100 is clamped
    expect(gradeAnswers(questions, answers, open(140))[2]!.credit).toBe(1);
  });
});

describe('the offline rubric (OFFLINE_RUBRIC describes it)', () => {
  const key = questions[2]!.correctAnswer;
  it('gives 0 to blank and "I don\'t know" answers', () => {
    for (const a of ['', '   ', "I don't know", 'idk', 'no idea', '?'])
      expect(gradeOpenAnswer(a, key)).toBe(0);
  });

  it('rewards covering the expected answer and substance, not length alone', () => {
    const covering = gradeOpenAnswer(
      'A variable is a name that is bound to a value, and an assignment rebinds the name to a new value, for example x = 1 then x = 2 so the name x refers to another value now.',
      key,
    );
    const offTopic = gradeOpenAnswer(
      'I really like learning new things every single day and I try hard to practise a lot with friends at school and at home in the evening.',
      key,
    );
    expect(covering).toBe(100);
    expect(offTopic).toBeLessThan(40);
    expect(covering).toBeGreaterThan(offTopic);
  });
});
