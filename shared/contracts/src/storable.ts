// What PostgreSQL can store, decided once for every request (DESIGN.md §4).
//
// Text columns refuse NUL (0x00) and jsonb refuses NUL and unpaired UTF-16 surrogates, so any such character
// in any request string (body, query, path, inside free-form JSON, and object keys) is REFUSED with a 400
// naming the field, never stripped: the product's texts (goals, notes, answers, chat) have no use for them and
// silently changing a learner's text would be worse than saying no. Nesting deeper than MAX_INPUT_DEPTH is
// refused too, before anything recursive (JSON.stringify, zod, the database driver) can run out of stack.
// The API applies `storableInput` in front of every route's request schemas; free-form JSON fields add their
// own, tighter depth and size limits through `freeFormJson`.
import { z } from 'zod';

/** Deeper than any request schema of the API goes; a body nested past it is an attack or a bug. */
export const MAX_INPUT_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

export interface InputIssue {
  /** where the text is, or where the nesting passed the limit */
  path: (string | number)[];
  kind: 'text' | 'depth';
  message: string;
}

/**
 * The first place in a JSON-like value that cannot be stored: an unstorable string or key, or nesting deeper
 * than `maxDepth` (a scalar at the top is depth 0). Stops at the depth limit, so it never recurses far.
 */
export function findUnstorable(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputIssue | null {
  const visit = (v: unknown, path: (string | number)[]): InputIssue | null => {
    if (typeof v === 'string')
      return isStorableText(v) ? null : { path, kind: 'text', message: UNSTORABLE_TEXT_MESSAGE };
    if (v === null || typeof v !== 'object') return null;
    if (path.length >= maxDepth)
      return { path, kind: 'depth', message: `must not be nested more than ${maxDepth} levels deep` };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const issue = visit(v[i], [...path, i]);
        if (issue) return issue;
      }
      return null;
    }
    for (const [key, child] of Object.entries(v)) {
      if (!isStorableText(key))
        return { path, kind: 'text', message: `has a key that ${UNSTORABLE_TEXT_MESSAGE}` };
      const issue = visit(child, [...path, key]);
      if (issue) return issue;
    }
    return null;
  };
  return visit(value, []);
}

/** Any request part (body, query, params): refused at the first unstorable text or excessive nesting. */
export const StorableInputSchema = z.unknown().superRefine((value, ctx) => {
  const issue = findUnstorable(value);
  if (!issue) return;
  // too deep is told of the outermost field, not of a path as long as the limit
  const path = issue.kind === 'depth' ? issue.path.slice(0, 1) : issue.path;
  // the message names the field itself: routes with a message of their own for missing fields show it bare
  const message = `${path.join('.') || 'The request'} ${issue.message}`;
  ctx.addIssue({ code: 'custom', path, message, input: value });
});

/** A request part's schema behind the storable-input check: the schema's own rules run only on storable input. */
export function storableInput<T extends z.ZodType>(schema: T) {
  return StorableInputSchema.pipe(schema);
}

export interface FreeFormJsonLimits {
  /** object or array levels below the field itself */
  maxDepth: number;
  /** characters of the JSON text (as sent, or as serialized when sent as an object) */
  maxChars: number;
}

/**
 * A free-form JSON field that is stored as text: JSON text or an object. Either form is held to the same
 * depth and size, and to storable strings inside it (an escaped \u0000 in the text included), because the
 * server parses and re-serializes it.
 */
export function freeFormJson({ maxDepth, maxChars }: FreeFormJsonLimits) {
  const tooLong = `must be at most ${maxChars} characters of JSON`;
  return z.union([z.string(), z.record(z.string(), z.unknown())]).superRefine((value, ctx) => {
    const fail = (message: string, path: (string | number)[] = []) =>
      ctx.addIssue({ code: 'custom', path, message, input: value });
    if (typeof value === 'string' && value.length > maxChars) return fail(tooLong);
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        return; // not JSON: the field's own reader says what it expects
      }
    }
    // checked before the object form is serialized to measure it: JSON.stringify recurses
    const issue = findUnstorable(parsed, maxDepth + 1);
    if (issue) return fail(issue.message, issue.kind === 'depth' ? [] : issue.path);
    if (typeof value !== 'string' && JSON.stringify(value).length > maxChars) fail(tooLong);
  });
}
