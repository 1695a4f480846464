import { describe, expect, it } from 'vitest';
import { codeBlockOf, type TreeNode } from './code-block.ts';

/** A `pre > code` as the highlighter leaves it: token spans inside the code element. */
const fenced = (className: string[] | undefined, ...parts: string[]): TreeNode => ({
  type: 'element',
  tagName: 'pre',
  children: [
    {
      type: 'element',
      tagName: 'code',
      properties: className ? { className } : {},
      children: parts.map((value, i) =>
        i % 2
          ? { type: 'element', tagName: 'span', children: [{ type: 'text', value }] }
          : { type: 'text', value },
      ),
    },
  ],
});

describe('a code block’s language', () => {
  it('runs Python, SQL, JavaScript and TypeScript by their fence words', () => {
    const cases: [string, string | null][] = [
      ['python', 'python'],
      ['py', 'python'],
      ['sql', 'sql'],
      ['postgresql', 'sql'],
      ['js', 'javascript'],
      ['javascript', 'javascript'],
      ['ts', 'typescript'],
      ['typescript', 'typescript'],
      ['rust', null],
      ['bash', null],
      ['text', null],
    ];
    for (const [word, language] of cases) {
      expect(codeBlockOf(fenced(['hljs', `language-${word}`], 'x = 1\n')).language, word).toBe(language);
    }
  });

  it('reads the text through the highlighter’s spans, without the fence’s last newline', () => {
    const block = codeBlockOf(fenced(['hljs', 'language-python'], 'print(', "'hi'", ')\n'));
    expect(block).toMatchObject({ info: 'python', language: 'python', code: "print('hi')", cannotRun: null });
  });

  it('is read-only without a language, or outside a fence', () => {
    expect(codeBlockOf(fenced(undefined, 'plain\n'))).toMatchObject({ info: null, language: null });
    expect(codeBlockOf(undefined).language).toBeNull();
    expect(
      codeBlockOf({ type: 'element', tagName: 'pre', children: [{ type: 'text', value: 'x' }] }).language,
    ).toBeNull();
  });

  it('carries the note of code that cannot run in the browser', () => {
    const block = codeBlockOf(fenced(['language-python'], 'import pandas as pd\nprint(pd.__version__)\n'));
    expect(block.language).toBe('python');
    expect(block.cannotRun).toMatch(/pandas/);
  });
});
