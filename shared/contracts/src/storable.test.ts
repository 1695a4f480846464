import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnstorable, freeFormJson, isStorableText, MAX_INPUT_DEPTH, storableInput } from './storable.ts';

const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, high or low, anywhere', () => {
    for (const bad of ['\0', 'a\0b', '\ud800', 'x\ud800', '\ud800x', '\udc00', 'x\udc00y', '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
  it('keeps paired surrogates, other control characters and plain text', () => {
    for (const good of ['', 'plain', '🚀', 'a🚀b', '\ud83d\ude80\ud83d\ude80', '\t\n\u0001', 'é ü 中']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });
});

describe('findUnstorable', () => {
  it('names the path of the first bad string, in arrays and objects', () => {
    expect(findUnstorable({ a: [{ b: 'ok' }, { b: 'x\0' }] })).toMatchObject({
      path: ['a', 1, 'b'],
      kind: 'text',
    });
  });
  it('refuses a bad key at the object holding it', () => {
    expect(findUnstorable({ a: { 'k\0': 1 } })).toMatchObject({ path: ['a'], kind: 'text' });
  });
  it('stops at the depth limit without recursing further', () => {
    expect(findUnstorable(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(findUnstorable(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ kind: 'depth' });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)).toMatchObject({ kind: 'depth' });
  });
  it('passes scalars and null', () => {
    for (const v of [null, undefined, 0, true, 'text']) expect(findUnstorable(v)).toBeNull();
  });
});

describe('storableInput', () => {
  const schema = storableInput(z.object({ title: z.string().min(1, 'Title is required') }));
  it('refuses before the schema runs, the message naming the field', () => {
    const r = schema.safeParse({ title: 'a\0' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ['title'],
        message: 'title must not contain NUL characters or unpaired surrogates',
      }),
    ]);
  });
  it('names the outermost field when nesting is too deep', () => {
    const r = storableInput(z.unknown()).safeParse({ tags: nested(40) });
    expect(r.error?.issues[0]?.path).toEqual(['tags']);
    expect(r.error?.issues[0]?.message).toBe(
      `tags must not be nested more than ${MAX_INPUT_DEPTH} levels deep`,
    );
  });
  it('hands storable input to the schema unchanged', () => {
    expect(schema.safeParse({ title: 'Joins 🚀' }).data).toEqual({ title: 'Joins 🚀' });
    expect(schema.safeParse({ title: '' }).error?.issues[0]?.message).toBe('Title is required');
  });
});

describe('freeFormJson', () => {
  const field = freeFormJson({ maxDepth: 3, maxChars: 50 });
  it('accepts JSON text and objects within the limits, and text that is not JSON (its reader decides)', () => {
    for (const v of ['{"level":"Beginner"}', { level: 'Beginner', t: [1, [2]] }, 'not json']) {
      expect(field.safeParse(v).success, JSON.stringify(v)).toBe(true);
    }
  });
  it('holds both forms to the same depth', () => {
    expect(field.safeParse(nested(4)).success).toBe(true); // the field and 3 levels below it
    expect(field.safeParse(nested(5)).error?.issues[0]).toMatchObject({ path: [] });
    expect(field.safeParse(JSON.stringify(nested(5))).success).toBe(false);
  });
  it('holds both forms to the same size', () => {
    const big = { text: 'x'.repeat(60) };
    expect(field.safeParse(big).error?.issues[0]?.message).toBe('must be at most 50 characters of JSON');
    expect(field.safeParse(JSON.stringify(big)).success).toBe(false);
  });
  it('refuses an escaped NUL or lone surrogate inside JSON text, at its path', () => {
    expect(field.safeParse('{"a":"\\u0000"}').error?.issues[0]?.path).toEqual(['a']);
    expect(field.safeParse('{"a":["\\ud800"]}').error?.issues[0]?.path).toEqual(['a', 0]);
  });
});
