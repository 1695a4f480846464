// Cutting a document into passages that follow its structure: each section (the text under one heading, on
// one page of a PDF) is cut on its own, so a passage never crosses a heading or a page. Within a section,
// paragraphs are packed into passages of about 120–250 words; a paragraph too long for one passage is cut
// between sentences, and a sentence too long between words.
import type { ExtractedPassage } from './document.ts';

/** A stretch of the document's text under one heading path (and on one page of a PDF). */
export interface DocumentSection {
  start: number;
  end: number;
  page: number | null;
  headingPath: string[];
}

export const PASSAGE_WORDS = { min: 120, max: 250 } as const;
/** text without spaces between words (Chinese, Japanese) counts a word per this many characters */
const CHARS_PER_WORD = 7;
/** a last piece smaller than this joins the passage before it when both fit in one */
const STRAGGLER_WORDS = 40;

interface Span {
  start: number;
  end: number;
  weight: number;
}

function weightOf(text: string, start: number, end: number): number {
  const words = text.slice(start, end).match(/\S+/g)?.length ?? 0;
  return Math.max(words, Math.ceil((end - start) / CHARS_PER_WORD));
}

/** The span without the whitespace at its ends; null when nothing is left. */
function trimmed(text: string, start: number, end: number): Span | null {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] as string)) s++;
  while (e > s && /\s/.test(text[e - 1] as string)) e--;
  return s < e ? { start: s, end: e, weight: weightOf(text, s, e) } : null;
}

/** Pieces of [start, end) cut after each match of `boundary` (the match stays with the piece before it). */
function cutAfter(text: string, start: number, end: number, boundary: RegExp): Span[] {
  const spans: Span[] = [];
  const slice = text.slice(start, end);
  let from = 0;
  for (const m of slice.matchAll(boundary)) {
    const to = (m.index ?? 0) + m[0].length;
    const span = trimmed(text, start + from, start + to);
    if (span) spans.push(span);
    from = to;
  }
  const last = trimmed(text, start + from, end);
  if (last) spans.push(last);
  return spans;
}

/** Cuts a run with no sentence end into pieces of at most `max` words (or characters' worth of words). */
function cutWords(text: string, span: Span, max: number): Span[] {
  const pieces: Span[] = [];
  const maxChars = max * CHARS_PER_WORD;
  let pieceStart = -1;
  let pieceEnd = -1;
  let words = 0;
  const flush = () => {
    if (pieceStart >= 0)
      pieces.push({ start: pieceStart, end: pieceEnd, weight: weightOf(text, pieceStart, pieceEnd) });
    pieceStart = -1;
    words = 0;
  };
  for (const m of text.slice(span.start, span.end).matchAll(/\S+/g)) {
    let s = span.start + (m.index ?? 0);
    const e = s + m[0].length;
    // a single token longer than a passage (no spaces at all) is cut by characters, never inside a surrogate pair
    while (e - s > maxChars) {
      flush();
      let cut = s + maxChars;
      if (/[\uDC00-\uDFFF]/.test(text[cut] ?? '')) cut--;
      pieces.push({ start: s, end: cut, weight: max });
      s = cut;
    }
    if (pieceStart >= 0 && (words + 1 > max || e - pieceStart > maxChars)) flush();
    if (pieceStart < 0) pieceStart = s;
    pieceEnd = e;
    words++;
  }
  flush();
  return pieces;
}

/** The section's smallest pieces worth keeping whole: paragraphs, else sentences, else runs of words. */
function units(text: string, section: DocumentSection, max: number): Span[] {
  const out: Span[] = [];
  for (const paragraph of cutAfter(text, section.start, section.end, /\n[ \t]*\n\s*/g)) {
    if (paragraph.weight <= max) {
      out.push(paragraph);
      continue;
    }
    for (const sentence of cutAfter(text, paragraph.start, paragraph.end, /[.!?。！？]["'”’)\]]*\s+/g)) {
      if (sentence.weight <= max) out.push(sentence);
      else out.push(...cutWords(text, sentence, max));
    }
  }
  return out;
}

/** Packs the units into passages of balanced size, each at most `max` words. */
function pack(spans: Span[], max: number): Span[] {
  const total = spans.reduce((sum, s) => sum + s.weight, 0);
  const target = Math.ceil(total / Math.max(1, Math.ceil(total / max)));
  const passages: Span[] = [];
  let current: Span | null = null;
  for (const span of spans) {
    if (current && current.weight + span.weight > max) {
      passages.push(current);
      current = null;
    }
    current = current
      ? { start: current.start, end: span.end, weight: current.weight + span.weight }
      : { ...span };
    if (current.weight >= target) {
      passages.push(current);
      current = null;
    }
  }
  if (current) passages.push(current);
  const last = passages.at(-1);
  const before = passages.at(-2);
  if (last && before && last.weight < STRAGGLER_WORDS && before.weight + last.weight <= max) {
    passages.splice(-2, 2, { start: before.start, end: last.end, weight: before.weight + last.weight });
  }
  return passages;
}

/**
 * The passages of a document's text, in reading order. `sections` are the stretches under each heading (and
 * page), in order and not overlapping; text outside them (the heading lines themselves) is in no passage.
 */
export function chunkDocument(
  text: string,
  sections: readonly DocumentSection[],
  max: number = PASSAGE_WORDS.max,
): ExtractedPassage[] {
  const passages: ExtractedPassage[] = [];
  for (const section of sections) {
    for (const span of pack(units(text, section, max), max)) {
      passages.push({
        ordinal: passages.length,
        text: text.slice(span.start, span.end),
        page: section.page,
        headingPath: [...section.headingPath],
        start: span.start,
        end: span.end,
      });
    }
  }
  return passages;
}
