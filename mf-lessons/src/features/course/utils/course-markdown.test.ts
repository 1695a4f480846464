import { describe, expect, it } from 'vitest';
import { demoteHeadings } from './course-markdown.ts';

describe('demoteHeadings', () => {
  it('moves headings down and leaves code, hashtags and deep headings as they can be', () => {
    const md = ['## Overview', 'text #tag', '```py', '# a comment', '```', '###### Deep', '#NoSpace'].join(
      '\n',
    );
    expect(demoteHeadings(md, 2)).toBe(
      ['#### Overview', 'text #tag', '```py', '# a comment', '```', '###### Deep', '#NoSpace'].join('\n'),
    );
  });
});
