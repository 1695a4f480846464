import { describe, expect, it } from 'vitest';
import { extractJson, JsonExtractError, repairJson } from './json.ts';

describe('extractJson', () => {
  it.each([
    ['plain', '{"a":1}', { a: 1 }],
    ['a json fence', 'Here:\n```json\n{"a":1}\n```\nDone.', { a: 1 }],
    ['a fence without a tag', '```\n{"a":1}\n```', { a: 1 }],
    ['prose around it', 'Sure! {"a":{"b":[1,2]}} Hope it helps.', { a: { b: [1, 2] } }],
    ['an array', 'The list: [1, 2, 3].', [1, 2, 3]],
    ['braces inside strings', 'x {"a":"} not the end {"} y', { a: '} not the end {' }],
    ['a BOM', '\uFEFF{"a":1}', { a: 1 }],
  ])('reads %s', (_, text, value) => {
    expect(extractJson(text)).toEqual({ value, repaired: false });
  });

  it('prefers a json-tagged fence over other fences and prose', () => {
    const text = 'Example input: {"x":0}\n```python\nprint(1)\n```\n```json\n{"a":2}\n```';
    expect(extractJson(text).value).toEqual({ a: 2 });
  });

  it('repairs a fence cut off before its closing backticks', () => {
    expect(extractJson('```json\n{"a":[1,2,{"b":"c')).toEqual({
      value: { a: [1, 2, { b: 'c' }] },
      repaired: true,
    });
  });

  it('repairs trailing commas', () => {
    expect(extractJson('{"a":[1,2,],}')).toEqual({ value: { a: [1, 2] }, repaired: true });
  });

  it('fails clearly on no JSON and on an empty answer', () => {
    expect(() => extractJson('I am sorry, I cannot help.')).toThrow(JsonExtractError);
    expect(() => extractJson('   ')).toThrow('the answer is empty');
  });
});

describe('repairJson', () => {
  const fix = (s: string) => {
    const r = repairJson(s);
    return r === null ? null : JSON.parse(r);
  };

  it('closes a string value, arrays and objects left open', () => {
    expect(fix('{"title":"Loops","lessons":[{"t":"for"},{"t":"whi')).toEqual({
      title: 'Loops',
      lessons: [{ t: 'for' }, { t: 'whi' }],
    });
  });

  it('drops a key left without a value', () => {
    expect(fix('{"a":1,"b":')).toEqual({ a: 1 });
    expect(fix('{"a":1,"b"')).toEqual({ a: 1 });
    expect(fix('{"a":1,"bc')).toEqual({ a: 1 });
    expect(fix('{"a":1,')).toEqual({ a: 1 });
  });

  it('keeps a number in progress and drops a cut-off literal', () => {
    expect(fix('{"a":[1,23')).toEqual({ a: [1, 23] });
    expect(fix('{"a":true,"b":fal')).toEqual({ a: true });
    expect(fix('[1,-')).toEqual([1]);
  });

  it('drops an escape cut in half', () => {
    expect(fix('{"a":"x\\')).toEqual({ a: 'x' });
    expect(fix('{"a":"x\\u00')).toEqual({ a: 'x' });
    expect(fix('{"a":"x\\u00e9y"}')).toEqual({ a: 'xéy' });
  });

  it('escapes raw newlines and tabs inside strings', () => {
    expect(fix('{"md":"# T\n\n\tcode"}')).toEqual({ md: '# T\n\n\tcode' });
  });

  it('ignores what follows the top-level value', () => {
    expect(fix('{"a":1} and then {"b":2}')).toEqual({ a: 1 });
  });

  it('keeps the closed containers before the cut', () => {
    expect(fix('{"a":[1],"b":{"c":1}')).toEqual({ a: [1], b: { c: 1 } });
    expect(fix('[{"a":1},["b"]')).toEqual([{ a: 1 }, ['b']]);
  });

  it('keeps nested empty containers', () => {
    expect(fix('{"a":{"b":[')).toEqual({ a: { b: [] } });
  });

  it('gives null when nothing complete remains', () => {
    expect(repairJson('no json here')).toBeNull();
  });
});
