import { describe, expect, it } from 'vitest';
import { CreateNoteSchema } from './notes.ts';
import { NOTE_MESSAGES } from './notes-constants.ts';
import {
  backlinks,
  buildConnections,
  connectionStrength,
  createSearchIndex,
  deriveTags,
  type NoteLike,
  notePreview,
  outgoingLinks,
  parseTags,
  parseTagsField,
  prefillTitle,
  resolveTags,
  searchNotes,
  titleIndex,
  tokenizeContent,
} from './notes-logic.ts';

let seq = 0;
const note = (title: string, content = '', tags: string[] = []): NoteLike => {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    title,
    content,
    tags,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
  };
};

describe('tags', () => {
  it('are the unique #word tokens of the content, case-insensitive, kept once in order', () => {
    expect(deriveTags('#Rust is fun. #rust and #Ownership, (#borrow-checker) #RUST')).toEqual([
      'rust',
      'ownership',
      'borrow-checker',
    ]);
  });

  it('skip headings, numbers, URL fragments, code and a trailing dash', () => {
    const content = [
      '# Heading',
      '## Sub',
      'issue #42 and http://x.org/page#section and a#b',
      '`#inline` code',
      '```c',
      '#include <stdio.h>',
      '```',
      '#lang/rust- #über #snake_case',
    ].join('\n');
    expect(deriveTags(content)).toEqual(['lang/rust', 'über', 'snake_case']);
  });

  it('a valid non-empty tags field wins over the content (JSON text or array)', () => {
    expect(resolveTags('#one #two', '["Three", "#four", "three"]')).toEqual(['three', 'four']);
    expect(resolveTags('#one', ['Five'])).toEqual(['five']);
  });

  it('an invalid or empty tags field falls back to the content', () => {
    for (const field of [undefined, null, '', 'not json', '{"a":1}', '[1,2]', '[]', '["  ", "#"]', []]) {
      expect(resolveTags('#one #One', field), JSON.stringify(field)).toEqual(['one']);
      expect(parseTagsField(field)).toBeNull();
    }
  });

  it('read back from the stored JSON text', () => {
    expect(parseTags('["a","b"]')).toEqual(['a', 'b']);
    expect(parseTags('oops')).toEqual([]);
  });
});

describe('[[links]]', () => {
  it('tokenize into text, links (with labels) and tags, losing nothing', () => {
    const content = 'See [[ Rust  Basics ]] and [[Ownership|owning]] #rust.';
    const segments = tokenizeContent(content);
    expect(segments.map((s) => s.kind)).toEqual(['text', 'link', 'text', 'link', 'text', 'tag', 'text']);
    expect(segments[1]).toMatchObject({ title: 'Rust  Basics', label: 'Rust  Basics' });
    expect(segments[3]).toMatchObject({ title: 'Ownership', label: 'owning' });
    expect(segments.map((s) => ('raw' in s ? s.raw : s.text)).join('')).toBe(content);
  });

  it('resolve case-insensitively, once per target, excluding self-links; dangling titles are kept', () => {
    const a = note('Rust basics', '[[RUST  basics]] [[ownership]] [[Ownership]] [[Lifetimes]]');
    const b = note('Ownership', 'back to [[rust basics]]');
    const index = titleIndex([a, b]);
    expect(outgoingLinks(a, index)).toEqual({ targets: [b], dangling: ['Lifetimes'] });
    expect(backlinks(a.id, [a, b], index)).toEqual([b]);
    expect(backlinks(b.id, [a, b], index)).toEqual([a]);
  });

  it('a dangling link resolves once a note with that title appears', () => {
    const a = note('A', 'waiting for [[Later note]]');
    expect(buildConnections([a])).toEqual([]);
    const later = note('later NOTE');
    expect(outgoingLinks(a, titleIndex([a, later])).targets).toEqual([later]);
    expect(buildConnections([a, later])).toEqual([
      { sourceId: a.id, targetId: later.id, strength: 0.75, kind: 'link' },
    ]);
  });

  it('go to the older note when two notes share a title', () => {
    const first = note('Same');
    const second = note('same');
    const linker = note('L', '[[SAME]]');
    expect(outgoingLinks(linker, titleIndex([second, linker, first])).targets).toEqual([first]);
  });
});

