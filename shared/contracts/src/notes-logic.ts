// The rules of notes (spec 2 §5, §9) as pure functions, shared by the API (tags on save, connections) and
// mf-notes (rendering, backlinks, search in the browser) so both sides always agree.
import {
  NOTE_PREVIEW_LENGTH,
  NOTE_TAG_MAX,
  NOTE_TAGS_MAX,
  NOTE_TITLE_PREFILL_LENGTH,
} from './notes-constants.ts';

/** What the rules need of a note; `tags` already resolved (see resolveTags). */
export interface NoteLike {
  id: string;
  title: string;
  content: string;
  tags: readonly string[];
  /** ISO time; orders notes when a title is taken twice and picks a connection's source */
  createdAt: string;
}

export type ContentSegment =
  | { kind: 'text'; text: string }
  /** fenced or inline code: never a tag or a link */
  | { kind: 'code'; text: string }
  | { kind: 'link'; title: string; label: string; raw: string }
  | { kind: 'tag'; tag: string; raw: string };

// One pass over the content: fenced code, inline code, [[Title]] or [[Title|label]], and #tags. A tag starts
// the text or follows a space or an opening punctuation mark (so a URL's #fragment or C's a#b is no tag),
// is letters, digits, _ - / and is not only digits (#1 is a number, as in Obsidian).
const TOKEN_RE =
  /(```[\s\S]*?(?:```|$))|(`[^`\n]+`)|\[\[([^[\]|\n]+?)(?:\|([^[\]\n]*))?\]\]|(?<=^|[\s([{,;:!?"'])#([\p{L}\p{N}_](?:[\p{L}\p{N}_\-/]*[\p{L}\p{N}_])?)/gu;

/** The content split into text, code, [[links]] and #tags, in order (concatenating `raw`/`text` gives it back). */
export function tokenizeContent(content: string): ContentSegment[] {
  const out: ContentSegment[] = [];
  let last = 0;
  const text = (to: number) => {
    if (to > last) out.push({ kind: 'text', text: content.slice(last, to) });
  };
  for (const m of content.matchAll(TOKEN_RE)) {
    const [raw, fenced, inline, linkTitle, linkLabel, tag] = m;
    if (tag !== undefined && /^\d+$/.test(tag)) continue;
    text(m.index);
    if (fenced !== undefined || inline !== undefined) out.push({ kind: 'code', text: raw });
    else if (linkTitle !== undefined) {
      const title = linkTitle.trim();
      out.push({ kind: 'link', title, label: linkLabel?.trim() || title, raw });
    } else out.push({ kind: 'tag', tag: normalizeTag(tag ?? ''), raw });
    last = m.index + raw.length;
  }
  text(content.length);
  return out;
}

/** A tag as stored: without '#', lower case (tags are case-insensitive), spaces as '-', at most 50 chars. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').trim().toLowerCase().replace(/\s+/g, '-').slice(0, NOTE_TAG_MAX);
}

function unique(tags: Iterable<string>): string[] {
  const out: string[] = [];
  for (const t of tags) if (t && !out.includes(t)) out.push(t);
  return out.slice(0, NOTE_TAGS_MAX);
}

/** The unique #word tokens of the content, lower-cased, in order of first appearance (spec 2 §5). */
export function deriveTags(content: string): string[] {
  return unique(tokenizeContent(content).flatMap((s) => (s.kind === 'tag' && s.tag ? [s.tag] : [])));
}

/**
 * A tags field as sent: JSON text of an array of strings, or the array. Answers its normalised unique tags,
 * or null when it is no valid non-empty tags field (missing, not JSON, not an array of strings, no tag left).
 */
export function parseTagsField(field: string | readonly string[] | null | undefined): string[] | null {
  let list: unknown = field;
  if (typeof field === 'string') {
    try {
      list = JSON.parse(field);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string')) return null;
  const tags = unique(list.map(normalizeTag));
  return tags.length > 0 ? tags : null;
}

/** spec 2 §5: a valid non-empty tags field wins; otherwise the content's #tags. */
export function resolveTags(content: string, field?: string | readonly string[] | null): string[] {
  return parseTagsField(field) ?? deriveTags(content);
}

/** A note's `tags` JSON text as a list (an unreadable value is no tags). */
export function parseTags(tags: string): string[] {
  return parseTagsField(tags) ?? [];
}

/** How [[links]] find titles: case-insensitive, surrounding and repeated spaces ignored. */
export const titleKey = (title: string): string => title.trim().replace(/\s+/g, ' ').toLowerCase();

const byAge = (a: NoteLike, b: NoteLike) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Title → note; when two notes share a title, links go to the older one. */
export function titleIndex<N extends NoteLike>(notes: readonly N[]): Map<string, N> {
  const index = new Map<string, N>();
  for (const note of [...notes].sort(byAge)) {
    const key = titleKey(note.title);
    if (!index.has(key)) index.set(key, note);
  }
  return index;
}

export interface NoteLinks<N extends NoteLike> {
  /** the notes it links to, once each, self-links excluded */
  targets: N[];
  /** titles of [[links]] to notes that do not exist yet (they resolve once such a note appears) */
  dangling: string[];
}

export function outgoingLinks<N extends NoteLike>(note: NoteLike, index: Map<string, N>): NoteLinks<N> {
  const targets: N[] = [];
  const dangling: string[] = [];
  for (const s of tokenizeContent(note.content)) {
    if (s.kind !== 'link') continue;
    const target = index.get(titleKey(s.title));
    if (!target) {
      if (!dangling.some((d) => titleKey(d) === titleKey(s.title))) dangling.push(s.title);
    } else if (target.id !== note.id && !targets.includes(target)) targets.push(target);
  }
  return { targets, dangling };
}

/** The notes whose content links to this one, oldest first. */
export function backlinks<N extends NoteLike>(
  noteId: string,
  notes: readonly N[],
  index: Map<string, N>,
): N[] {
  return notes
    .filter((n) => n.id !== noteId && outgoingLinks(n, index).targets.some((t) => t.id === noteId))
    .sort(byAge);
}

/**
 * Connection strength, in (0, 1]: a [[link]] is the strong tie, shared tags the weaker one.
 * - a link one way: 0.75; links both ways: 1
 * - each shared tag adds 0.15, at most 0.45 (three tags)
 * - the sum is capped at 1, rounded to 2 decimals
 * So linked notes are always ≥ 0.75 and notes joined only by tags are between 0.15 and 0.45.
 */
export const CONNECTION_WEIGHTS = {
  oneWayLink: 0.75,
  mutualLink: 1,
  perSharedTag: 0.15,
  sharedTagsMax: 0.45,
  /** a tag on more notes than this is a category, not a relation: it makes no tag connections */
  tagConnectionMaxNotes: 25,
} as const;

export function connectionStrength(
  links: { forward: boolean; backward: boolean },
  sharedTags: number,
): number {
  const w = CONNECTION_WEIGHTS;
  const link =
    links.forward && links.backward ? w.mutualLink : links.forward || links.backward ? w.oneWayLink : 0;
  const tags = Math.min(w.sharedTagsMax, w.perSharedTag * sharedTags);
  return Math.round(Math.min(1, link + tags) * 100) / 100;
}

export interface Connection {
  sourceId: string;
  targetId: string;
  strength: number;
  kind: 'link' | 'tags';
}

/** Every connection among the notes: one per pair joined by a [[link]] or by shared tags. */
export function buildConnections(notes: readonly NoteLike[]): Connection[] {
  const sorted = [...notes].sort(byAge);
  const rank = new Map(sorted.map((n, i) => [n.id, i]));
  const index = titleIndex(sorted);
  // pairs keyed by older|newer id; ab: the older links the newer, ba: the other way
  const pairs = new Map<string, { a: string; b: string; ab: boolean; ba: boolean; shared: number }>();
  const pair = (x: string, y: string) => {
    const [a, b] = rank.get(x)! < rank.get(y)! ? [x, y] : [y, x];
    const key = `${a}|${b}`;
    const p = pairs.get(key) ?? { a, b, ab: false, ba: false, shared: 0 };
    pairs.set(key, p);
    return p;
  };
  for (const note of sorted) {
    for (const target of outgoingLinks(note, index).targets) {
      const p = pair(note.id, target.id);
      if (p.a === note.id) p.ab = true;
      else p.ba = true;
    }
  }
  const byTag = new Map<string, string[]>();
  for (const note of sorted) {
    for (const tag of new Set(note.tags)) {
      const list = byTag.get(tag) ?? [];
      list.push(note.id);
      byTag.set(tag, list);
    }
  }
  for (const ids of byTag.values()) {
    if (ids.length < 2 || ids.length > CONNECTION_WEIGHTS.tagConnectionMaxNotes) continue;
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) pair(ids[i]!, ids[j]!).shared += 1;
  }
  return [...pairs.values()].map((p) => {
    const linked = p.ab || p.ba;
    return {
      sourceId: p.ba && !p.ab ? p.b : p.a,
      targetId: p.ba && !p.ab ? p.a : p.b,
      strength: connectionStrength({ forward: p.ab, backward: p.ba }, p.shared),
      kind: linked ? 'link' : 'tags',
    };
  });
}

/** Markdown text (no code, no [[links]]) as it reads: marks, syntax and raw HTML dropped, links as their text. */
function markdownAsText(text: string): string {
  return (
    text
      .replace(/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/<\/?[a-z][^>\n]*>/gi, '')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*(?:[-*+>]|\d+[.)])[ \t]+/gm, '')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
      // table rows: the separator row goes, the cells' pipes become spaces
      .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, '')
      .replace(/(?<!\\)[ \t]*\|[ \t]*/g, ' ')
      .replace(/\*\*|__|~~/g, '')
      .replace(/(^|[^\p{L}\p{N}\\])[*_](?=\S)([^*_\n]*?[^\s\\])[*_](?![\p{L}\p{N}])/gu, '$1$2')
      // math keeps its TeX but not its dollars; a price ('$5 and $10') has a space inside and is left alone
      .replace(/(?<!\\)\${1,2}(?=[^\s$])([^$\n]*?[^\s$\\])\${1,2}(?!\d)/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|$])/g, '$1')
  );
}

/** The content as one line of plain text: links as their labels, code kept without its fences, Markdown as text. */
export function plainText(content: string): string {
  return tokenizeContent(content)
    .map((s) =>
      s.kind === 'link'
        ? s.label
        : s.kind === 'tag'
          ? s.raw
          : s.kind === 'code'
            ? s.text.replace(/^```[^\n]*\n?|```$|`/g, '')
            : markdownAsText(s.text),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A note card's preview: the first 150 characters of its plain text, '…' when cut (spec 2 §9). */
