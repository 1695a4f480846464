// fast-check arbitraries of requests for one OpenAPI operation: valid ones drawn from its documented schemas,
// and hostile ones (wrong types, missing and extra fields, huge, NUL and surrogate strings, deep nesting,
// prototype keys, ids that are not UUIDs). Bodies are JSON text, so nesting deeper than JSON.stringify can
// write is sent too.
import fc from 'fast-check';
import { type JsonSchema, type Operation, type Parameter, urlOf } from './openapi.ts';

export interface FuzzRequest {
  url: string;
  /** JSON text of the body, when one is sent */
  body?: string;
  kind: 'valid' | 'hostile';
}

export interface RequestContext {
  /** real ids (of the calling learner's own resources) that a valid uuid is drawn from, beside random ones */
  uuids: string[];
  /** real media names for a wildcard media path */
  mediaNames: string[];
}

const UUID_FORMATS = new Set(['uuid']);
/** Valid strings are kept short: size is the hostile generator's business. */
const MAX_VALID_STRING = 60;
/** Valid integers stay near their minimum: a long-poll's `waitMs` at its maximum would stall the suite. */
const VALID_INT_SPAN = 100;

export function validValue(schema: JsonSchema, ctx: RequestContext): fc.Arbitrary<unknown> {
  const base = validNonNull(schema, ctx);
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function validNonNull(schema: JsonSchema, ctx: RequestContext): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => validValue(s, ctx)));
  if (schema.allOf?.length === 1) return validValue(schema.allOf[0]!, ctx);
  switch (schema.type) {
    case 'string':
      return validString(schema, ctx);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? min + VALID_INT_SPAN, min + VALID_INT_SPAN);
      return fc.integer({ min, max });
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ctx), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object':
      return validObject(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema, ctx: RequestContext): fc.Arbitrary<string> {
  if (schema.format && UUID_FORMATS.has(schema.format)) {
    return ctx.uuids.length ? fc.oneof(fc.constantFrom(...ctx.uuids), fc.uuid()) : fc.uuid();
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_VALID_STRING, MAX_VALID_STRING));
  // graphemes: real text, emoji and combining marks included, never a lone surrogate
  return fc
    .string({ unit: 'grapheme', minLength, maxLength })
    .filter((s) => s.trim().length >= minLength && s.length <= (schema.maxLength ?? Infinity));
}

function validObject(schema: JsonSchema, ctx: RequestContext): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(props)) model[key] = validValue(s, ctx);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** Strings a careless or hostile client sends. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    'x'.repeat(300_000),
    '🚀'.repeat(20_000),
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --",
    '../../jwt-secret',
    '\u202e\u200b',
    '',
    '   ',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Values of any wrong shape. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, 0, -1, 2 ** 53, 1e308, 1.5, true, [], {}, ['x'], { a: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** JSON text nested `depth` levels of arrays. */
const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const hostileDepth = fc.constantFrom(33, 1_000, 10_000, 100_000);

/** JSON text of `object` with one more key whose value is raw JSON text, written last so it wins. */
function withRawField(object: unknown, key: string, rawValue: string): string {
  const text = JSON.stringify(object);
  if (!text.startsWith('{')) return `{${JSON.stringify(key)}:${rawValue}}`;
  const inner = text.slice(1, -1);
  return `{${inner}${inner ? ',' : ''}${JSON.stringify(key)}:${rawValue}}`;
}

export function hostileBody(schema: JsonSchema, ctx: RequestContext): fc.Arbitrary<string> {
  const valid = validValue(schema, ctx);
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length ? fc.constantFrom(...keys) : fc.string({ minLength: 1, maxLength: 8 });
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
  return fc.oneof(
    fc.constantFrom(null, 0, 'text', true, [], [1, 2]).map((v) => JSON.stringify(v)),
    fc.tuple(valid, key, hostileValue).map(([v, k, h]) => JSON.stringify({ ...asObject(v), [k]: h })),
    fc.tuple(valid, key).map(([v, k]) => {
      const copy: Record<string, unknown> = { ...asObject(v) };
      delete copy[k];
      return JSON.stringify(copy);
    }),
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
      .map(([v, k, h]) => JSON.stringify({ ...asObject(v), [`extra_${k}`]: h })),
    hostileDepth.map(deepArrayText),
    fc.tuple(valid, key, hostileDepth).map(([v, k, d]) => withRawField(asObject(v), k, deepArrayText(d))),
    fc
      .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'))
      .map(([v, k]) => withRawField(asObject(v), k, '{"prototype":{"isAdmin":true},"isAdmin":true}')),
  );
}

/** A path parameter that is not a UUID, or a UUID written so that it is not one. */
const hostilePathValue = fc.oneof(
  fc.constantFrom(
    'abc',
    '0',
    '-1',
    '\u0000',
    '\ud800',
    '../../jwt-secret',
    'x'.repeat(300),
    ' 00000000-0000-4000-8000-000000000000',
    '00000000-0000-4000-8000-00000000000g',
    '{id}',
    'null',
    'undefined',
  ),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => s.length > 0),
);

function validPathValue(param: Parameter, ctx: RequestContext): fc.Arbitrary<string> {
  if (param.name === '*')
    return ctx.mediaNames.length ? fc.constantFrom(...ctx.mediaNames) : fc.constant('x.svg');
  return validValue(param.schema, ctx).map(String);
}

