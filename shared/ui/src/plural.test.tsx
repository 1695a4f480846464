import { describe, expect, it } from 'vitest';
import { countOf, pluralize } from './plural.tsx';

describe('countOf', () => {
  it('takes the singular for one only', () => {
    expect(countOf(1, 'note', 'notes')).toBe('1 note');
    expect(countOf(0, 'note', 'notes')).toBe('0 notes');
    expect(countOf(2, 'link', 'links')).toBe('2 links');
    expect(countOf(21, 'hour', 'hours')).toBe('21 hours');
  });
  it('treats a fraction as plural', () => {
    expect(countOf(1.5, 'hour', 'hours')).toBe('1.5 hours');
  });
});

describe('pluralize', () => {
  it('answers the noun alone', () => {
    expect(pluralize(1, 'lesson', 'lessons')).toBe('lesson');
    expect(pluralize(14, 'lesson', 'lessons')).toBe('lessons');
  });
});
