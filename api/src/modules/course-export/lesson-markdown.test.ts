// A lesson as a kept Markdown file, over the real app's database and media store: the image placeholder
// becomes the lesson's image beside the file, media references are copied only when they are the learner's,
// code is kept byte for byte.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { learnerWithRoadmap } from '../../../test/helpers/lessons.ts';
import { lessons } from '../../db/schema.ts';
import { fileSlug } from '../../lib/file-names.ts';
import { lessonMarkdown, NO_CONTENT_YET } from './lesson-markdown.ts';

let t: TestApp;
let mine: { userId: string; lessonIds: string[] };
let theirs: { userId: string; lessonIds: string[] };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';

async function withImage(lessonId: string) {
  const [row] = await t.app.db.select().from(lessons).where(eq(lessons.id, lessonId));
  const imageUrl = `/api/media/lessons/${row!.mediaKey}.svg`;
  await t.app.media.save(`lessons/${row!.mediaKey}.svg`, SVG);
  await t.app.db.update(lessons).set({ imageUrl }).where(eq(lessons.id, lessonId));
  return imageUrl;
}

beforeAll(async () => {
  t = await createTestApp();
  mine = await learnerWithRoadmap(t.app, t.app.db, 1, 2);
  theirs = await learnerWithRoadmap(t.app, t.app.db, 1, 1);
});
afterAll(() => t?.close());

describe('lessonMarkdown', () => {
  it('places the lesson image where its placeholder is and keeps code and math as written', async () => {
    const imageUrl = await withImage(mine.lessonIds[0]!);
    const content = [
      '# Lesson 1.1',
      '',
      'overview:',
      'Loops repeat work.',
      '',
      '{{image: A loop [drawn] as a circle}}',
      '',
      '```python',
      'for i in range(3):  # {{image: not an image}}',
      '',
      '',
      '    print(i)',
      '```',
      '',
      '$$a^2 + b^2 = c^2$$',
    ].join('\n');
    const out = await lessonMarkdown(
      t.app,
      mine.userId,
      {
        title: 'Lesson 1.1',
        content,
        imageUrl,
        videoUrls: JSON.stringify([{ title: 'Loops [video]', url: 'https://example.com/v' }]),
        resourceLinks: JSON.stringify({
          articles: [{ title: 'Bad', url: 'javascript:alert(1)' }],
          books: [{ title: 'Fluent Python', author: 'L. Ramalho' }],
        }),
      },
      '01-lesson-1-1',
    );
    expect(out.markdown.startsWith('# Lesson 1.1\n\n## Overview\n')).toBe(true);
    expect(out.markdown.match(/^# /gm)).toHaveLength(1);
    expect(out.markdown).toContain('![A loop \\[drawn\\] as a circle](01-lesson-1-1-image.svg)');
    expect(out.markdown).toContain(
      '```python\nfor i in range(3):  # {{image: not an image}}\n\n\n    print(i)\n```',
    );
    expect(out.markdown).toContain('$$a^2 + b^2 = c^2$$');
    expect(out.markdown).toContain('## Resources');
    expect(out.markdown).toContain('- [Loops \\[video\\]](https://example.com/v)');
    expect(out.markdown).toContain('- Fluent Python, L. Ramalho');
    expect(out.markdown).not.toContain('javascript:');
    expect(out.files).toHaveLength(1);
    expect(out.files[0]!.name).toBe('01-lesson-1-1-image.svg');
    expect(new TextDecoder().decode(out.files[0]!.bytes)).toBe(SVG);
  });

  it("copies the learner's own media references and drops another learner's", async () => {
    const own = await withImage(mine.lessonIds[1]!);
    const other = await withImage(theirs.lessonIds[0]!);
    const out = await lessonMarkdown(
      t.app,
      mine.userId,
      {
        title: 'Lesson 1.2',
        content: `See ![my diagram](${own}?expires=1&signature=x) and ![their diagram](${other}).`,
        imageUrl: null,
      },
      '02-lesson-1-2',
    );
    expect(out.markdown).toContain('See ![my diagram](02-lesson-1-2-1.svg) and their diagram.');
    expect(out.files.map((f) => f.name)).toEqual(['02-lesson-1-2-1.svg']);
  });

  it('says plainly when a lesson has no content yet, and drops a placeholder without an image', async () => {
    const empty = await lessonMarkdown(
      t.app,
      mine.userId,
      { title: 'Later', content: null, imageUrl: null },
      'x',
    );
    expect(empty.markdown).toBe(`# Later\n\n_${NO_CONTENT_YET}_\n`);
    const noImage = await lessonMarkdown(
      t.app,
      mine.userId,
      { title: 'T', content: 'Before {{image: a tree}} after', imageUrl: null },
      'y',
    );
    expect(noImage.markdown).toBe('# T\n\nBefore  after\n');
    expect(noImage.files).toEqual([]);
  });
});

describe('fileSlug', () => {
  it('makes a plain file stem of any title', () => {
    expect(fileSlug('Déjà vu: C++ & "Rust"!')).toBe('deja-vu-c-rust');
    expect(fileSlug('???')).toBe('untitled');
    expect(fileSlug('???', 60, 'lesson')).toBe('lesson');
    expect(fileSlug('a'.repeat(100)).length).toBe(60);
  });
});
