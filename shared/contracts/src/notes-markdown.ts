// Notes as Markdown files, the export format: YAML front matter (title, tags, lesson, dates) then the
// content as written, [[links]] and #tags untouched, so the files open as an Obsidian or Logseq vault.
// Front matter values are written as JSON, which is valid YAML; reading also takes plain YAML scalars,
// `[a, b]` and `- item` lists, and files with no front matter at all (the title is then the file name).
import type { ImportNote, Note } from './notes.ts';
import { NOTE_TITLE_MAX } from './notes-constants.ts';
import { parseTags } from './notes-logic.ts';

export function noteToMarkdown(note: Note): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(note.title)}`,
    `tags: ${JSON.stringify(parseTags(note.tags))}`,
    `lesson: ${JSON.stringify(note.lessonId)}`,
    `created: ${JSON.stringify(note.createdAt)}`,
    `updated: ${JSON.stringify(note.updatedAt)}`,
    '---',
    '',
  ];
  return lines.join('\n') + note.content;
}

/** A file name per note: its title made safe for every file system, unique case-insensitively. */
export function noteFileNames(notes: readonly Pick<Note, 'id' | 'title'>[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const note of notes) {
    const base =
      note.title
        .replace(/[\\/:*?"<>|#^[\]]/g, ' ')
        .replace(/\p{Cc}/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\.+/, '')
        .slice(0, 120) || 'Untitled';
    let name = `${base}.md`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}.md`;
    taken.add(name.toLowerCase());
    out.set(note.id, name);
  }
  return out;
}

function scalar(raw: string): unknown {
  const v = raw.trim();
  if (v === '' || v === '~' || v === 'null') return null;
  try {
    return JSON.parse(v);
  } catch {
    if (/^'.*'$/.test(v)) return v.slice(1, -1).replace(/''/g, "'");
    if (/^\[.*\]$/.test(v))
      return v
        .slice(1, -1)
        .split(',')
        .map((s) => String(scalar(s) ?? ''))
        .filter(Boolean);
    return v;
  }
}

function readFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return { data: {}, body: text };
  const data: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const line of (m[1] ?? '').split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as unknown[]).push(scalar(item[1] ?? ''));
      continue;
    }
    const kv = /^([A-Za-z_][\w-]*):(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!.toLowerCase();
    const value = scalar(kv[2] ?? '');
    listKey = value === null ? key : undefined;
    data[key] = value === null ? [] : value;
  }
  // a key with nothing after it and no list items is null, not an empty list
  for (const [k, v] of Object.entries(data)) if (Array.isArray(v) && v.length === 0) data[k] = null;
  return { data, body: text.slice(m[0].length).replace(/^\r?\n/, '') };
}

const isoOrNull = (v: unknown): string | null => {
  if (typeof v !== 'string' && !(v instanceof Date)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Markdown file of an export (or any Markdown file) as a note to import. */
export function markdownToImportNote(fileName: string, text: string): ImportNote {
  const { data, body } = readFrontMatter(text.replace(/^\uFEFF/, ''));
  const fromName = (fileName.split('/').pop() ?? fileName).replace(/\.(md|markdown)$/i, '');
  const title = (typeof data.title === 'string' && data.title.trim() ? data.title : fromName)
    .trim()
    .slice(0, NOTE_TITLE_MAX);
  const tags = Array.isArray(data.tags)
    ? data.tags.filter((t): t is string => typeof t === 'string')
    : typeof data.tags === 'string'
      ? data.tags.split(/[\s,]+/).filter(Boolean)
      : [];
  const lesson = typeof data.lesson === 'string' && UUID.test(data.lesson) ? data.lesson : null;
  return {
    title: title || 'Untitled',
    content: body,
    tags,
    lessonId: lesson,
    createdAt: isoOrNull(data.created),
    updatedAt: isoOrNull(data.updated),
  };
}
