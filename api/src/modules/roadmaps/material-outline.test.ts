import { PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import { describe, expect, it } from 'vitest';
import {
  clampTitle,
  firstSentence,
  lessonMinutes,
  materialOutline,
  type OutlinePassage,
} from './material-outline.ts';

let ordinal = 0;
function passage(headingPath: string[], words = 100, extra: Partial<OutlinePassage> = {}): OutlinePassage {
  return {
    sourceId: 's1',
    sourceTitle: 'Guide',
    ordinal: ordinal++,
    headingPath,
    page: null,
    words,
    firstSentence: `About ${headingPath.at(-1) ?? 'nothing'}.`,
    ...extra,
  };
}
const reset = () => {
  ordinal = 0;
};

describe('materialOutline', () => {
  it('makes chapters sections and their sub-headings lessons, under a document title that wraps them', () => {
    reset();
    const ps = [
      passage(['Guide'], 40),
      passage(['Guide', 'Basics'], 30),
      passage(['Guide', 'Basics', 'Values'], 200),
      passage(['Guide', 'Basics', 'Values', 'Numbers'], 200),
      passage(['Guide', 'Basics', 'Names'], 200),
      passage(['Guide', 'Control'], 300),
      passage(['Guide', 'Control', 'Loops'], 200),
      passage(['Guide', 'Control', 'Branches'], 200),
    ];
    const outline = materialOutline(ps);
    expect(outline.title).toBe('Guide');
    expect(outline.sections.map((s) => s.name)).toEqual(['Basics', 'Control']);
    const [basics, control] = outline.sections;
    // the short untitled opening and the chapter's short opening start the first lesson
    expect(basics!.lessons.map((l) => [l.title, l.span.from, l.span.to])).toEqual([
      ['Values', 0, 3],
      ['Names', 4, 4],
    ]);
    // a long opening before the first sub-heading is a lesson named after the chapter
    expect(control!.lessons.map((l) => [l.title, l.span.from, l.span.to])).toEqual([
      ['Control', 5, 5],
      ['Loops', 6, 6],
      ['Branches', 7, 7],
    ]);
    expect(basics!.lessons[0]!.summary).toBe('About Guide.');
    expect(control!.lessons.every((l) => l.span.sourceId === 's1')).toBe(true);
    expect(basics!.description).toContain('Values, Names');
  });

  it('cuts a chapter without sub-headings into parts of 600–1200 words', () => {
    reset();
    const ps = [...Array.from({ length: 10 }, () => passage(['Intro'], 300)), passage(['Next'], 100)];
    const outline = materialOutline(ps);
    const intro = outline.sections[0]!;
    expect(intro.lessons.map((l) => l.title)).toEqual(['Intro (part 1)', 'Intro (part 2)', 'Intro (part 3)']);
    expect(intro.lessons.map((l) => [l.span.from, l.span.to])).toEqual([
      [0, 3],
      [4, 7],
      [8, 9],
    ]);
    // one part: no number
    expect(outline.sections[1]!.lessons.map((l) => l.title)).toEqual(['Next']);
  });

  it('reads a PDF without headings by its pages: ten to a section, about three to a lesson', () => {
    reset();
    const ps = Array.from({ length: 23 }, (_, i) => passage([], 250, { page: i + 1 }));
    const outline = materialOutline(ps);
    expect(outline.sections.map((s) => s.name)).toEqual(['Pages 1–10', 'Pages 11–20', 'Pages 21–23']);
    expect(outline.sections[0]!.lessons.map((l) => l.title)).toEqual([
      'Pages 1–3',
      'Pages 4–5',
      'Pages 6–8',
      'Pages 9–10',
    ]);
    expect(outline.sections[2]!.lessons.map((l) => [l.span.from, l.span.to])).toEqual([[20, 22]]);
  });

  it('keeps at most 12 sections and 8 lessons per section by merging neighbours', () => {
    reset();
    const ps: OutlinePassage[] = [];
    for (let c = 1; c <= 20; c++) ps.push(passage([`Chapter ${c}`], c === 5 ? 10 : 500));
    for (let s = 1; s <= 11; s++) ps.push(passage(['Chapter 21', `Topic ${s}`], 100 + s));
    const outline = materialOutline(ps);
    expect(outline.sections).toHaveLength(12);
    for (const s of outline.sections) {
      expect(s.lessons.length).toBeGreaterThanOrEqual(1);
      expect(s.lessons.length).toBeLessThanOrEqual(8);
    }
    // every passage is in exactly one lesson, in order
    const spans = outline.sections.flatMap((s) => s.lessons.map((l) => l.span));
    expect(spans[0]!.from).toBe(0);
    expect(spans.at(-1)!.to).toBe(ps.length - 1);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBe(spans[i - 1]!.to + 1);
    // the small chapter was merged with a neighbour
    expect(outline.sections.some((s) => s.name.includes('Chapter 5') && s.name.includes(' and '))).toBe(true);
  });

  it('follows the sources in the order given and never makes a lesson of two sources', () => {
    reset();
    const a = [passage(['One', 'A'], 100), passage(['Two'], 100)];
    const b = [passage([], 100, { sourceId: 's2', sourceTitle: 'Scan', page: 1 })];
    const outline = materialOutline([...a, ...b]);
    expect(outline.title).toBe('Guide and 1 more');
    expect(outline.sections.map((s) => s.name)).toEqual(['One', 'Two', 'Scan, pages 1']);
    expect(outline.sections[2]!.lessons[0]!.span).toEqual({ sourceId: 's2', from: 2, to: 2 });
  });

  it('cuts plain text without headings or pages by length', () => {
    reset();
    const outline = materialOutline(Array.from({ length: 6 }, () => passage([], 400)));
    expect(outline.sections.map((s) => s.name)).toEqual(['Guide']);
    expect(outline.sections[0]!.lessons.map((l) => l.title)).toEqual(['Guide (part 1)', 'Guide (part 2)']);
  });

  it('answers the same outline for the same passages, and none for none', () => {
    reset();
    const ps = [passage(['A'], 300), passage(['B', 'C'], 300)];
    expect(materialOutline(ps)).toEqual(materialOutline(ps));
    expect(materialOutline([]).sections).toEqual([]);
  });
});

describe('outline words', () => {
  it('cuts titles to the plan limit at a word', () => {
    const long = 'word '.repeat(100);
    const t = clampTitle(long);
    expect(t.length).toBeLessThanOrEqual(PLAN_TITLE_MAX);
    expect(t.endsWith('word…')).toBe(true);
  });

  it('takes the first sentence, at most 160 characters', () => {
    expect(firstSentence('Loops repeat work. Then more.')).toBe('Loops repeat work.');
    expect(firstSentence('v1.2 is out! Yes.')).toBe('v1.2 is out!');
    expect(firstSentence('x '.repeat(200)).length).toBeLessThanOrEqual(160);
  });

  it('estimates minutes from words: 200 a minute, half again to study, 10 to 60', () => {
    expect(lessonMinutes(50)).toBe(10);
    expect(lessonMinutes(2000)).toBe(15);
    expect(lessonMinutes(20000)).toBe(60);
  });
});
