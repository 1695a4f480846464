import {
  GeneratedLessonContentSchema,
  GeneratedLessonQuizSchema,
  LESSON_SECTIONS,
} from '@mindpath/contracts/ai';
import { lessonCitationIssues, proseParagraphs } from '@mindpath/contracts/citations-constants';
import { describe, expect, it } from 'vitest';
import { keyConceptsOf } from '../lesson-outline.ts';
import type { GroundingPassage } from '../prompts/lesson.ts';
import {
  definedTerm,
  groundedLessonContent,
  groundedLessonInstruction,
  groundedLessonMarkdown,
  groundedLessonQuiz,
  passageSentences,
} from './grounded-lesson.ts';
import { createOfflineProvider } from './provider.ts';

const passage = (n: number, text: string, headingPath: string[] = []): GroundingPassage => ({
  n,
  text,
  sourceTitle: 'Database notes',
  page: null,
  headingPath,
});

const PASSAGES: GroundingPassage[] = [
  passage(
    1,
    'Indexes make lookups fast. An index is a data structure that lets the database find rows without reading the whole table. Every index costs space and slows down writes a little.',
    ['Indexes'],
  ),
  passage(
    2,
    'A primary key is the column that identifies each row of a table. It is unique and never null. A foreign key is a column that refers to the primary key of another table, such as an order pointing at its customer.',
    ['Keys'],
  ),
  passage(
    3,
    'Normalization removes repeated data from tables.\n\n```sql\nCREATE INDEX orders_customer ON orders (customer_id);\n```\n\nA transaction is a group of statements that succeed or fail together. Isolation keeps concurrent transactions from seeing half-done work.',
    ['Transactions'],
  ),
];

