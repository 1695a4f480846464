import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AssessmentQuestion,
  AssessmentQuestionSchema,
  findImagePlaceholder,
  GeneratedKnowledgeAssessmentSchema,
  GeneratedLessonContentSchema,
  GeneratedLessonQuizSchema,
  GeneratedOpenAnswerGradesSchema,
  GeneratedPrerequisitesSchema,
  GeneratedRoadmapSchema,
  GeneratedSectionLessonsSchema,
  imagePlaceholder,
  parseOldStyleQuestion,
  RoadmapResultSchema,
  toOldStyleAssessment,
} from './ai.ts';

const mc: AssessmentQuestion = {
  type: 'multiple-choice',
  question: 'Q?',
  options: ['a', 'b', 'c', 'd'],
  correctAnswer: 'b',
  expectedLength: 'short',
};

describe('knowledge assessment questions', () => {
  it('need the correct answer among distinct options for multiple choice', () => {
    expect(AssessmentQuestionSchema.safeParse(mc).success).toBe(true);
    const wrong = AssessmentQuestionSchema.safeParse({ ...mc, correctAnswer: 'e' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['correctAnswer']);
    expect(AssessmentQuestionSchema.safeParse({ ...mc, options: ['b'] }).success).toBe(false);
    expect(AssessmentQuestionSchema.safeParse({ ...mc, options: ['a', 'b', 'b', 'd'] }).success).toBe(false);
  });

  it('have no options when open-ended', () => {
    const open = {
      type: 'open-ended',
      question: 'Why?',
      options: [],
      correctAnswer: 'key points',
      expectedLength: 'long',
    };
    expect(AssessmentQuestionSchema.safeParse(open).success).toBe(true);
    expect(AssessmentQuestionSchema.safeParse({ ...open, options: ['x'] }).success).toBe(false);
  });
});

describe('the old style', () => {
  it('is made from four-option multiple-choice questions and parses back', () => {
    const old = toOldStyleAssessment({
      topics: [
        { title: 'T', questions: [mc, { ...mc, options: ['x', 'b'] }] },
        { title: 'U', questions: [{ ...mc, question: 'Two\nlines?', correctAnswer: 'd' }] },
      ],
    });
    expect(old.questions).toEqual([
      { id: 1, text: 'Q: Q?\nA: a\nB: b\nC: c\nD: d\nCorrect: B' },
      { id: 2, text: 'Q: Two lines?\nA: a\nB: b\nC: c\nD: d\nCorrect: D' },
    ]);
    expect(parseOldStyleQuestion(old.questions[0] as { id: number; text: string })).toEqual({
      id: 1,
      question: 'Q?',
      options: ['a', 'b', 'c', 'd'],
      correctIndex: 1,
    });
  });

  it('parses to null when the lines are missing', () => {
    expect(parseOldStyleQuestion({ id: 1, text: 'Q: only a question' })).toBeNull();
    expect(parseOldStyleQuestion({ id: 1, text: 'Q: q\nA: a\nB: b\nC: c\nD: d\nCorrect: E' })).toBeNull();
  });
});

describe('image placeholders', () => {
  it('round-trip', () => {
    const md = `Text\n\n${imagePlaceholder('A {tree} diagram')}\n`;
    expect(findImagePlaceholder(md)).toBe('A tree diagram');
    expect(findImagePlaceholder('no image')).toBeNull();
  });
});

describe('generated schemas', () => {
  it.each(
    Object.entries({
      GeneratedRoadmapSchema,
      GeneratedSectionLessonsSchema,
      GeneratedKnowledgeAssessmentSchema,
      GeneratedOpenAnswerGradesSchema,
      GeneratedPrerequisitesSchema,
      GeneratedLessonContentSchema,
      GeneratedLessonQuizSchema,
    }),
  )(
    '%s converts to a closed JSON schema with every field required (what strict servers accept)',
    (_, schema) => {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
      const visit = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const n = node as Record<string, unknown>;
        if (n.type === 'object') {
          expect(n.additionalProperties).toBe(false);
          expect([...((n.required as string[]) ?? [])].sort()).toEqual(
            Object.keys(n.properties as object).sort(),
          );
        }
        for (const v of Object.values(n)) visit(v);
      };
      visit(json);
    },
  );

  it('results carry their source', () => {
    expect(RoadmapResultSchema.shape.source.options).toEqual(['offline', 'model']);
  });
});
