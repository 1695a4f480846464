import { describe, expect, it } from 'vitest';
import { answers, recallAtK } from './evaluation.ts';

const q = (question: string, heading: string, phrase: string) => ({ question, heading, phrase });
const hit = (heading: string, text: string) => ({ headingPath: ['Chapter', heading], text });

describe('answers', () => {
  it('needs the innermost heading and the phrase, whatever the line breaks', () => {
    const question = q('What is a key?', 'Keys', 'identifies exactly one row');
    expect(answers(hit('Keys', 'A key identifies\nexactly  one row.'), question)).toBe(true);
    expect(answers(hit('Indexes', 'A key identifies exactly one row.'), question)).toBe(false);
    expect(answers({ headingPath: ['Keys', 'More'], text: 'identifies exactly one row' }, question)).toBe(
      false,
    );
    expect(answers(hit('Keys', 'A key names a row.'), question)).toBe(false);
  });
});

describe('recallAtK', () => {
  it('counts the questions answered within k, the first hits and the reciprocal ranks', async () => {
    const questions = [q('a', 'A', 'alpha'), q('b', 'B', 'beta'), q('c', 'C', 'gamma'), q('d', 'D', 'delta')];
    const results: Record<string, ReturnType<typeof hit>[]> = {
      a: [hit('A', 'alpha')],
      b: [hit('X', 'x'), hit('B', 'beta')],
      c: [hit('X', 'x'), hit('X', 'x'), hit('C', 'gamma')],
      d: [],
    };
    const report = await recallAtK(questions, async (text) => results[text] ?? [], 2);
    expect(report).toEqual({
      k: 2,
      recall: 0.5,
      recallAt1: 0.25,
      mrr: (1 + 1 / 2) / 4,
      questions: 4,
      misses: [
        { question: 'c', heading: 'C', rank: 3 },
        { question: 'd', heading: 'D', rank: null },
      ],
    });
  });
});
