import { NOT_IN_MATERIAL } from '@mindpath/contracts/sources-constants';
import { describe, expect, it } from 'vitest';
import { chatPrompt } from '../prompts/chat.ts';
import { offlineChatReply } from './tutor.ts';
import { matchesWell, materialReply, parseExcerpts, quotedPart } from './tutor-material.ts';
import { questionTerms } from './tutor-terms.ts';

const EXCERPTS = [
  {
    n: 1,
    where: 'Database Basics, page 4 / Keys › Foreign keys',
    text: 'Tables are stored on disk. A foreign key is a column that points to the primary key of another table. It keeps rows consistent.',
  },
  {
    n: 2,
    where: 'your note “Indexes”',
    text: 'An index makes lookups by a column fast, at the price of slower writes.',
  },
  { n: 3, where: 'Database Basics, page 9', text: 'Backups are taken every night.' },
];

describe('the offline tutor on a goal with sources', () => {
  it('quotes the excerpts that answer, each with its number and where it comes from', () => {
    const reply = materialReply('What does a foreign key point to?', EXCERPTS);
    expect(reply).toBe(
      'From your material:\n\n> A foreign key is a column that points to the primary key of another table. [1]\n\n— Database Basics, page 4 / Keys › Foreign keys',
    );
  });

  it('says exactly NOT_IN_MATERIAL when no excerpt matches well enough', () => {
    expect(materialReply('What is the capital of France?', EXCERPTS)).toBe(NOT_IN_MATERIAL);
    // one common word shared is not an answer
    expect(materialReply('How are tables partitioned by range?', EXCERPTS)).toBe(NOT_IN_MATERIAL);
    expect(materialReply('What is a foreign key?', [])).toBe(NOT_IN_MATERIAL);
  });

  it('counts the headings an excerpt sits under, not the words of its label', () => {
    const underHeading = [{ n: 1, where: 'Guide / Normal forms', text: 'Each fact is stored once.' }];
    expect(materialReply('What are normal forms?', underHeading)).toContain(
      '> Each fact is stored once. [1]',
    );
    const paged = [{ n: 1, where: 'Guide, page 3', text: 'Memory is split in frames.' }];
    expect(materialReply('What is a page of memory?', paged)).toBe(NOT_IN_MATERIAL);
  });

  it('is the same answer from the prompt’s input and from its messages, as the provider gets them', () => {
    const input = {
      messages: [{ role: 'user' as const, content: 'Why use an index on a column?' }],
      lessonTitle: 'Indexes',
      goal: 'Learn databases',
      excerpts: EXCERPTS,
    };
    const { messages } = chatPrompt.build(input);
    expect(parseExcerpts(messages.filter((m) => m.role === 'system').map((m) => m.content))).toEqual(
      EXCERPTS,
    );
    expect(offlineChatReply(messages)).toBe(offlineChatReply(input));
    expect(offlineChatReply(input)).toContain('lookups by a column fast, at the price of slower writes. [2]');
    // a greeting, or a question without a subject, is answered as before
    expect(offlineChatReply({ ...input, messages: [{ role: 'user', content: 'hello' }] })).toMatch(/^Hello!/);
    expect(
      offlineChatReply({ ...input, excerpts: [], messages: [{ role: 'user', content: 'What is a join?' }] }),
    ).toBe(NOT_IN_MATERIAL);
  });
});

describe('its parts', () => {
  it('matches on at least half of the terms and at least two (the one of a one-term question)', () => {
    const terms = questionTerms('How does an index relate to a table scan?');
    expect(terms).toEqual(['index', 'relate', 'table', 'scan']);
    expect(matchesWell('A scan reads every row of the table; an index avoids it.', terms)).toBe(true);
    expect(matchesWell('Every table has rows.', terms)).toBe(false);
    expect(matchesWell('Indexes are sorted.', questionTerms('What are indexes?'))).toBe(true);
    expect(matchesWell('Anything', [])).toBe(false);
  });

  it('quotes the sentences holding the question’s words, the richest first, within 400 characters', () => {
    const terms = questionTerms('foreign key table');
    expect(quotedPart(EXCERPTS[0]!.text, terms)).toBe(
      'Tables are stored on disk. A foreign key is a column that points to the primary key of another table.',
    );
    const long = `${'word '.repeat(100)}key.`;
    // a sentence too long to fit beside a shorter one is left out
    expect(quotedPart(`Intro. Keys matter. ${long}`, ['key'])).toBe('Keys matter.');
    // sentences not next to each other are joined by an ellipsis
    expect(quotedPart('A key. Nothing. The key again.', ['key'])).toBe('A key. … The key again.');
    const clipped = quotedPart(`${'key '.repeat(150)}end.`, ['key']);
    expect(clipped.length).toBeLessThanOrEqual(400);
    expect(clipped.endsWith('…')).toBe(true);
    expect(quotedPart('Nothing here. Nor here.', ['key'])).toBe('Nothing here. Nor here.');
  });
});
