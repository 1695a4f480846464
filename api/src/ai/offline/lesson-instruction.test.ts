import { LESSON_SECTIONS } from '@mindpath/contracts/ai';
import { offlineInstructionNote } from '@mindpath/contracts/lessons-versions-constants';
import { describe, expect, it } from 'vitest';
import { keyConceptsOf } from '../lesson-outline.ts';
import { offlineLessonInstruction, offlineLessonMarkdown, simpleSentence } from './lesson.ts';
import { lessonSentences } from './tutor.ts';

// a kit lesson and one without a kit (a study plan about its title)
const kit = {
  goal: 'Learn SQL',
  level: 'Beginner' as const,
  sectionName: 'Advanced Queries',
  lessonTitle: 'Window functions',
};
const plain = {
  goal: 'Knitting',
  level: 'Beginner' as const,
  sectionName: 'Basics',
  lessonTitle: 'Casting on',
};

const md = (input: typeof kit, instruction?: string) =>
  offlineLessonMarkdown({ ...input, ...(instruction === undefined ? {} : { instruction }) });
const section = (text: string, name: string) => {
  const from = text.indexOf(`## ${name}\n`);
  const next = text.indexOf('\n## ', from + 1);
  return from === -1 ? '' : text.slice(from, next === -1 ? undefined : next);
};
const practiceItems = (text: string) => section(text, 'Practice').match(/^\d+\. /gm)?.length ?? 0;

/** A kit lesson with a formula. */
const withFormula = { ...kit, goal: 'Machine learning', lessonTitle: 'Linear regression' };

describe("the offline generator following a learner's instruction", () => {
  it('writes the same lesson as before without one', () => {
    expect(md(kit, '')).toBe(md(kit));
    expect(md(kit)).not.toContain('> ');
    for (const s of LESSON_SECTIONS) expect(md(kit)).toContain(`\n## ${s}\n`);
  });

  it('more examples: the lesson’s ideas worked through after the example, never the quiz’s answers', () => {
    const text = md(kit, 'more examples');
    const example = section(text, 'Example');
    expect(example.match(/^### Worked example: /gm)).toHaveLength(2);
    expect(example).toContain(`### Worked example: ${keyConceptsOf(md(kit))[0]!.term}`);
    // the kit's checks are the lesson's quiz: their answers stay out of the lesson
    expect(text).not.toContain('How does a window function differ from `GROUP BY`?');
    expect(text).not.toContain('It keeps every row instead of collapsing each group to one row');
    expect(section(md(kit), 'Example')).not.toContain('Worked example');
    // a lesson without a kit works its own concepts through
    expect(section(md(plain, 'more examples'), 'Example').match(/^### Worked example: /gm)).toHaveLength(2);
  });

  it('simpler: fewer ideas, each its first clause, no formula', () => {
    const text = md(kit, 'simpler');
    expect(keyConceptsOf(text)).toHaveLength(3);
    expect(keyConceptsOf(text)[1]!.text).toBe(
      '`OVER (PARTITION BY dept)` defines the window as the rows sharing a department.',
    );
    expect(text).toContain('in plain words');
    expect(md(withFormula)).toContain('$$');
    expect(md(withFormula, 'simpler')).not.toContain('$$');
  });

  it('cuts a sentence only where it leaves a whole clause and no open code', () => {
    expect(simpleSentence('Short; very short.')).toBe('Short; very short.');
    expect(simpleSentence('A window function keeps every row; GROUP BY collapses them.')).toBe(
      'A window function keeps every row.',
    );
    expect(simpleSentence('Use `a; b` in one statement to run both, so they share a transaction.')).toBe(
      'Use `a; b` in one statement to run both, so they share a transaction.',
    );
  });

  it('more practice: exercises beyond the three, the kit’s checks among them', () => {
    expect(practiceItems(md(kit))).toBe(3);
    const text = md(kit, 'more practice');
    expect(practiceItems(text)).toBeGreaterThanOrEqual(6);
    expect(section(text, 'Practice')).toContain('What does `PARTITION BY dept` define?');
  });

  it('shorter: fewer sections and less text; with more practice the practice stays', () => {
    const text = md(kit, 'shorter');
    expect(text).not.toContain('## Practice');
    expect(text.length).toBeLessThan(md(kit).length);
    for (const s of ['Overview', 'Key Concepts', 'Example', 'Summary']) expect(text).toContain(`## ${s}\n`);
    expect(md(kit, 'shorter, more practice')).toContain('## Practice');
  });

  it('focus: leads with the concept it names and looks at it closer', () => {
    const text = md(kit, 'focus on ranking');
    expect(keyConceptsOf(text)[0]!.term).toBe('Ranking functions');
    expect(text).toContain('This version puts **Ranking functions** first.');
    expect(text).toContain('### A closer look: Ranking functions');
    // the lesson's diagram follows its concepts' order
    expect(text).toMatch(/\{\{image: A labelled diagram of Window functions: ranking functions, /);
  });

  it('says what it followed, and plainly what it could not, at the top', () => {
    const text = md(kit, 'more examples and in French');
    const top = text.slice(0, text.indexOf('## Overview'));
    expect(top).toContain('> Written as you asked: more examples.');
    expect(top).toContain(`> ${offlineInstructionNote(['in French'])}`);
    expect(offlineInstructionNote(['in French'])).toBe(
      'The offline generator could not follow “in French”; it follows: simpler, more examples, more practice, shorter, focus on a term of the lesson.',
    );
    // an instruction it cannot follow at all still writes the whole lesson, with the note
    const unknown = md(kit, 'write it as a poem');
    expect(unknown).toContain(offlineInstructionNote(['write it as a poem']));
    expect(unknown).not.toContain('Written as you asked');
    for (const s of LESSON_SECTIONS) expect(unknown).toContain(`\n## ${s}\n`);
    // the notes are about the version: the tutor and the quiz do not read them as the lesson's sentences
    expect(lessonSentences(text).some((s) => s.includes('offline generator'))).toBe(false);
  });

  it('reads the instruction against the lesson it writes (its kit, else its title)', () => {
    expect(offlineLessonInstruction({ ...kit, instruction: 'focus on lag' })?.directives).toMatchObject([
      { kind: 'focus', term: 'Running totals and LAG' },
    ]);
    expect(offlineLessonInstruction({ ...plain, instruction: 'focus on casting' })?.directives).toMatchObject(
      [{ kind: 'focus', term: 'Casting on', concept: null }],
    );
    expect(offlineLessonInstruction({ ...kit, instruction: '  ' })).toBeNull();
  });
});