export function notePreview(content: string, length = NOTE_PREVIEW_LENGTH): string {
  const text = plainText(content);
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;
}

/**
 * spec 2 §2: the first 30 characters of the selection, ending at a word boundary: a word the limit would
 * cut is left out ("…part of Joins", not "…part of Joins o"), unless it is the only word, and a trailing
 * comma, colon or dash goes with it.
 */
export function prefillTitle(selection: string): string {
  const text = selection.replace(/\s+/g, ' ').trim();
  if (text.length <= NOTE_TITLE_PREFILL_LENGTH) return text;
  const head = text.slice(0, NOTE_TITLE_PREFILL_LENGTH);
  const cutsWord = text[NOTE_TITLE_PREFILL_LENGTH] !== ' ';
  const lastSpace = head.lastIndexOf(' ');
  const kept = cutsWord && lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return kept.replace(/[\s,;:–—-]+$/, '');
}

export const SEARCH_CONTEXT_CHARS = 30;
/** how far a context edge may move back to avoid cutting a word */
const WORD_SNAP = 12;

/** 0: the title is the query; 1: the title contains it; 2: the content has every word of it. */
export type SearchRank = 0 | 1 | 2;

export interface SearchHit<N extends NoteLike = NoteLike> {
  note: N;
  rank: SearchRank;
  /** about 30 characters either side of the match in the content; null when the content does not match */
  context: { before: string; match: string; after: string } | null;
}

