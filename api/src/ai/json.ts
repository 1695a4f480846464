// Getting JSON out of what a model actually says: fenced blocks, prose around the object, trailing commas,
// raw newlines inside strings, and answers cut off mid-way (finish_reason 'length', a dropped stream).
import { jsonrepair } from 'jsonrepair';

export interface ExtractedJson {
  value: unknown;
  /** true when the text had to be repaired (closed, trimmed) to parse */
  repaired: boolean;
}

export class JsonExtractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonExtractError';
  }
}

const FENCE_RE = /```[ \t]*([\w-]*)[^\n]*\n([\s\S]*?)(?:```|$)/g;

/** Candidate JSON texts in order of preference: json-tagged fences, other fences, the text, its first object/array. */
export function jsonCandidates(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  const tagged: string[] = [];
  const untagged: string[] = [];
  for (const m of body.matchAll(FENCE_RE)) {
    const content = (m[2] ?? '').trim();
    if (!content) continue;
    if ((m[1] ?? '').toLowerCase().startsWith('json')) tagged.push(content);
    else if (/^[[{]/.test(content)) untagged.push(content);
  }
  const out = [...tagged, ...untagged, body];
  for (const open of ['{', '[']) {
    const at = body.indexOf(open);
    if (at < 0) continue;
    const end = matchingEnd(body, at);
    out.push(end < 0 ? body.slice(at) : body.slice(at, end + 1));
  }
  return [...new Set(out)];
}

/** An object or array still open where the text ends. */
interface OpenContainer {
  kind: '{' | '[';
  /** index of the bracket or comma before the member in progress */
  memberStart: number;
  /** index of the member's colon (objects), -1 before it */
  colonAt: number;
}

/** Walks the value opening at `start`: where it closes, or what is still open when the text ends first. */
function walk(text: string, start: number): { end: number; open: OpenContainer[] } {
  const open: OpenContainer[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') open.push({ kind: c, memberStart: i, colonAt: -1 });
    else if (c === '}' || c === ']') {
      open.pop();
      if (open.length === 0) return { end: i, open };
    } else if (c === ',' || c === ':') {
      const f = open[open.length - 1];
      if (f && c === ',') f.memberStart = i;
      else if (f) f.colonAt = i;
    }
  }
  return { end: -1, open };
}

/** Index of the bracket closing the one at `start`, or -1 when the text ends first. */
export function matchingEnd(text: string, start: number): number {
  return walk(text, start).end;
}

/** The first JSON value found in `text`, repairing it when needed. Throws JsonExtractError when there is none. */
export function extractJson(text: string): ExtractedJson {
  const candidates = jsonCandidates(text);
  for (const c of candidates) {
    const parsed = tryParse(c);
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
      return { value: parsed.value, repaired: false };
    }
  }
  for (const c of candidates) {
    if (!/^[[{]/.test(c)) continue;
    const fixed = repairJson(c);
    if (fixed === null) continue;
    const parsed = tryParse(fixed);
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
      return { value: parsed.value, repaired: true };
    }
  }
  throw new JsonExtractError(text.trim() ? 'the answer holds no JSON object' : 'the answer is empty');
}

function tryParse(s: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
}

const NUMBER_RE = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const LITERALS = new Set(['true', 'false', 'null']);

/**
 * Repairs JSON text from its first `{` or `[` (jsonrepair: trailing commas, raw control characters in strings,
 * unclosed strings and containers…), ignoring anything after that top-level value. Returns null when nothing
 * usable remains.
 */
export function repairJson(input: string): string | null {
  const start = input.search(/[[{]/);
  if (start < 0) return null;
  const text = input.slice(start);
  const { end, open } = walk(text, 0);
  try {
    return jsonrepair(end >= 0 ? text.slice(0, end + 1) : withoutIncompleteMember(text, open));
  } catch {
    return null;
  }
}

/**
 * A cut-off text without its last member when that member cannot be finished faithfully: a key with no value
 * (jsonrepair would add `null`) or a literal or number cut short (`fal` would become the string "fal", `-`
 * would become -0). A string value in progress stays (closing it keeps what the model wrote), as does a
 * container the text already closed.
 */
function withoutIncompleteMember(text: string, open: OpenContainer[]): string {
  const f = open[open.length - 1];
  if (!f) return text;
  const value =
    f.kind === '['
      ? text.slice(f.memberStart + 1)
      : f.colonAt > f.memberStart
        ? text.slice(f.colonAt + 1)
        : null;
  const token = value?.trim() ?? '';
  if (value !== null && (/^["[{]/.test(token) || NUMBER_RE.test(token) || LITERALS.has(token))) return text;
  // a comma goes with the member; an opening bracket stays
  return text.slice(0, text[f.memberStart] === ',' ? f.memberStart : f.memberStart + 1);
}