describe('connections', () => {
  it('strength: links are strong, shared tags weaker, capped at 1', () => {
    expect(connectionStrength({ forward: true, backward: false }, 0)).toBe(0.75);
    expect(connectionStrength({ forward: true, backward: true }, 0)).toBe(1);
    expect(connectionStrength({ forward: false, backward: false }, 1)).toBe(0.15);
    expect(connectionStrength({ forward: false, backward: false }, 2)).toBe(0.3);
    expect(connectionStrength({ forward: false, backward: false }, 9)).toBe(0.45);
    expect(connectionStrength({ forward: true, backward: false }, 1)).toBe(0.9);
    expect(connectionStrength({ forward: true, backward: true }, 3)).toBe(1);
  });

  it('one per pair: the linking note is the source; tags-only pairs start at the older note', () => {
    const a = note('A', 'to [[B]]', ['x']);
    const b = note('B', 'to [[C]]', ['x', 'y']);
    const c = note('C', 'to [[b]]', ['y']);
    const d = note('D', '', ['x', 'y']);
    const e = note('E', '[[E]]');
    const edges = buildConnections([e, d, c, b, a]);
    const find = (s: NoteLike, t: NoteLike) =>
      edges.find(
        (x) => (x.sourceId === s.id && x.targetId === t.id) || (x.sourceId === t.id && x.targetId === s.id),
      );
    expect(find(a, b)).toEqual({ sourceId: a.id, targetId: b.id, strength: 0.9, kind: 'link' });
    expect(find(b, c)).toEqual({ sourceId: b.id, targetId: c.id, strength: 1, kind: 'link' });
    expect(find(b, d)).toEqual({ sourceId: b.id, targetId: d.id, strength: 0.3, kind: 'tags' });
    expect(find(a, d)).toEqual({ sourceId: a.id, targetId: d.id, strength: 0.15, kind: 'tags' });
    expect(find(c, d)).toEqual({ sourceId: c.id, targetId: d.id, strength: 0.15, kind: 'tags' });
    expect(find(a, c)).toBeUndefined();
    expect(edges.some((x) => x.sourceId === e.id || x.targetId === e.id)).toBe(false);
    expect(edges).toHaveLength(5);
  });

  it('a tag on more than 25 notes makes no tag connections', () => {
    const many = Array.from({ length: 26 }, (_, i) => note(`N${i}`, '', ['common']));
    expect(buildConnections(many)).toEqual([]);
    expect(buildConnections(many.slice(0, 3))).toHaveLength(3);
  });
});

