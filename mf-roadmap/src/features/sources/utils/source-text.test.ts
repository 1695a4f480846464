import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { describe, expect, it } from 'vitest';
import {
  addedText,
  countText,
  extentText,
  fileProblem,
  kindText,
  pastedProblems,
  urlProblem,
} from './source-text.ts';

describe('source text', () => {
  it('names the kind, falling back to how it was added before its bytes are read', () => {
    expect(kindText({ format: 'pdf', origin: 'file' })).toBe('PDF');
    expect(kindText({ format: 'html', origin: 'url' })).toBe('Web page');
    expect(kindText({ format: 'markdown', origin: 'paste' })).toBe('Markdown');
    expect(kindText({ format: null, origin: 'url' })).toBe('Web page');
    expect(kindText({ format: null, origin: 'paste' })).toBe('Text');
    expect(kindText({ format: null, origin: 'file' })).toBe('File');
  });

  it('counts pages of a PDF, else sections, else nothing', () => {
    expect(extentText({ pages: 1, sections: 0 })).toBe('1 page');
    expect(extentText({ pages: 12, sections: 3 })).toBe('12 pages');
    expect(extentText({ pages: null, sections: 4 })).toBe('4 sections');
    expect(extentText({ pages: null, sections: 0 })).toBeNull();
  });

  it('says when it was added and how many of the allowed the goal holds', () => {
    expect(addedText('2026-11-27T10:00:00.000Z', 'en-US')).toBe('Added Nov 27, 2026');
    expect(countText(2, 3)).toBe('2 of 3 sources');
    expect(countText(0, 1)).toBe('0 of 1 source');
  });

  it('checks a pasted text, a web address and a file before sending them', () => {
    expect(pastedProblems(' ', '')).toEqual({
      title: SOURCE_MESSAGES.title_required,
      text: SOURCE_MESSAGES.text_required,
    });
    expect(pastedProblems('Notes', 'Some text')).toEqual({});
    expect(pastedProblems('x'.repeat(201), 'y').title).toMatch(/under 200 characters/);
    expect(urlProblem('example.com')).toBe(SOURCE_MESSAGES.url_invalid);
    expect(urlProblem('ftp://example.com/a')).toBe(SOURCE_MESSAGES.url_invalid);
    expect(urlProblem(' https://example.com/guide ')).toBeNull();
    expect(fileProblem({ size: 11 }, 10)).toBe(SOURCE_MESSAGES.too_large);
    expect(fileProblem({ size: 0 }, 10)).toBe(SOURCE_MESSAGES.empty);
    expect(fileProblem({ size: 10 }, 10)).toBeNull();
  });
});
