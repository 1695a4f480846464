import type { Note } from '@mindpath/contracts/notes';
import { describe, expect, it } from 'vitest';
import { exportFileName, notesToZip, zipToNotes } from './notes-archive.ts';

const note = (n: number, title: string, content: string, tags = '[]'): Note => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title,
  content,
  lessonId: null,
  tags,
  createdAt: `2026-01-0${n}T10:00:00.000Z`,
  updatedAt: `2026-02-0${n}T10:00:00.000Z`,
});

describe('notes archive', () => {
  it('zips every note as Markdown and reads the zip back to the same notes', async () => {
    const notes = [
      note(1, 'Rust / basics', 'See [[Ownership]] #rust\n', '["rust"]'),
      note(2, 'Ownership', 'Back to [[Rust / basics]] — ünïcödé'),
      note(3, 'ownership', 'same title, other case'),
    ];
    const zip = await notesToZip(notes);
    expect(zip[0]).toBe(0x50); // 'PK'
    const back = await zipToNotes(zip);
    expect(back.map((n) => n.title).sort()).toEqual(['Ownership', 'Rust / basics', 'ownership']);
    const rust = back.find((n) => n.title === 'Rust / basics')!;
    expect(rust).toEqual({
      title: 'Rust / basics',
      content: 'See [[Ownership]] #rust\n',
      tags: ['rust'],
      lessonId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:00.000Z',
    });
    expect(back.find((n) => n.title === 'Ownership')?.content).toBe('Back to [[Rust / basics]] — ünïcödé');
  });

  it('reads only Markdown files, in folders too, skipping hidden ones', async () => {
    const { strToU8, zipSync } = await import('fflate');
    const zip = zipSync({
      'vault/Idea.md': strToU8('An idea #x'),
      'vault/.obsidian/workspace.md': strToU8('hidden'),
      'vault/image.png': new Uint8Array([1, 2, 3]),
    });
    expect(await zipToNotes(zip)).toMatchObject([{ title: 'Idea', content: 'An idea #x' }]);
  });

  it('names the export after the day', () => {
    expect(exportFileName(new Date('2026-03-04T05:06:07Z'))).toBe('mindpath-notes-2026-03-04.zip');
  });
});
