import { describe, expect, it } from 'vitest';
import { chatPrompt } from '../prompts/chat.ts';
import { lessonSentences, matchingSentences, offlineChatReply, questionTerms, stem } from './tutor.ts';

const LESSON = `## Overview
This lesson is part of **Joins** on your beginner path in SQL. An INNER JOIN returns only the rows that have matching values in both tables.

## Key Concepts
- **The join condition**: the ON clause names the columns that must be equal, usually a foreign key and the primary key it points to.
- Rows without a partner in the other table are left out of an inner join.

{{image: A labelled diagram of an inner join of two tables}}

\`\`\`sql
SELECT c.name, o.total FROM customers c INNER JOIN orders o ON o.customer_id = c.id;
\`\`\`

## Common pitfall
Forgetting the ON clause makes every row meet every other row, a cartesian product that is rarely wanted.`;

const ask = (content: string, extra: object = {}) =>
  offlineChatReply({
    messages: [{ role: 'user', content }],
    lessonTitle: 'INNER JOIN',
    lessonContent: LESSON,
    ...extra,
  });

describe('the offline tutor', () => {
  it("answers from the lesson's sentences that share the question's terms, quoted", () => {
    const reply = ask('What happens to rows without a matching partner?');
    expect(reply).toContain('From the lesson “INNER JOIN”:');
    expect(reply).toContain('> Rows without a partner in the other table are left out of an inner join.');
    expect(reply).not.toContain('cartesian');
    expect(ask('What is an inner join?')).not.toContain('{{image');
    expect(reply).toMatch(/offline tutor, which answers from the lesson's text, not from an AI model/);
  });

  it('matches inflections and never quotes code, headings or Markdown marks', () => {
    const reply = ask('Why do I need the ON clause?');
    expect(reply).toContain('the ON clause names the columns');
    expect(reply).toContain('Forgetting the ON clause');
    expect(reply).not.toMatch(/SELECT|\*\*|##/);
  });

  it('never writes the question back as content', () => {
    const reply = ask('difference short example');
    expect(reply).not.toMatch(/your question about|difference short example/);
  });

  it('says plainly when the lesson does not cover the question, and what it does cover', () => {
    const reply = ask('How does ROW_NUMBER() rank rows in a window?');
    expect(reply).toContain('does not cover that, and I can only answer from the lesson');
    expect(reply).toContain('“Overview”, “Key Concepts”, “Common pitfall”');
  });

  it('takes a request about the lesson itself as a request for its overview', () => {
    const reply = ask('Please explain this lesson briefly');
    expect(reply).toContain('Here is what “INNER JOIN” covers:');
    expect(reply).toContain('An INNER JOIN returns only the rows');
  });

  it('before the lesson is written, says to open it first', () => {
    const reply = offlineChatReply({
      messages: [{ role: 'user', content: 'What is a join?' }],
      lessonTitle: 'Joins',
    });
    expect(reply).toContain('Once “Joins” is written');
  });

  it('with no lesson open speaks of the goal and its roadmap, not of "the lesson"', () => {
    const reply = offlineChatReply({
      messages: [{ role: 'user', content: 'What should I learn first?' }],
      goal: 'Beginner: Learn SQL',
    });
    expect(reply).toContain(
      'You are working towards “SQL”. Your roadmap breaks it into milestones and lessons',
    );
    expect(offlineChatReply({ messages: [{ role: 'user', content: 'hello' }], goal: 'Learn SQL' })).toBe(
      'Hello! Ask me about your goal, “SQL”, or open a lesson and ask me about what you are reading.',
    );
  });

  it('reads the lesson and its text from a chat prompt’s system messages, as the provider gets them', () => {
    const input = {
      messages: [{ role: 'user' as const, content: 'What does the join condition name?' }],
      lessonTitle: 'INNER JOIN',
      goal: 'Learn SQL',
      lessonContent: LESSON,
    };
    const { messages } = chatPrompt.build(input);
    expect(offlineChatReply(messages)).toBe(offlineChatReply(input));
    expect(offlineChatReply(messages)).toContain('the ON clause names the columns that must be equal');
  });
});

describe('its parts', () => {
  it('stems every form of a word alike, so a singular question finds a plural lesson', () => {
    for (const [forms, root] of [
      [['table', 'tables'], 'table'],
      [['index', 'indexes'], 'index'],
      [['query', 'queries'], 'query'],
      [['join', 'joins', 'joined', 'joining'], 'join'],
      [['match', 'matches'], 'match'],
      [['class'], 'class'],
    ] as const) {
      for (const w of forms) expect(stem(w), w).toBe(root);
    }
    const lesson = 'A table holds rows. Tables are joined on keys.';
    expect(
      offlineChatReply({
        messages: [{ role: 'user', content: 'What is a table?' }],
        lessonTitle: 'Tables',
        lessonContent: `## Overview\n${lesson}`,
      }),
    ).toContain('From the lesson “Tables”');
  });

  it('takes the subject terms of a question, stemmed, without the words of asking', () => {
    expect(questionTerms('Please explain the joins briefly')).toEqual(['join']);
    expect(questionTerms('Why are indexes needed?')).toEqual(
      ['index', 'needed'].map((w) => w.replace(/ed$/, '')),
    );
  });

  it('splits prose into sentences and leaves code and headings out', () => {
    const sentences = lessonSentences(LESSON);
    expect(sentences.some((s) => s.includes('SELECT'))).toBe(false);
    expect(sentences.some((s) => s.startsWith('Overview'))).toBe(false);
    expect(sentences).toContain(
      'An INNER JOIN returns only the rows that have matching values in both tables.',
    );
  });

  it('keeps the best matches in the lesson order', () => {
    const s = [
      'rows and a join here',
      'nothing',
      'join and rows and keys here',
      'rows only',
      'keys of a join row',
    ];
    expect(matchingSentences(s, ['join', 'row', 'key'], 2)).toEqual([
      'join and rows and keys here',
      'keys of a join row',
    ]);
    // one common word is not an answer
    expect(matchingSentences(s, ['row', 'window'])).toEqual([]);
  });
});
