// Keeping a course: a goal's lessons as a Markdown zip (plan order, images beside them, a README) and the
// whole course as its printable page reads it. Owner only; on PGlite and PostgreSQL alike.

import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof learnerWithRoadmap>>;
let other: Awaited<ReturnType<typeof learnerWithRoadmap>>;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
const CODE = '```js\nconst half = (x) => x / 2;\n```';

beforeAll(async () => {
  t = await createTestApp();
  owner = await learnerWithRoadmap(t.app, t.app.db, 2, 2, 'Beginner: Learn [Rust] fast');
  other = await learnerWithRoadmap(t.app, t.app.db, 1, 1);
  // lessons 1.1 and 2.1 are written (1.1 with its image), 1.2 and 2.2 are not yet
  const [first] = await t.app.db.select().from(lessons).where(eq(lessons.id, owner.lessonIds[0]!));
  await t.app.media.save(`lessons/${first!.mediaKey}.svg`, SVG);
  await t.app.db
    .update(lessons)
    .set({
      content: `## Overview\nHalving.\n\n{{image: A number line}}\n\n${CODE}\n\n$$\\frac{x}{2}$$`,
      imageUrl: `/api/media/lessons/${first!.mediaKey}.svg`,
    })
    .where(eq(lessons.id, owner.lessonIds[0]!));
  await t.app.db
    .update(lessons)
    .set({ content: '## Overview\nSection two begins.' })
    .where(eq(lessons.id, owner.lessonIds[2]!));
});
afterAll(() => t?.close());

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('GET /api/goals/:id/course.zip', () => {
  it('answers the lessons as Markdown files in plan order with their images and a README', async () => {
    const res = await t.api('GET', `/goals/${owner.goalId}/course.zip`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="mindpath-course-learn-rust-fast.zip"',
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '01-lesson-1-1-image.svg',
      '01-lesson-1-1.md',
      '02-lesson-1-2.md',
      '03-lesson-2-1.md',
      '04-lesson-2-2.md',
      'README.md',
    ]);
    const first = text(files['01-lesson-1-1.md']);
    expect(first).toContain('# Lesson 1.1\n\n## Overview\nHalving.');
    expect(first).toContain('![A number line](01-lesson-1-1-image.svg)');
    expect(first).toContain(CODE);
    expect(first).toContain('$$\\frac{x}{2}$$');
    expect(text(files['01-lesson-1-1-image.svg'])).toBe(SVG);
    expect(text(files['02-lesson-1-2.md'])).toContain('has not been written yet');
    const readme = text(files['README.md']);
    expect(readme).toMatch(/^# Learn \[Rust\] fast\n/);
    expect(readme).toContain(
      '## Section 1\n\n1. [Lesson 1.1](01-lesson-1-1.md)\n2. [Lesson 1.2](02-lesson-1-2.md) (not written yet)',
    );
    expect(readme).toContain(
      '## Section 2\n\n3. [Lesson 2.1](03-lesson-2-1.md)\n4. [Lesson 2.2](04-lesson-2-2.md)',
    );
  });

  it("answers 404 for another learner's goal, 401 without a sign-in and names a bad id", async () => {
    const theirs = await t.api('GET', `/goals/${other.goalId}/course.zip`, owner.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ message: 'Goal not found', code: expect.any(String) });
    expect((await t.api('GET', `/goals/${owner.goalId}/course.zip`, {})).statusCode).toBe(401);
    const bad = await t.api('GET', '/goals/not-an-id/course.zip', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });
});

describe('GET /api/goals/:id/course', () => {
  it('answers every section and lesson in plan order with content and the signed image', async () => {
    const res = await t.api('GET', `/goals/${owner.goalId}/course`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const course = res.json();
    // the goal in the learner's words: its level is the course's own field
    expect(course.title).toBe('Learn [Rust] fast');
    expect(course.sections.map((s: { name: string }) => s.name)).toEqual(['Section 1', 'Section 2']);
    const all = course.sections.flatMap((s: { lessons: unknown[] }) => s.lessons);
    expect(all.map((l: { id: string }) => l.id)).toEqual(owner.lessonIds);
    expect(all[0].content).toContain(CODE);
    expect(all[1].content).toBeNull();
    expect(all[0].imageUrl).toMatch(/^\/api\/media\/lessons\/[0-9a-f]{32}\.svg\?expires=\d+&signature=/);
    const image = await t.app.inject({ url: all[0].imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe(SVG);
  });

  it("answers 404 for another learner's goal", async () => {
    expect((await t.api('GET', `/goals/${other.goalId}/course`, owner.headers)).statusCode).toBe(404);
    expect((await t.api('GET', `/goals/${owner.goalId}/course`, other.headers)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/goals/{id}/course', '/api/goals/{id}/course.zip']),
    );
  });
});
