import {
  findImagePlaceholder,
  GeneratedLessonContentSchema,
  GeneratedLessonQuizSchema,
  LESSON_SECTIONS,
} from '@mindpath/contracts/ai';
import { describe, expect, it } from 'vitest';
import { keyConceptsOf } from '../lesson-outline.ts';
import { offlineLessonContent, offlineLessonMarkdown, offlineLessonQuiz } from './lesson.ts';

const GOALS = [
  'Beginner: I want to learn Python',
  'SQL for data analysis',
  'Machine learning',
  'I would like to get better at watercolor painting',
  '   ',
  'Aprender español 🇪🇸 para viajar',
];

const input = {
  goal: 'Knitting',
  level: 'Beginner' as const,
  sectionName: 'Building Core Skills',
  lessonTitle: 'Casting on',
};

const choices = (quiz: ReturnType<typeof offlineLessonQuiz>) =>
  quiz.questions.filter((q) => q.options.length > 0);

describe('offline lessons', () => {
  it.each(GOALS)(
    '%j: a valid lesson with the special sections, code, key concepts and a labelled diagram',
    (goal) => {
      const lesson = offlineLessonContent({ ...input, goal });
      expect(GeneratedLessonContentSchema.parse(lesson)).toEqual(lesson);
      for (const s of LESSON_SECTIONS) expect(lesson.content).toContain(`\n## ${s}\n`);
      expect(lesson.content).toMatch(/```[a-z]+\n[\s\S]+?\n```/);
      expect(keyConceptsOf(lesson.content)).toHaveLength(4);
      expect(findImagePlaceholder(lesson.content)).toMatch(/^A labelled diagram of Casting on: /);
      expect(lesson.books.length).toBeGreaterThan(0);
    },
  );

  it('a lesson no kit covers is about its own title: its example names it and it has no formula', () => {
    const md = offlineLessonMarkdown(input);
    const example = md.slice(md.indexOf('## Example'), md.indexOf('## Practice'));
    expect(example).toContain('Casting on');
    expect(example).toMatch(/casting on/);
    expect(md).not.toMatch(/\$\$/);
    // nothing of another curriculum's example (the old shared SQL, Python or spaced-repetition samples)
    expect(md).not.toMatch(/LEFT JOIN|selectivity|forgetting curve|def /);
  });

  it('is deterministic', () => {
    expect(offlineLessonMarkdown(input)).toBe(offlineLessonMarkdown({ ...input }));
    expect(offlineLessonMarkdown(input)).not.toBe(
      offlineLessonMarkdown({ ...input, lessonTitle: 'Purling' }),
    );
  });
});

describe('the offline lesson quiz asks only what the lesson teaches', () => {
  it('four choice questions from its key concepts, and an open question whose key points are the concepts', () => {
    const content = offlineLessonMarkdown(input);
    const quiz = GeneratedLessonQuizSchema.parse(offlineLessonQuiz({ ...input, content }));
    expect(quiz.questions).toHaveLength(5);
    const concepts = keyConceptsOf(content);
    for (const q of choices(quiz)) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options).toContain(q.correctAnswer);
      // every option is a statement of this lesson; the right one is the concept the question names
      for (const o of q.options) expect(content).toContain(o);
      const named = concepts.find((c) => q.question.includes(`“${c.term}”`));
      expect(named?.text).toBe(q.correctAnswer);
    }
    const open = quiz.questions[4];
    expect(open?.options).toEqual([]);
    expect(open?.question).toBe(
      'In your own words, explain casting on, covering what it is, why it matters, how to practise it, how to remember it.',
    );
    for (const c of concepts) expect(open?.correctAnswer).toContain(c.text);
  });

  it("a model's lesson with no concept list: fill-in-the-blank from its own sentences", () => {
    const content = [
      '# Photosynthesis',
      '## Overview',
      'Plants capture sunlight in their leaves and store its energy as sugar for later growth.',
      'Chlorophyll absorbs mostly red and blue light, which is why healthy leaves look green to us.',
      'The process releases oxygen into the atmosphere as a byproduct of splitting water molecules.',
      'Carbon dioxide enters through small pores called stomata on the underside of each leaf.',
      'Glucose made during the day fuels respiration through the night in every living plant cell.',
      '```python\nprint("not a sentence of the lesson")\n```',
    ].join('\n\n');
    const quiz = GeneratedLessonQuizSchema.parse(
      offlineLessonQuiz({ goal: 'Biology', level: 'Beginner', lessonTitle: 'Photosynthesis', content }),
    );
    const mc = choices(quiz);
    expect(mc).toHaveLength(4);
    for (const q of mc) {
      expect(q.question).toMatch(/^Which word completes the lesson's sentence: “.*_____.*”$/);
      const sentence = q.question.slice(q.question.indexOf('“') + 1, -1);
      expect(content.toLowerCase()).toContain(sentence.replace('_____', q.correctAnswer).toLowerCase());
      for (const o of q.options) expect(content.toLowerCase()).toContain(o);
      expect(q.question).not.toContain('not a sentence');
    }
  });

  it('with no text to ask from, asks from the lesson the offline generator writes for the title', () => {
    const quiz = GeneratedLessonQuizSchema.parse(offlineLessonQuiz({ ...input, content: '' }));
    expect(choices(quiz)).toHaveLength(4);
    expect(quiz.questions[4]?.question).toMatch(/^In your own words, explain casting on/);
  });
});

