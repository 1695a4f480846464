import type { AssessmentQuestion, GeneratedKnowledgeAssessment } from '@mindpath/contracts/ai';
import { describe, expect, it } from 'vitest';
import { isCorrectChoice, openAnswersToGrade, scoreAssessment } from './evaluation.ts';

const mc = (q: string, options: string[], correctAnswer: string): AssessmentQuestion => ({
  type: 'multiple-choice',
  question: q,
  options,
  correctAnswer,
  expectedLength: 'short',
});
const open = (q: string, key: string): AssessmentQuestion => ({
  type: 'open-ended',
  question: q,
  options: [],
  correctAnswer: key,
  expectedLength: 'medium',
});

const ASSESSMENT: GeneratedKnowledgeAssessment = {
  topics: [
    {
      title: 'Basics',
      questions: [mc('1+1?', ['1', '2', '3', '4'], '2'), mc('2*3?', ['5', '6', '7', '8'], '6')],
    },
    {
      title: 'Loops',
      questions: [mc('for?', ['a', 'b', 'c', 'd'], 'c'), open('Explain loops', 'repeat work')],
    },
    { title: 'Recursion', questions: [open('Explain recursion', 'a function calling itself')] },
  ],
};

describe('isCorrectChoice', () => {
  it('accepts the option text (case and spacing aside), its letter or its number', () => {
    const options = ['red', 'Green  light', 'blue', 'black'];
    expect(isCorrectChoice(' green light ', options, 'Green  light')).toBe(true);
    expect(isCorrectChoice('B', options, 'Green  light')).toBe(true);
    expect(isCorrectChoice('2', options, 'Green  light')).toBe(true);
    expect(isCorrectChoice('A', options, 'Green  light')).toBe(false);
    expect(isCorrectChoice('E', options, 'Green  light')).toBe(false);
    expect(isCorrectChoice('blue', options, 'Green  light')).toBe(false);
  });
});

describe('scoreAssessment', () => {
  const answersAll = (map: Record<string, string>) =>
    Object.entries(map).map(([k, answer]) => {
      const [topicIndex, questionIndex] = k.split(':').map(Number) as [number, number];
      return { topicIndex, questionIndex, answer };
    });

  it('scores multiple choice in code and open answers from the grades, per topic', () => {
    const answers = answersAll({
      '0:0': '2',
      '0:1': '5',
      '1:0': 'c',
      '1:1': 'they repeat',
      '2:0': 'calls itself',
    });
    const result = scoreAssessment(
      ASSESSMENT,
      answers,
      new Map([
        ['1:1', 80],
        ['2:0', 120],
      ]),
      'model',
    );
    expect(result).toEqual({
      topics: [
        { title: 'Basics', score: 50, recommendToComplete: true },
        { title: 'Loops', score: 90, recommendToComplete: false },
        { title: 'Recursion', score: 100, recommendToComplete: false },
      ],
      overallScore: 76,
      source: 'model',
    });
  });

  it('counts unanswered questions as wrong', () => {
    const result = scoreAssessment(ASSESSMENT, [], new Map(), 'offline');
    expect(result.topics.every((t) => t.score === 0 && t.recommendToComplete)).toBe(true);
    expect(result.overallScore).toBe(0);
  });

  it('still recommends the weakest topic (the later on a tie) when every topic is mastered', () => {
    const answers = answersAll({ '0:0': '2', '0:1': '6', '1:0': 'c', '1:1': 'x', '2:0': 'y' });
    const result = scoreAssessment(
      ASSESSMENT,
      answers,
      new Map([
        ['1:1', 100],
        ['2:0', 100],
      ]),
      'offline',
    );
    expect(result.topics.map((t) => t.recommendToComplete)).toEqual([false, false, true]);
  });

  it('sends only answered open questions for grading', () => {
    const refs = openAnswersToGrade(ASSESSMENT, answersAll({ '0:0': '2', '1:1': '  ', '2:0': 'itself' }));
    expect(refs).toEqual([
      {
        index: 0,
        topicIndex: 2,
        questionIndex: 0,
        topic: 'Recursion',
        question: 'Explain recursion',
        keyPoints: 'a function calling itself',
        answer: 'itself',
      },
    ]);
  });
});