interface Indexed<N> {
  note: N;
  title: string;
  content: string;
  /** the content when lower-casing kept its length, so positions carry over; else the lower-case copy */
  display: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

/** Up to 30 characters either side of the match, cut back to a word boundary when one is near. */
function contextAt(display: string, at: number, length: number) {
  const from = Math.max(0, at - SEARCH_CONTEXT_CHARS);
  const to = Math.min(display.length, at + length + SEARCH_CONTEXT_CHARS);
  let before = display.slice(from, at);
  let after = display.slice(at + length, to);
  const firstSpace = before.search(/\s/);
  if (from > 0 && firstSpace >= 0 && firstSpace < WORD_SNAP) before = before.slice(firstSpace + 1);
  const lastSpace = after.search(/\s\S*$/);
  if (to < display.length && lastSpace > SEARCH_CONTEXT_CHARS - WORD_SNAP) after = after.slice(0, lastSpace);
  return {
    before: (from > 0 ? '…' : '') + oneLine(before).trimStart(),
    match: oneLine(display.slice(at, at + length)),
    after: oneLine(after).trimEnd() + (to < display.length ? '…' : ''),
  };
}

/**
 * Search (spec 2 §5), case-insensitive: exact title first, then partial title, then notes whose content
 * holds every word of the query; each hit with ~30 characters of context either side of its first match.
 * Build once per list of notes (lower-casing 5,000 notes is the costly part), then call per keystroke.
 */
export function createSearchIndex<N extends NoteLike>(notes: readonly N[]) {
  const items: Indexed<N>[] = notes.map((note) => {
    const content = note.content.toLowerCase();
    return {
      note,
      title: titleKey(note.title),
      content,
      display: content.length === note.content.length ? note.content : content,
    };
  });
  return (query: string): SearchHit<N>[] => {
    const q = titleKey(query);
    if (!q) return [];
    const words = q.split(' ');
    const hits: (SearchHit<N> & { order: number; key: string })[] = [];
    for (const item of items) {
      const phraseAt = item.content.indexOf(q);
      let rank: SearchRank | undefined;
      let order = 0;
      if (item.title === q) rank = 0;
      else if (item.title.includes(q)) {
        rank = 1;
        order = item.title.indexOf(q);
      } else if (phraseAt >= 0 || words.every((w) => item.content.includes(w) || item.title.includes(w))) {
        rank = 2;
        order = phraseAt >= 0 ? 0 : 1;
      }
      if (rank === undefined) continue;
      let context: SearchHit<N>['context'] = null;
      if (phraseAt >= 0) context = contextAt(item.display, phraseAt, q.length);
      else {
        const word = words.find((w) => item.content.includes(w));
        if (word) context = contextAt(item.display, item.content.indexOf(word), word.length);
      }
      hits.push({ note: item.note, rank, context, order, key: item.title });
    }
    hits.sort(
      (a, b) =>
        a.rank - b.rank ||
        a.order - b.order ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
        byAge(a.note, b.note),
    );
    return hits.map(({ order: _o, key: _k, ...hit }) => hit);
  };
}

/** One-off search; for search-as-you-type build the index once with createSearchIndex. */
export function searchNotes<N extends NoteLike>(notes: readonly N[], query: string): SearchHit<N>[] {
  return createSearchIndex(notes)(query);
}
