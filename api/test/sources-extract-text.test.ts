import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkDocument,
  extractPastedText,
  PASSAGE_WORDS,
  SourceRejected,
} from '../src/modules/sources/extract/index.ts';
import { expectOffsetsHold, rejection } from './helpers/extraction.ts';

const words = (s: string) => s.match(/\S+/g)?.length ?? 0;

/** `n` sentences of varied words, numbered so each passage's text can be told apart. */
function prose(topic: string, n: number, from = 0): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `The ${topic} fact number ${from + i} explains how ${topic} relates to the rest of the material.`,
  ).join(' ');
}

describe('pasted Markdown', () => {
  const markdown = [
    '---',
    'title: Front matter is not a heading',
    '---',
    'An opening paragraph before any heading.',
    '',
    '# Databases',
    '',
    prose('database', 4),
    '',
    '## Joins',
    '',
    prose('join', 30),
    '',
    prose('join', 30, 30),
    '',
    '```sql',
    '# not a heading inside a fence',
    'SELECT 1;',
    '```',
    '',
    'Indexes',
    '-------',
    '',
    prose('index', 5),
    '',
    '### B-trees **in depth** ###',
    '',
    prose('btree', 3),
    '',
    '# Transactions',
    '',
    prose('transaction', 2),
  ].join('\r\n');

  const doc = extractPastedText('My notes', markdown);

  it('is read as Markdown, keeps the learner title, and counts its headings as sections', () => {
    expect(doc.format).toBe('markdown');
    expect(doc.title).toBe('My notes');
    expect(doc.pages).toBeNull();
    expect(doc.sections).toBe(5);
    expect(doc.text).not.toContain('\r');
  });

  it('gives each passage the headings it sits under, outermost first', () => {
    const pathOf = (needle: string) => doc.passages.find((p) => p.text.includes(needle))?.headingPath;
    expect(pathOf('opening paragraph')).toEqual([]);
    expect(pathOf('database fact number 0')).toEqual(['Databases']);
    expect(pathOf('join fact number 0')).toEqual(['Databases', 'Joins']);
    expect(pathOf('not a heading inside a fence')).toEqual(['Databases', 'Joins']);
    expect(pathOf('index fact number 0')).toEqual(['Databases', 'Indexes']);
    expect(pathOf('btree fact number 0')).toEqual(['Databases', 'Indexes', 'B-trees in depth']);
    expect(pathOf('transaction fact number 0')).toEqual(['Transactions']);
    expect(doc.passages.every((p) => p.page === null)).toBe(true);
  });

  it('never puts a heading or two sections in one passage, and cuts long sections into passages of 120–250 words', () => {
    for (const p of doc.passages) {
      expect(p.text).not.toMatch(/^#{1,3} [A-Z]/m);
      expect(p.text).not.toMatch(/^-{3,}$/m);
      expect(p.text).not.toContain('Front matter');
      expect(words(p.text)).toBeLessThanOrEqual(PASSAGE_WORDS.max);
    }
    const joins = doc.passages.filter((p) => p.headingPath.at(-1) === 'Joins');
    expect(joins.length).toBeGreaterThanOrEqual(3);
    for (const p of joins.slice(0, -1)) expect(words(p.text)).toBeGreaterThanOrEqual(PASSAGE_WORDS.min);
    expectOffsetsHold(doc);
  });

  it("a Markdown file's own title is its front matter's, else its first heading", () => {
    expect(extractPastedText('', markdown).title).toBe('Front matter is not a heading');
    expect(extractPastedText('', '# First heading\n\nSome words here.').title).toBe('First heading');
  });
});

describe('Markdown headings', () => {
  it('are ATX and setext headings only: not #hashtags, not lists or rules, not indented code', () => {
    const text = [
      '#hashtag is not a heading, nor is #5.',
      '',
      '## Closing hashes are dropped ##',
      '',
      'Body one.',
      '',
      '- a list item',
      '---',
      '',
      '    # indented code, not a heading',
      '',
      'A *setext* title',
      '================',
      '',
      'Body two with [a link](http://example.com) and `code`.',
      '',
      '### [Linked](http://x.test) `heading` with __strong__ words',
      '',
      'Body three.',
    ].join('\n');
    const doc = extractPastedText('Edges', text);
    expect(doc.passages.map((p) => [p.headingPath, p.text.split('\n')[0]])).toEqual([
      [[], '#hashtag is not a heading, nor is #5.'],
      [['Closing hashes are dropped'], 'Body one.'],
      [['A setext title'], 'Body two with [a link](http://example.com) and `code`.'],
      [['A setext title', 'Linked heading with strong words'], 'Body three.'],
    ]);
    expect(doc.passages[1]?.text).toContain('    # indented code, not a heading');
  });
});

describe('pasted plain text', () => {
  it('without headings is one section, cut between paragraphs and sentences', () => {
    const text = `${prose('plain', 3)}\n\n${prose('long', 60)}\n\n${prose('tail', 2)}`;
    const doc = extractPastedText('Plain', text);
    expect(doc.format).toBe('text');
    expect(doc.sections).toBe(1);
    expect(doc.passages.length).toBeGreaterThanOrEqual(4);
    for (const p of doc.passages) {
      expect(p.headingPath).toEqual([]);
      expect(words(p.text)).toBeLessThanOrEqual(PASSAGE_WORDS.max);
      // a passage cut inside a paragraph ends at a sentence end
      expect(p.text).toMatch(/\.$/);
    }
    expectOffsetsHold(doc);
  });

  it('cuts text written without spaces (Japanese, Chinese) by its length', () => {
    const doc = extractPastedText('日本語', '学習'.repeat(5000));
    expect(doc.passages.length).toBeGreaterThan(4);
    for (const p of doc.passages) expect(p.text.length).toBeLessThanOrEqual(PASSAGE_WORDS.max * 7);
    expectOffsetsHold(doc);
  });

  it('refuses text with nothing to learn from, and text too long to keep', async () => {
    expect(await rejection(() => extractPastedText('Empty', ' \n\n\t '))).toBe('empty');
    expect(await rejection(() => extractPastedText('Dots', '... --- ...'))).toBe('empty');
    expect(await rejection(() => extractPastedText('Huge', 'word '.repeat(1_000_001)))).toBe('too_much_text');
    const refusal = new SourceRejected('empty');
    expect(refusal.message).toBe('This source has no text to learn from.');
  });
});

describe('chunkDocument', () => {
  it('keeps every passage inside its section, in order, with exact offsets, for any text', () => {
    const token = fc.oneof(
      fc.constantFrom('alpha', 'beta', 'gamma.', 'delta!', 'end?', '\n\n', '\n', '  ', '漢字'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(token, { maxLength: 400 }), { minLength: 1, maxLength: 5 }), (parts) => {
        let text = '';
        const sections = parts.map((tokens, i) => {
          const start = text.length;
          text += tokens.join(' ');
          const section = { start, end: text.length, page: i + 1, headingPath: [`H${i}`] };
          text += '\n\n';
          return section;
        });
        const passages = chunkDocument(text, sections);
        let previousEnd = 0;
        passages.forEach((p, i) => {
          expect(p.ordinal).toBe(i);
          expect(text.slice(p.start, p.end)).toBe(p.text);
          expect(p.start).toBeGreaterThanOrEqual(previousEnd);
          const section = sections.find((s) => s.page === p.page);
          expect(section).toBeDefined();
          expect(p.start).toBeGreaterThanOrEqual(section?.start ?? -1);
          expect(p.end).toBeLessThanOrEqual(section?.end ?? -1);
          expect(p.headingPath).toEqual(section?.headingPath);
          expect(words(p.text)).toBeLessThanOrEqual(PASSAGE_WORDS.max);
          previousEnd = p.end;
        });
        // every word of every section is in some passage
        const covered =
          passages
            .map((p) => p.text)
            .join(' ')
            .match(/\S+/g)?.length ?? 0;
        const all = sections.reduce((n, s) => n + words(text.slice(s.start, s.end)), 0);
        expect(covered).toBeGreaterThanOrEqual(all);
      }),
      { numRuns: 200 },
    );
  });
});