/** A query string: each parameter given or not; valid values from the schema. */
function validQuery(params: Parameter[], ctx: RequestContext): fc.Arbitrary<string> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) model[p.name] = validValue(p.schema, ctx);
  const required = params.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys: required }).map((q) =>
    Object.entries(q)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&'),
  );
}

/** Raw (already encoded) query values a hostile client sends: bad types, NUL, invalid UTF-8, repeats. */
const hostileQueryValue = fc.constantFrom(
  'abc',
  '-1',
  '1e309',
  '99999999999999999999',
  '1.5',
  '%00',
  '%ED%A0%80',
  '%FF',
  'x'.repeat(5_000),
  '',
  '[object Object]',
);

function hostileQuery(params: Parameter[]): fc.Arbitrary<string> {
  const name = params.length ? fc.constantFrom(...params.map((p) => p.name)) : fc.constant('x');
  return fc.oneof(
    fc.tuple(name, hostileQueryValue).map(([n, v]) => `${encodeURIComponent(n)}=${v}`),
    fc
      .tuple(name, hostileQueryValue)
      .map(([n, v]) => `${encodeURIComponent(n)}=1&${encodeURIComponent(n)}=${v}`),
    fc.constant('__proto__[x]=1&constructor[prototype][y]=2'),
  );
}

function pathValues(
  op: Operation,
  one: (p: Parameter) => fc.Arbitrary<string>,
): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) model[p.name] = one(p);
  return fc.record(model);
}

export function validRequest(op: Operation, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const body = op.body
    ? validValue(op.body.schema, ctx).map((v) => JSON.stringify(v))
    : fc.constant(undefined);
  return fc
    .tuple(
      pathValues(op, (p) => validPathValue(p, ctx)),
      validQuery(op.queryParams, ctx),
      body,
    )
    .map(([path, query, b]) => ({
      url: urlOf(op, path, query),
      ...(b === undefined ? {} : { body: b }),
      kind: 'valid' as const,
    }));
}

/** One hostile part (path, query or body) in an otherwise valid request. */
export function hostileRequest(op: Operation, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const validPath = pathValues(op, (p) => validPathValue(p, ctx));
  const validBody = op.body
    ? validValue(op.body.schema, ctx).map((v) => JSON.stringify(v))
    : fc.constant(undefined);
  const parts: fc.Arbitrary<[Record<string, string>, string, string | undefined]>[] = [
    fc.tuple(validPath, hostileQuery(op.queryParams), validBody),
  ];
  if (op.pathParams.length) {
    parts.push(
      fc.tuple(
        pathValues(op, () => hostilePathValue),
        validQuery(op.queryParams, ctx),
        validBody,
      ),
    );
  }
  // a body where none is documented is hostile too: it must be ignored or refused, never crash
  parts.push(fc.tuple(validPath, validQuery(op.queryParams, ctx), hostileBody(op.body?.schema ?? {}, ctx)));
  return fc.oneof(...parts).map(([path, query, body]) => ({
    url: urlOf(op, path, query),
    ...(body === undefined ? {} : { body }),
    kind: 'hostile' as const,
  }));
}

/** The inputs that once reached a 500, sent into every field of every operation, one at a time. */
const KILLER_STRINGS = ['a\u0000b', 'x\ud800', '\udfff'];
const KILLER_QUERY_VALUES = ['%00', '%ED%A0%80', 'x'.repeat(5_000)];

/** A value with every optional part present, deterministic: the skeleton each field-by-field probe fills. */
export function fullValue(schema: JsonSchema, ctx: RequestContext): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const structured = union.find((s) => s.type === 'object' || s.type === 'array');
    return fullValue(structured ?? union[0]!, ctx);
  }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return ctx.uuids[0] ?? '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      if (schema.format === 'email') return 'learner@example.com';
      return 'text'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return [fullValue(schema.items ?? {}, ctx)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fullValue(s, ctx)]),
      );
    default:
      return { level: 'Beginner', note: 'text' };
  }
}

/** Every path to a string leaf of a JSON value. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  }
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withLeaf(v, rest, leaf) : v));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

/**
 * Deterministic probes of one operation: each killer string in each string field of the body (nested ones
 * included) and each query parameter, and nesting 10,000 deep in each top-level body field.
 */
export function killerRequests(op: Operation, ctx: RequestContext): FuzzRequest[] {
  const paths: Record<string, string> = {};
  for (const p of op.pathParams) {
    paths[p.name] = p.name === '*' ? (ctx.mediaNames[0] ?? 'x.svg') : String(fullValue(p.schema, ctx));
  }
  const requests: FuzzRequest[] = [];
  const full = op.body ? fullValue(op.body.schema, ctx) : undefined;
  const body = full === undefined ? {} : { body: JSON.stringify(full) };
  for (const p of op.queryParams) {
    for (const v of KILLER_QUERY_VALUES) {
      requests.push({
        url: urlOf(op, paths, `${encodeURIComponent(p.name)}=${v}`),
        ...body,
        kind: 'hostile',
      });
    }
  }
  if (full === undefined) return requests;
  for (const leaf of stringLeaves(full)) {
    for (const s of KILLER_STRINGS) {
      requests.push({
        url: urlOf(op, paths),
        body: JSON.stringify(withLeaf(full, leaf, s)),
        kind: 'hostile',
      });
    }
  }
  if (full && typeof full === 'object' && !Array.isArray(full)) {
    for (const key of Object.keys(full)) {
      requests.push({
        url: urlOf(op, paths),
        body: withRawField(full, key, deepArrayText(10_000)),
        kind: 'hostile',
      });
    }
  }
  return requests;
}
