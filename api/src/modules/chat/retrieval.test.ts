import { describe, expect, it } from 'vitest';
import { questionTerms } from '../../ai/offline/tutor-terms.ts';
import {
  type Candidate,
  citationsOf,
  excerptText,
  lessonParagraphs,
  numberExcerpts,
  passageWhere,
  rankLessonParagraphs,
} from './retrieval.ts';

const LESSON = `# Joins

## Overview
An INNER JOIN returns only the rows that have matching values in both tables [1].

## Key Concepts
- **The join condition**: the ON clause names the columns that must be equal [2].
- Rows without a partner are left out.

\`\`\`sql
SELECT * FROM a JOIN b ON a.id = b.a_id;
\`\`\`

{{image: two tables}}

| a | b |
|---|---|

> Written as you asked: shorter.`;

const candidate = (key: string, text: string, where = key): Candidate => ({
  key,
  citation: {
    kind: 'passage',
    id: `00000000-0000-4000-8000-00000000000${key}`,
    title: 'T',
    page: null,
    headingPath: [],
  },
  where,
  text,
});

describe("the tutor's retrieval, its pure parts", () => {
  it('splits a lesson into prose paragraphs under their headings, without code, tables, marks or [n]', () => {
    const paragraphs = lessonParagraphs(LESSON).map((p) => ({ ...p, text: excerptText(p.text) }));
    expect(paragraphs).toEqual([
      {
        heading: 'Overview',
        text: 'An INNER JOIN returns only the rows that have matching values in both tables.',
      },
      {
        heading: 'Key Concepts',
        text: 'The join condition: the ON clause names the columns that must be equal.',
      },
      { heading: 'Key Concepts', text: 'Rows without a partner are left out.' },
    ]);
  });

  it('ranks the paragraphs by the question’s terms they share, none for a paragraph sharing none', () => {
    const ranked = rankLessonParagraphs(
      lessonParagraphs(LESSON),
      questionTerms('What does the join condition name?'),
    );
    expect(ranked.map((p) => p.index)).toEqual([1, 0]);
    expect(rankLessonParagraphs(lessonParagraphs(LESSON), questionTerms('window functions'))).toEqual([]);
  });

  it('numbers the excerpts that match well enough first, five at most, each with its citation', () => {
    const terms = questionTerms('How does a foreign key reference a table?');
    const fused = [
      candidate('1', 'Tables have rows.'),
      candidate('2', 'A foreign key references the primary key of another table.'),
      candidate('3', 'Keys again.', 'Guide / Foreign keys'),
      ...['4', '5', '6', '7'].map((k) => candidate(k, `text ${k}`)),
    ];
    const { excerpts, citations } = numberExcerpts(fused, terms);
    expect(excerpts.map((e) => e.text)).toEqual([
      'A foreign key references the primary key of another table.',
      'Keys again.',
      'Tables have rows.',
      'text 4',
      'text 5',
    ]);
    expect(excerpts.map((e) => e.n)).toEqual([1, 2, 3, 4, 5]);
    expect(citations.map((c) => [c.n, c.id.at(-1)])).toEqual([
      [1, '2'],
      [2, '3'],
      [3, '1'],
      [4, '4'],
      [5, '5'],
    ]);
  });

  it('leaves out an excerpt whose words another already holds', () => {
    const { excerpts } = numberExcerpts(
      [
        candidate('1', 'A foreign key references another table.'),
        candidate('2', 'Keys. A foreign key references another table. More.'),
        candidate('3', 'a foreign key references another table.'),
        candidate('4', 'Primary keys are unique.'),
      ],
      questionTerms('foreign key'),
    );
    expect(excerpts.map((e) => e.text)).toEqual([
      'A foreign key references another table.',
      'Primary keys are unique.',
    ]);
  });

  it('stores the citations an answer cites, in order of first use, and no number it was not given', () => {
    const { citations } = numberExcerpts([candidate('1', 'a'), candidate('2', 'b'), candidate('3', 'c')], []);
    expect(citationsOf('Both [3] and [1, 3], not [9].', citations).map((c) => c.n)).toEqual([3, 1]);
    expect(citationsOf('Nothing cited.', citations)).toEqual([]);
  });

  it('names where a passage sits, and reads an excerpt as one line without markers of its own', () => {
    expect(passageWhere('Book', 4, ['Part I', 'Keys'])).toBe('Book, page 4 / Part I › Keys');
    expect(passageWhere('Notes', null, [])).toBe('Notes');
    expect(passageWhere('Handbook', null, ['Handbook', 'Anemones'])).toBe('Handbook / Anemones');
    expect(excerptText('A fact [12].\n\nAnother """quoted""" [1, 2] and [a link](x).')).toBe(
      'A fact. Another "quoted" and [a link](x).',
    );
  });
});