describe('search', () => {
  const exact = note('Rust', 'A systems language.');
  const partialLate = note('Learning rust slowly', 'nothing here');
  const partialEarly = note('Rustacean habits', 'Crabs.');
  const content = note(
    'Memory',
    'Ownership is the most unusual feature of Rust, and it enables memory safety without a garbage collector.',
  );
  const words = note('Words', 'We talk about safety first and then about memory.');
  const none = note('Python', 'Snakes and #scripts.');
  const all = [none, words, content, partialLate, partialEarly, exact];

  it('ranks exact title, then partial title, then content; case-insensitive', () => {
    expect(searchNotes(all, 'RUST').map((h) => [h.note.title, h.rank])).toEqual([
      ['Rust', 0],
      ['Rustacean habits', 1],
      ['Learning rust slowly', 1],
      ['Memory', 2],
    ]);
  });

  it('content hits need every word of the query, the exact phrase first', () => {
    expect(searchNotes(all, 'memory safety').map((h) => h.note.title)).toEqual(['Memory', 'Words']);
    expect(searchNotes(all, 'memory zebra')).toEqual([]);
    expect(searchNotes(all, '   ')).toEqual([]);
  });

  it('gives about 30 characters of context on each side of the match', () => {
    const [hit] = searchNotes([content], 'garbage');
    expect(hit?.context).toEqual({
      before: '…memory safety without a ',
      match: 'garbage',
      after: ' collector.',
    });
    const ctx = searchNotes([content], 'unusual')[0]!.context!;
    expect(ctx.before).toBe('Ownership is the most ');
    expect(ctx.after).toBe(' feature of Rust, and it…');
    expect(ctx.before.length).toBeLessThanOrEqual(31);
  });

  it('keeps the original case in the context and no context for a title-only match', () => {
    const [hit] = searchNotes([content], 'OWNERSHIP');
    expect(hit?.context?.match).toBe('Ownership');
    expect(searchNotes([partialLate], 'slowly')[0]?.context).toBeNull();
  });

  it('an index answers many queries over 5,000 notes', () => {
    const big = Array.from({ length: 5000 }, (_, i) => note(`Note ${i}`, `content number ${i} #t${i % 7}`));
    const search = createSearchIndex(big);
    expect(search('note 4999')[0]?.note.title).toBe('Note 4999');
    expect(search('number 4321').map((h) => h.note.title)).toEqual(['Note 4321']);
    // '12' is in many titles and contents: the note holding the phrase comes first
    const hits = search('number 12');
    expect(hits[0]?.note.title).toBe('Note 12');
    expect(hits[0]?.context?.match).toBe('number 12');
  });
});

describe('preview and title', () => {
  it('a card preview is 150 characters of plain text, with an ellipsis when cut', () => {
    const long = `# Heading\n\nSee [[Other note|the other]] and **bold** text. ${'word '.repeat(60)}`;
    const preview = notePreview(long);
    expect(preview.startsWith('Heading See the other and bold text. word')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(151);
    expect(notePreview('short\n\nnote')).toBe('short note');
    expect(notePreview('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it('a preview reads Markdown as text: links, emphasis, lists, tables, math and HTML without their syntax', () => {
    const md = [
      'Every value has **one owner**, see [the book](https://doc.rust-lang.org/book/ "Book") and [[Borrowing]]. #rust',
      '',
      '1. Each value has an *owner* and a_snake_case name.',
      '2) ~~Two owners~~ one owner.',
      '',
      '| Operation | Cost |',
      '|:---|---:|',
      '| move | $O(1)$ |',
      '',
      '---',
      '![diagram](https://example.com/a.png) <b>done</b> \\*not emphasis\\*, costs $5 and $10, $$E = mc^2$$',
    ].join('\n');
    expect(notePreview(md, 1000)).toBe(
      'Every value has one owner, see the book and Borrowing. #rust Each value has an owner and a_snake_case name. ' +
        'Two owners one owner. Operation Cost move O(1) diagram done *not emphasis*, costs $5 and $10, E = mc^2',
    );
  });

  it('Create Note prefills the first 30 characters of the selection', () => {
    expect(prefillTitle('  The borrow checker\nenforces rules at compile time ')).toBe(
      'The borrow checker enforces',
    );
    expect(prefillTitle('This lesson is part of Joins on your path')).toBe('This lesson is part of Joins');
    // a cut that falls between words keeps all 30 characters
    expect(prefillTitle('This lesson is part of Joins, and more')).toBe('This lesson is part of Joins');
    expect(prefillTitle('Short selection')).toBe('Short selection');
    // one word longer than the limit is cut, as there is no boundary to end at
    expect(prefillTitle('Supercalifragilisticexpialidocious!')).toBe('Supercalifragilisticexpialidoc');
  });

  it('a blank title is refused with the spec message', () => {
    const r = CreateNoteSchema.safeParse({ title: '   ', content: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(NOTE_MESSAGES.titleRequired);
    expect(NOTE_MESSAGES.noResults('abc')).toBe('No results found for "abc"');
  });
});