describe('a curated lesson is made from its kit', () => {
  const join = {
    goal: 'SQL for data analysis',
    level: 'Beginner' as const,
    sectionName: 'Joins',
    lessonTitle: 'INNER JOIN',
  };

  it('its concepts, example and diagram are about INNER JOIN, with no formula that does not belong', () => {
    const md = offlineLessonMarkdown(join);
    expect(keyConceptsOf(md).map((c) => c.term)).toEqual([
      'Matching rows only',
      'The ON condition',
      'Unmatched rows dropped',
      'Table aliases',
    ]);
    expect(md).toMatch(/```sql\n[\s\S]*INNER JOIN[\s\S]*```/);
    expect(md).not.toMatch(/LEFT JOIN|\$\$/);
    expect(findImagePlaceholder(md)).toBe(
      'A labelled diagram of INNER JOIN: matching rows only, the ON condition, unmatched rows dropped, table aliases',
    );
  });

  it("its quiz: the kit's two checks, then questions on its concepts; nothing from another lesson", () => {
    const content = offlineLessonMarkdown(join);
    const quiz = offlineLessonQuiz({
      goal: join.goal,
      level: join.level,
      lessonTitle: join.lessonTitle,
      content,
    });
    const [a, b, c, d] = choices(quiz);
    expect(a?.question).toBe('What happens to a customer with no orders in `customers INNER JOIN orders`?');
    expect(a?.correctAnswer).toBe('The customer is dropped from the result');
    expect(b?.question).toBe('What does the `ON` clause of an inner join state?');
    for (const q of [c, d]) expect(q?.question).toMatch(/^According to the lesson, which statement fits “/);
    expect(JSON.stringify(quiz)).not.toMatch(/ROW_NUMBER|IS NULL|LEFT JOIN/);
  });

  it("the kit's checks are asked only of the Markdown written from that kit", () => {
    const other = offlineLessonMarkdown({ ...join, goal: 'Knitting' });
    const quiz = offlineLessonQuiz({
      goal: join.goal,
      level: join.level,
      lessonTitle: join.lessonTitle,
      content: other,
    });
    expect(JSON.stringify(quiz)).not.toContain('customers INNER JOIN orders');
  });

  it('a review lesson goes back over its section: an idea of each lesson, and their checks', () => {
    const md = offlineLessonMarkdown({ ...join, lessonTitle: 'Review and practice: Joins' });
    expect(keyConceptsOf(md).map((c) => c.term)[0]).toBe('Matching rows only');
    const quiz = offlineLessonQuiz({ ...join, lessonTitle: 'Review and practice: Joins', content: md });
    expect(quiz.questions[0]?.question).toBe(
      'What happens to a customer with no orders in `customers INNER JOIN orders`?',
    );
  });
});
