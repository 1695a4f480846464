// Getting JSON out of what a model actually says: fenced blocks, prose around the object, trailing commas,
// raw newlines inside strings, and answers cut off mid-way (finish_reason 'length', a dropped stream).

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

/** Index of the bracket closing the one at `start`, or -1 when the text ends first. */
export function matchingEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
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

type Frame = { kind: '{' | '['; state: 'key' | 'colon' | 'value' | 'after' };

const NUMBER_RE = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const LITERALS = new Set(['true', 'false', 'null']);

/**
 * Repairs JSON text that starts with `{` or `[`: drops trailing commas, escapes raw control characters in
 * strings, ignores anything after the top-level value, and when the text is cut off closes what is open —
 * finishing a string value or number in progress, otherwise going back to the last complete member.
 * Returns null when nothing usable remains.
 */
export function repairJson(input: string): string | null {
  const stack: Frame[] = [];
  let out = '';
  let checkpoint: string | null = null;
  let pendingComma = false;

  const closers = () =>
    stack
      .map((f) => (f.kind === '{' ? '}' : ']'))
      .reverse()
      .join('');
  const top = () => stack[stack.length - 1];
  const expectsValue = () => {
    const f = top();
    return !f || f.state === 'value';
  };
  const beginMember = () => {
    if (pendingComma) out += ',';
    pendingComma = false;
  };
  /** A value just ended. Returns true when it was the top-level value. */
  const valueDone = (): boolean => {
    const f = top();
    if (!f) return true;
    f.state = 'after';
    checkpoint = out + closers();
    return false;
  };

  let i = 0;
  // skip anything before the first bracket
  while (i < input.length && input[i] !== '{' && input[i] !== '[') i++;
  for (; i < input.length; i++) {
    const c = input[i] as string;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    const f = top();
    if (c === '"') {
      const isKey = f?.kind === '{' && f.state === 'key';
      if (!isKey && !expectsValue()) return finish();
      beginMember();
      let s = '"';
      let j = i + 1;
      let closed = false;
      for (; j < input.length; j++) {
        const d = input[j] as string;
        if (d === '\\') {
          if (j + 1 >= input.length) break;
          const e = input[j + 1] as string;
          if (e === 'u') {
            const hex = input.slice(j + 2, j + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
            s += `\\u${hex}`;
            j += 5;
          } else {
            s += `\\${e}`;
            j++;
          }
        } else if (d === '"') {
          closed = true;
          break;
        } else if (d === '\n') s += '\\n';
        else if (d === '\r') s += '\\r';
        else if (d === '\t') s += '\\t';
        else if (d < ' ') s += `\\u${d.charCodeAt(0).toString(16).padStart(4, '0')}`;
        else s += d;
      }
      if (!closed) {
        // cut off inside a string: a value can be finished, a key cannot
        if (isKey) return checkpoint;
        out += `${s}"`;
        if (valueDone()) return out;
        return out + closers();
      }
      out += `${s}"`;
      i = j;
      if (isKey) (f as Frame).state = 'colon';
      else if (valueDone()) return out;
      continue;
    }
    if (c === '{' || c === '[') {
      if (!expectsValue()) return finish();
      beginMember();
      out += c;
      stack.push({ kind: c, state: c === '{' ? 'key' : 'value' });
      checkpoint = out + closers();
      continue;
    }
    if (c === '}' || c === ']') {
      if (!f || f.kind !== (c === '}' ? '{' : '[')) return finish();
      if (f.state === 'colon' || (f.state === 'value' && f.kind === '{')) return finish();
      pendingComma = false;
      stack.pop();
      out += c;
      if (valueDone()) return out;
      continue;
    }
    if (c === ':') {
      if (f?.kind !== '{' || f.state !== 'colon') return finish();
      out += ':';
      f.state = 'value';
      continue;
    }
    if (c === ',') {
      if (f?.state !== 'after') return finish();
      pendingComma = true;
      f.state = f.kind === '{' ? 'key' : 'value';
      continue;
    }
    // a number or literal
    if (!expectsValue()) return finish();
    let j = i;
    while (j < input.length && !/[\s,\]}]/.test(input[j] as string)) j++;
    const token = input.slice(i, j);
    const complete = NUMBER_RE.test(token) || LITERALS.has(token);
    if (!complete) {
      // a literal cut off at the very end (`tru`, `-`, `1.`): go back; anything else is not JSON
      return checkpoint;
    }
    beginMember();
    out += token;
    i = j - 1;
    if (valueDone()) return out;
  }
  return finish();

  function finish(): string | null {
    // the text ended (or went wrong) with containers still open: the last complete state, closed
    return checkpoint;
  }
}
