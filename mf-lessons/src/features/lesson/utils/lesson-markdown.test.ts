import { describe, expect, it } from 'vitest';
import { blockMath, splitLesson, withoutTitle } from './lesson-markdown.ts';

describe('splitLesson', () => {
  it('gives special sections level-2 headings (heading of any level, bold, plain, with a colon)', () => {
    const { before } = splitLesson(
      '# Overview\nIntro\n**Key Concepts**\nIdeas\nexample:\nCode\n### Summary\nEnd',
    );
    expect(before).toBe('## Overview\nIntro\n## Key Concepts\nIdeas\n## Example\nCode\n## Summary\nEnd\n');
  });

  it('leaves fenced code alone', () => {
    expect(splitLesson('```\nSummary\n```').before).toBe('```\nSummary\n```\n');
  });

  it('splits at the image placeholder and drops any further ones', () => {
    const parts = splitLesson(
      '## Overview\nA\n{{image: A diagram of loops}}\nB {{image: again}}\n## Summary',
    );
    expect(parts).toEqual({
      before: '## Overview\nA\n',
      image: 'A diagram of loops',
      after: 'B \n## Summary\n',
    });
  });

  it('has no image part without a placeholder', () => {
    expect(splitLesson('Plain').image).toBeNull();
  });

  it('holds back a placeholder still being written while streaming', () => {
    expect(splitLesson('Text\n{{image: A diag', { streaming: true })).toEqual({
      before: 'Text\n',
      image: null,
      after: '',
    });
    expect(splitLesson('Text\n{{image: A diag').before).toContain('{{image: A diag');
  });
});

describe('withoutTitle', () => {
  it('drops an opening level-1 heading that repeats the title, and nothing else', () => {
    expect(splitLesson('# Loops in **Rust**\n## Overview\nA', { title: 'Loops in Rust' }).before).toBe(
      '## Overview\nA\n',
    );
    expect(withoutTitle('# Something else\nA', 'Loops')).toBe('# Something else\nA');
    expect(withoutTitle('Intro\n# Loops', 'Loops')).toBe('Intro\n# Loops');
  });
});

describe('blockMath', () => {
  it('makes a formula alone on its line a display block, outside code only', () => {
    expect(blockMath('Area:\n$$A = \\pi r^2$$\nInline $x$ and $$y$$ here')).toBe(
      'Area:\n$$\nA = \\pi r^2\n$$\nInline $x$ and $$y$$ here',
    );
    expect(blockMath('```\n$$x$$\n```')).toBe('```\n$$x$$\n```');
  });
});