const input = {
  goal: 'Learn databases from my notes',
  level: 'Beginner' as const,
  sectionName: 'Basics',
  lessonTitle: 'Indexes and keys',
  lessonSummary: 'how a database finds rows',
  passages: PASSAGES,
};

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('the grounded offline lesson', () => {
  it('keeps the lesson headings and cites a passage in every paragraph and list item', () => {
    const md = groundedLessonMarkdown(input);
    for (const s of LESSON_SECTIONS) expect(md).toContain(`## ${s}`);
    expect(lessonCitationIssues(md, PASSAGES.length)).toEqual([]);
    expect(proseParagraphs(md).length).toBeGreaterThan(6);
    for (const p of proseParagraphs(md)) expect(p).toMatch(/\[\d(?:, \d)*\][.:]?$|\[\d\]$/);
  });

  it('quotes the passages verbatim: opening sentences, definitions, an example and code', () => {
    const md = groundedLessonMarkdown(input);
    expect(md).toContain('> Indexes make lookups fast. [1]');
    expect(md).toContain(
      '- **Index**: An index is a data structure that lets the database find rows without reading the whole table. [1]',
    );
    expect(md).toContain(
      '- **Primary key**: A primary key is the column that identifies each row of a table. [2]',
    );
    expect(md).toContain('```sql\nCREATE INDEX orders_customer ON orders (customer_id);\n```');
    expect(md).toMatch(/such as an order pointing at its customer\. \[2\]/);
    const concepts = keyConceptsOf(md);
    expect(concepts.map((c) => c.term)).toEqual(
      expect.arrayContaining(['Index', 'Primary key', 'Foreign key', 'Transaction']),
    );
    // every quoted sentence is a passage's
    const all = flat(PASSAGES.map((p) => p.text).join(' '));
    for (const line of md.split('\n').filter((l) => l.startsWith('> '))) {
      expect(all).toContain(line.slice(2).replace(/ \[\d\]$/, ''));
    }
  });

  it('is deterministic and valid as the lesson-content answer', () => {
    expect(groundedLessonMarkdown(input)).toBe(groundedLessonMarkdown(input));
    const parsed = GeneratedLessonContentSchema.safeParse(groundedLessonContent(input));
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('follows an instruction it can: simpler, shorter, more practice, a focus on a concept', () => {
    const simpler = groundedLessonMarkdown({ ...input, instruction: 'simpler please' });
    expect(keyConceptsOf(simpler).length).toBeLessThanOrEqual(3);
    expect(lessonCitationIssues(simpler, 3)).toEqual([]);
    const shorter = groundedLessonMarkdown({ ...input, instruction: 'shorter' });
    expect(shorter).not.toContain('## Practice');
    expect(lessonCitationIssues(shorter, 3)).toEqual([]);
    const practice = groundedLessonMarkdown({ ...input, instruction: 'more practice' });
    expect(
      practice
        .split('## Practice')[1]!
        .split('## Summary')[0]!
        .match(/^\d+\. /gm)!.length,
    ).toBeGreaterThan(3);
    const focus = groundedLessonMarkdown({ ...input, instruction: 'focus on transactions' });
    expect(keyConceptsOf(focus)[0]!.term).toBe('Transaction');
    expect(focus).toContain('### A closer look: Transaction');
    expect(lessonCitationIssues(focus, 3)).toEqual([]);
    expect(
      groundedLessonInstruction({ ...input, instruction: 'focus on transactions, in French' }),
    ).toMatchObject({
      directives: [{ kind: 'focus', term: 'Transaction' }],
      notFollowed: ['in French'],
    });
  });

  it('finds definitions and sentences, not pronouns or headings', () => {
    expect(definedTerm('An index is a data structure.')).toBe('Index');
    expect(definedTerm('It is unique and never null.')).toBeNull();
    expect(definedTerm('This means the query is slow.')).toBeNull();
    const sentences = passageSentences(
      passage(9, '# Title\n\n- A cache is a fast store of recent answers.\n\n| a | b |'),
    );
    expect(sentences.map((s) => s.text)).toEqual(['A cache is a fast store of recent answers.']);
  });

  it('never lets a passage break the lesson: fake citations and image placeholders are defused', () => {
    const md = groundedLessonMarkdown({
      ...input,
      passages: [
        passage(1, 'A trap is a sentence that cites [7] and holds {{image: x}} inside it on purpose.'),
      ],
    });
    expect(lessonCitationIssues(md, 1)).toEqual([]);
    expect(md).not.toContain('{{image: x}}');
  });
});

describe('the grounded offline quiz', () => {
  const quizInput = {
    goal: input.goal,
    level: input.level,
    lessonTitle: input.lessonTitle,
    content: groundedLessonMarkdown(input),
    passages: PASSAGES,
  };

  it('asks four fill-in-the-blank questions with terms of other passages, and one open question', () => {
    const quiz = groundedLessonQuiz(quizInput)!;
    expect(GeneratedLessonQuizSchema.safeParse(quiz).success).toBe(true);
    expect(quiz.questions).toHaveLength(5);
    const texts = flat(PASSAGES.map((p) => p.text).join(' ')).toLowerCase();
    for (const q of quiz.questions.slice(0, 4)) {
      expect(q.question).toMatch(/^According to your material \[\d\], which completes: “.*_____.*”\?$/);
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(q.options).toContain(q.correctAnswer);
      const n = Number(/\[(\d)\]/.exec(q.question)![1]);
      expect(flat(PASSAGES[n - 1]!.text).toLowerCase()).toContain(q.correctAnswer.toLowerCase());
    }
    const open = quiz.questions[4]!;
    expect(open.options).toEqual([]);
    expect(texts).toContain(open.correctAnswer.toLowerCase());
    expect(groundedLessonQuiz(quizInput)).toEqual(quiz);
  });

  it('gives way when the passages hold too little to ask', () => {
    expect(groundedLessonQuiz({ ...quizInput, passages: [passage(1, 'Too short.')] })).toBeNull();
  });

  it('is what the offline provider answers for the lesson prompts given passages', async () => {
    const provider = createOfflineProvider({ streamDelayMs: 0 });
    const { lessonMarkdownPrompt, lessonQuizPrompt } = await import('../prompts/lesson.ts');
    let streamed = '';
    for await (const d of provider.streamText({ prompt: lessonMarkdownPrompt.build(input) })) streamed += d;
    expect(streamed).toBe(groundedLessonMarkdown(input));
    const { object } = await provider.generateObject({
      prompt: lessonQuizPrompt.build(quizInput),
      schema: GeneratedLessonQuizSchema,
    } as never);
    expect(object).toEqual(groundedLessonQuiz(quizInput));
  });
});

describe('the grounded offline lesson from a passage too short for a sentence', () => {
  it('quotes the passage whole, cited', () => {
    const md = groundedLessonMarkdown({ ...input, passages: [passage(1, 'SELECT basics')] });
    expect(md).toContain('> SELECT basics [1]');
    expect(lessonCitationIssues(md, 1)).toEqual([]);
  });
});
