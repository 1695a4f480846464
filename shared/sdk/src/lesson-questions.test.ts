import { describe, expect, it } from 'vitest';
import { parseLessonQuestions } from './lesson-questions.ts';

const choice = { question: 'What is 2 + 2?', options: ['3', '4'], correctAnswer: '4' };
const open = { question: 'Explain ownership.', options: [] };
const expected = {
  questions: [
    { question: 'What is 2 + 2?', options: ['3', '4'] },
    { question: 'Explain ownership.', options: [] },
  ],
};

describe('parseLessonQuestions (spec 2 §3 assessment shapes)', () => {
  it.each([
    ['a bare array', [choice, open]],
    ['an object with questions', { questions: [choice, open] }],
    ['JSON text of a bare array', JSON.stringify([choice, open])],
    ['JSON text of an object with questions', JSON.stringify({ questions: [choice, open] })],
    [
      'Pascal case fields',
      {
        Questions: [
          { Question: 'What is 2 + 2?', Options: ['3', '4'], CorrectAnswer: '4' },
          { Question: 'Explain ownership.' },
        ],
      },
    ],
  ])('reads %s', (_, raw) => {
    expect(parseLessonQuestions(raw)).toEqual(expected);
  });

  it('treats a question without options (or a plain string) as a free-text question', () => {
    expect(parseLessonQuestions([{ question: 'Why?' }, 'How?'])).toEqual({
      questions: [
        { question: 'Why?', options: [] },
        { question: 'How?', options: [] },
      ],
    });
  });

  it('drops entries without question text and blank options', () => {
    expect(parseLessonQuestions([{ options: ['a'] }, { question: ' Q ', options: ['a', ' ', 2] }])).toEqual({
      questions: [{ question: 'Q', options: ['a', '2'] }],
    });
  });

  it('says the text could not be parsed, or held no questions', () => {
    expect(parseLessonQuestions('{not json')).toEqual({ problem: 'unparseable' });
    expect(parseLessonQuestions(42)).toEqual({ problem: 'unparseable' });
    expect(parseLessonQuestions('[]')).toEqual({ problem: 'empty' });
    expect(parseLessonQuestions({ questions: [] })).toEqual({ problem: 'empty' });
    expect(parseLessonQuestions({ something: 'else' })).toEqual({ problem: 'empty' });
    expect(parseLessonQuestions(null)).toEqual({ problem: 'empty' });
  });
});
