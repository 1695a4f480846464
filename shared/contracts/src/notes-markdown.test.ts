import { describe, expect, it } from 'vitest';
import type { Note } from './notes.ts';
import { markdownToImportNote, noteFileNames, noteToMarkdown } from './notes-markdown.ts';

const note: Note = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Rust: "ownership" / borrowing',
  content: '---\nnot front matter\n---\nSee [[Lifetimes]] and #rust\n\n```rs\nfn main() {}\n```\n',
  lessonId: '22222222-2222-4222-8222-222222222222',
  tags: '["rust","memory"]',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-02-03T04:05:06.000Z',
};

describe('notes as Markdown', () => {
  it('writes front matter with title, tags, lesson and dates, then the content untouched', () => {
    const md = noteToMarkdown(note);
    expect(md.split('\n').slice(0, 7)).toEqual([
      '---',
      'title: "Rust: \\"ownership\\" / borrowing"',
      'tags: ["rust","memory"]',
      'lesson: "22222222-2222-4222-8222-222222222222"',
      'created: "2026-01-02T03:04:05.000Z"',
      'updated: "2026-02-03T04:05:06.000Z"',
      '---',
    ]);
    expect(md.endsWith(note.content)).toBe(true);
  });

  it('reads its own output back exactly', () => {
    expect(markdownToImportNote('x.md', noteToMarkdown(note))).toEqual({
      title: note.title,
      content: note.content,
      tags: ['rust', 'memory'],
      lessonId: note.lessonId,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
    });
    expect(markdownToImportNote('x.md', noteToMarkdown({ ...note, lessonId: null })).lessonId).toBeNull();
  });

  it('reads plain YAML front matter and files without any (title from the file name)', () => {
    const yaml = "---\ntitle: 'It''s mine'\ntags:\n  - one\n  - Two\ncreated: 2026-01-01\nlesson:\n---\nBody";
    expect(markdownToImportNote('vault/a.md', yaml)).toEqual({
      title: "It's mine",
      content: 'Body',
      tags: ['one', 'Two'],
      lessonId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: null,
    });
    expect(markdownToImportNote('vault/My idea.md', 'just text #t')).toMatchObject({
      title: 'My idea',
      content: 'just text #t',
      tags: [],
    });
    expect(markdownToImportNote('x.md', '---\ntags: [a, "b"]\n---\n').tags).toEqual(['a', 'b']);
  });

  it('names files safely and uniquely', () => {
    const names = noteFileNames([
      { id: '1', title: 'a/b: c?' },
      { id: '2', title: 'A B C' },
      { id: '3', title: 'a b c' },
      { id: '4', title: '...' },
    ]);
    expect([...names.values()]).toEqual(['a b c.md', 'A B C 2.md', 'a b c 3.md', 'Untitled.md']);
  });
});
