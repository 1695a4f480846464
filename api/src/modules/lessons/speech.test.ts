import { describe, expect, it } from 'vitest';
import { chunkText, lessonSpeechText } from './speech.ts';

describe('lessonSpeechText', () => {
  const md = [
    '# Variables',
    '',
    '## Overview',
    '',
    'A **variable** is a [name](https://example.com) for a `value`.',
    '',
    '- First point',
    '1. Second point',
    '',
    '{{image: a diagram of names}}',
    '',
    '$$x = y + 1$$',
    '',
    '```python',
    'x = 1  # never read out',
    '```',
    '',
    '> A quote',
    '<b>bold</b> and $a$ inline',
  ].join('\n');

  it('reads the prose, headings as sentences, and points to code and formulas instead of reading them', () => {
    const text = lessonSpeechText('Variables', md);
    expect(text).toBe(
      [
        'Variables.',
        '',
        'Overview.',
        '',
        'A variable is a name for a value.',
        '',
        'First point',
        'Second point',
        '',
        'The formula is shown on the page.',
        '',
        'The code example is shown on the page.',
        '',
        'A quote',
        'bold and a inline',
      ].join('\n'),
    );
    expect(text).not.toContain('never read out');
    expect(text).not.toContain('diagram');
  });

  it('says the title first when the content does not start with it', () => {
    expect(lessonSpeechText('Loops', 'Loops repeat work.').startsWith('Loops')).toBe(true);
    expect(lessonSpeechText('Loops', '## Overview\nThey repeat.')).toBe('Loops.\n\nOverview.\nThey repeat.');
  });
});

describe('chunkText', () => {
  it('keeps sentences whole and every chunk within the limit', () => {
    const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkText(text, 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks.join(' ')).toBe(text);
    expect(chunks.every((c) => c.endsWith('.'))).toBe(true);
  });

  it('cuts a sentence longer than the limit', () => {
    const chunks = chunkText('x'.repeat(250), 100);
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
  });
});
