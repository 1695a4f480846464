import { describe, expect, it } from 'vitest';
import { FALLBACK_TOPIC_TITLE, parseAssessmentTopics, parseQuestion } from './assessment-parser.ts';

const mc = {
  type: 'multiple-choice',
  question: 'What does HTML stand for?',
  options: ['HyperText Markup Language', 'Home Tool', 'Hyperlinks', 'Markup'],
  correctAnswer: 'HyperText Markup Language',
  expectedLength: 'short',
};
const open = {
  type: 'open-ended',
  question: 'Explain the box model.',
  options: [],
  correctAnswer: 'margin',
  expectedLength: 'long',
};

describe('parseAssessmentTopics', () => {
  it('reads an object with topics as is', () => {
    const topics = parseAssessmentTopics({ topics: [{ title: 'Basics', questions: [mc, open] }] });
    expect(topics).toEqual([{ title: 'Basics', questions: [mc, open] }]);
  });

  it('reads JSON text and PascalCase keys', () => {
    const text = JSON.stringify({
      Topics: [{ Title: 'CSS', Questions: [{ Type: 'open-ended', Question: 'Why flexbox?', Options: [] }] }],
    });
    expect(parseAssessmentTopics(text)).toEqual([
      {
        title: 'CSS',
        questions: [
          {
            type: 'open-ended',
            question: 'Why flexbox?',
            options: [],
            correctAnswer: '',
            expectedLength: 'medium',
          },
        ],
      },
    ]);
  });

  it("falls back to one 'General Knowledge' topic for a bare list of questions", () => {
    expect(parseAssessmentTopics([mc, 'What is a tag?'])).toEqual([
      {
        title: FALLBACK_TOPIC_TITLE,
        questions: [
          mc,
          {
            type: 'open-ended',
            question: 'What is a tag?',
            options: [],
            correctAnswer: '',
            expectedLength: 'medium',
          },
        ],
      },
    ]);
  });

  it("falls back to 'General Knowledge' for text that is not JSON: one question per line", () => {
    const topics = parseAssessmentTopics('What is HTML?\n\nWhat is CSS?');
    expect(topics).toHaveLength(1);
    expect(topics[0]?.title).toBe(FALLBACK_TOPIC_TITLE);
    expect(topics[0]?.questions.map((q) => q.question)).toEqual(['What is HTML?', 'What is CSS?']);
  });

  it("falls back to 'General Knowledge' when the topics hold no valid topic but questions", () => {
    const topics = parseAssessmentTopics({ questions: [mc] });
    expect(topics).toEqual([{ title: FALLBACK_TOPIC_TITLE, questions: [mc] }]);
  });

  it('gives an empty list when nothing is a question', () => {
    expect(parseAssessmentTopics('{"topics": []}')).toEqual([]);
    expect(parseAssessmentTopics(null)).toEqual([]);
    expect(parseAssessmentTopics({ topics: [{ title: 'Empty', questions: [] }] })).toEqual([]);
  });
});

describe('parseQuestion', () => {
  it('makes a question with fewer than two options open-ended', () => {
    expect(parseQuestion({ question: 'Why?', options: ['only one'] })?.type).toBe('open-ended');
    expect(parseQuestion({ question: 'Which?', options: ['a', 'b'] })).toMatchObject({
      type: 'multiple-choice',
      options: ['a', 'b'],
      expectedLength: 'short',
    });
  });

  it('drops a question without text', () => {
    expect(parseQuestion({ options: ['a', 'b'] })).toBeNull();
    expect(parseQuestion('   ')).toBeNull();
  });
});
