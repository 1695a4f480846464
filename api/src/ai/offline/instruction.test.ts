import { describe, expect, it } from 'vitest';
import { directiveLabel, matchFocus, parseLessonInstruction } from './instruction.ts';

// the SQL kit's "Window functions" lesson, as the generator sees it
const lesson = {
  title: 'Window functions',
  concepts: [
    { term: 'Rows are kept', text: 'A window function keeps every row instead of collapsing each group.' },
    { term: 'OVER and PARTITION BY', text: '`OVER (PARTITION BY dept)` defines the window.' },
    { term: 'Ranking functions', text: '`ROW_NUMBER()` numbers rows, while `RANK()` gives ties one rank.' },
    { term: 'Running totals and LAG', text: '`LAG(amount)` reads the value from the previous row.' },
  ],
};

const read = (text: string) => {
  const out = parseLessonInstruction(text, lesson);
  return { followed: out.directives.map(directiveLabel), notFollowed: out.notFollowed };
};

describe('the offline instruction parser', () => {
  it.each([
    ['simpler', 'simpler'],
    ['Make it simpler, please', 'simpler'],
    ['in simpler terms', 'simpler'],
    ['easier to understand', 'simpler'],
    ['less technical', 'simpler'],
    ['explain it like I’m 5', 'simpler'],
    ['for a beginner', 'simpler'],
    ['more examples', 'more examples'],
    ['Give me a few more worked examples', 'more examples'],
    ['add an example', 'more examples'],
    ['with concrete examples', 'more examples'],
    ['more practice', 'more practice'],
    ['extra exercises', 'more practice'],
    ['some practice problems', 'more practice'],
    ['shorter', 'shorter'],
    ['Keep it short!', 'shorter'],
    ['too long, make it concise', 'shorter'],
    ['TL;DR', 'shorter'],
  ])('reads %j as %j', (text, label) => {
    expect(read(text)).toEqual({ followed: [label], notFollowed: [] });
  });

  it('reads several at once, in the order named, each once', () => {
    expect(read('simpler, with more examples and more practice; shorter. Simpler!')).toEqual({
      followed: ['simpler', 'more examples', 'more practice', 'shorter'],
      notFollowed: [],
    });
    expect(read('more basic examples')).toEqual({ followed: ['more examples'], notFollowed: [] });
  });

  it("follows a focus only on the lesson's own words: a concept's term, its sentence, or the title", () => {
    expect(read('focus on ranking')).toEqual({ followed: ['focus on Ranking functions'], notFollowed: [] });
    expect(read('Focus on PARTITION BY')).toEqual({
      followed: ['focus on OVER and PARTITION BY'],
      notFollowed: [],
    });
    // in no term but in a concept's sentence
    expect(read('concentrate on ROW_NUMBER')).toEqual({
      followed: ['focus on Ranking functions'],
      notFollowed: [],
    });
    expect(read('focus on window functions')).toEqual({
      followed: ['focus on Window functions'],
      notFollowed: [],
    });
    expect(read('go deeper into LAG, and shorter')).toEqual({
      followed: ['focus on Running totals and LAG', 'shorter'],
      notFollowed: [],
    });
    // a focus's words are its own: "short" here asks for no shorter lesson
    expect(read('focus on short-circuit evaluation')).toEqual({
      followed: [],
      notFollowed: ['focus on short-circuit evaluation'],
    });
    expect(read('focus on recursion')).toEqual({ followed: [], notFollowed: ['focus on recursion'] });
  });

  it('names what it cannot follow as written, beside what it can', () => {
    expect(read('in French')).toEqual({ followed: [], notFollowed: ['in French'] });
    expect(read('simpler and in French')).toEqual({ followed: ['simpler'], notFollowed: ['in French'] });
    expect(read('more examples, make it funny')).toEqual({
      followed: ['more examples'],
      notFollowed: ['make it funny'],
    });
    // "fewer examples" is not "more examples"
    expect(read('fewer examples')).toEqual({ followed: [], notFollowed: ['fewer examples'] });
    expect(read('please')).toEqual({ followed: [], notFollowed: [] });
    expect(read('')).toEqual({ followed: [], notFollowed: [] });
  });

  it('matches a focus without regard to case, plurals or backticks', () => {
    expect(matchFocus('Ranking Function', lesson)?.term).toBe('Ranking functions');
    expect(matchFocus('`row_number()`', lesson)?.term).toBe('Ranking functions');
    expect(matchFocus('the window functions', lesson)).toEqual({ term: 'Window functions', concept: null });
    expect(matchFocus('the', lesson)).toBeNull();
  });
});
