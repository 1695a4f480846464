import { describe, expect, it } from 'vitest';
import {
  applyMove,
  dropRequest,
  lessonStep,
  lessonToSection,
  type Outline,
  placeText,
  sectionStep,
} from './plan-moves.ts';

const outline: Outline = [
  {
    id: 's1',
    name: 'Basics',
    lessons: [
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
      { id: 'c', title: 'C' },
    ],
  },
  { id: 's2', name: 'Empty', lessons: [] },
  { id: 's3', name: 'More', lessons: [{ id: 'd', title: 'D' }] },
];
const titles = (o: Outline) => o.map((s) => `${s.id}:${s.lessons.map((l) => l.id).join('')}`);

describe('lessonStep', () => {
  it('moves within its milestone', () => {
    expect(lessonStep(outline, 'b', -1)).toEqual({ kind: 'move-lesson', id: 'b', roadmapId: 's1', index: 0 });
    expect(lessonStep(outline, 'b', 1)).toEqual({ kind: 'move-lesson', id: 'b', roadmapId: 's1', index: 2 });
  });

  it('crosses into the next milestone, empty ones included, and back to the end of the previous one', () => {
    expect(lessonStep(outline, 'c', 1)).toEqual({ kind: 'move-lesson', id: 'c', roadmapId: 's2', index: 0 });
    expect(lessonStep(outline, 'd', -1)).toEqual({ kind: 'move-lesson', id: 'd', roadmapId: 's2', index: 0 });
  });

  it('stops at the plan’s edges and for a lesson it does not know', () => {
    expect(lessonStep(outline, 'a', -1)).toBeNull();
    expect(lessonStep(outline, 'd', 1)).toBeNull();
    expect(lessonStep(outline, 'zz', 1)).toBeNull();
  });
});

describe('sectionStep and lessonToSection', () => {
  it('moves a milestone one place, never past the ends', () => {
    expect(sectionStep(outline, 's2', -1)).toEqual({ kind: 'move-section', id: 's2', index: 0 });
    expect(sectionStep(outline, 's1', -1)).toBeNull();
    expect(sectionStep(outline, 's3', 1)).toBeNull();
    expect(sectionStep(outline, 'nope', 1)).toBeNull();
  });

  it('sends a lesson to the end of another milestone, not its own', () => {
    expect(lessonToSection(outline, 'a', 's3')).toEqual({
      kind: 'move-lesson',
      id: 'a',
      roadmapId: 's3',
      index: 1,
    });
    expect(lessonToSection(outline, 'a', 's1')).toBeNull();
  });
});

describe('dropRequest', () => {
  it('a lesson dropped on a lesson takes its place, in its milestone or another', () => {
    const down = dropRequest(outline, { type: 'lesson', id: 'a' }, { type: 'lesson', id: 'c' });
    expect(down).toEqual({ kind: 'move-lesson', id: 'a', roadmapId: 's1', index: 2 });
    expect(titles(applyMove(outline, down!))[0]).toBe('s1:bca');
    const across = dropRequest(outline, { type: 'lesson', id: 'b' }, { type: 'lesson', id: 'd' });
    expect(titles(applyMove(outline, across!))).toEqual(['s1:ac', 's2:', 's3:bd']);
  });

  it('a lesson dropped on a milestone’s end goes last there', () => {
    const move = dropRequest(outline, { type: 'lesson', id: 'a' }, { type: 'end', id: 's2' });
    expect(titles(applyMove(outline, move!))).toEqual(['s1:bc', 's2:a', 's3:d']);
    const own = dropRequest(outline, { type: 'lesson', id: 'a' }, { type: 'end', id: 's1' });
    expect(titles(applyMove(outline, own!))[0]).toBe('s1:bca');
    expect(dropRequest(outline, { type: 'lesson', id: 'c' }, { type: 'end', id: 's1' })).toBeNull();
  });

  it('a milestone dropped on a milestone or on one of its lessons takes that milestone’s place', () => {
    expect(dropRequest(outline, { type: 'section', id: 's1' }, { type: 'lesson', id: 'd' })).toEqual({
      kind: 'move-section',
      id: 's1',
      index: 2,
    });
    const up = dropRequest(outline, { type: 'section', id: 's3' }, { type: 'section', id: 's1' });
    expect(titles(applyMove(outline, up!)).map((t) => t.split(':')[0])).toEqual(['s3', 's1', 's2']);
  });

  it('nothing moves on its own place or off the list', () => {
    expect(dropRequest(outline, { type: 'lesson', id: 'a' }, { type: 'lesson', id: 'a' })).toBeNull();
    expect(dropRequest(outline, { type: 'section', id: 's1' }, { type: 'lesson', id: 'b' })).toBeNull();
    expect(dropRequest(outline, { type: 'lesson', id: 'a' }, null)).toBeNull();
  });
});

describe('placeText', () => {
  it('says where the dragged thing would land', () => {
    expect(placeText(outline, { type: 'lesson', id: 'a' }, { type: 'lesson', id: 'd' })).toBe(
      'Position 1 of 2 in “More”.',
    );
    expect(placeText(outline, { type: 'section', id: 's1' }, { type: 'section', id: 's2' })).toBe(
      'Milestone position 2 of 3.',
    );
    expect(placeText(outline, { type: 'lesson', id: 'a' }, { type: 'lesson', id: 'a' })).toBe(
      'Over its own place.',
    );
  });
});
