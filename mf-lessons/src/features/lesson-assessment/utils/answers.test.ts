import { describe, expect, it } from 'vitest';
import { toSubmission, unanswered } from './answers.ts';

const questions = [
  { question: 'Pick one', options: ['a', 'b'] },
  { question: 'Explain', options: [] },
];

describe('assessment answers', () => {
  it('requires every question, a blank text answer included', () => {
    expect(unanswered(questions, {})).toEqual([0, 1]);
    expect(unanswered(questions, { 0: 'a', 1: '   ' })).toEqual([1]);
    expect(unanswered(questions, { 0: 'a', 1: 'Because' })).toEqual([]);
  });

  it('builds the submission entries of spec 2 §3', () => {
    expect(toSubmission(questions, { 0: 'b', 1: ' Because ' })).toEqual([
      { questionIndex: 0, selectedAnswer: 'b', question: 'Pick one' },
      { questionIndex: 1, selectedAnswer: 'Because', question: 'Explain' },
    ]);
  });
});
