// The API's operations as the OpenAPI document at /api/docs/json describes them, for the suites that drive
// every operation (fuzz, access matrix): a route added later is in the document, so it is covered unedited.
import type { FastifyInstance } from 'fastify';
import { createOfflineProvider } from '../../src/ai/offline/provider.ts';
import { createAi } from '../../src/ai/service.ts';
import { createTestApp, type TestApp } from './app.ts';

/** A JSON schema as @fastify/swagger writes it (OpenAPI 3.0: `nullable` instead of type arrays). */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** the OpenAPI path, e.g. /api/goals/{id} */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** the JSON body's schema, when the operation takes one */
  body?: { schema: JsonSchema; required: boolean };
  /** documented JSON response schemas by status code */
  responses: Record<string, JsonSchema | undefined>;
  /** whether a bearer token is required, optional (media: a token or a signed URL) or not asked for */
  auth: 'required' | 'optional' | 'none';
  /** method and path, as a test names it */
  name: string;
}

interface OpenApiOperation {
  parameters?: (Parameter & { schema: JsonSchema })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

function authOf(security: unknown[] | undefined): Operation['auth'] {
  if (!security?.length) return 'none';
  // an empty requirement among the alternatives means the operation also answers without a token
  return security.some((r) => r && typeof r === 'object' && Object.keys(r).length === 0)
    ? 'optional'
    : 'required';
}

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  const doc = res.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        responses[status] = r.content?.['application/json']?.schema;
      }
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        method: upper,
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(bodySchema ? { body: { schema: bodySchema, required: op.requestBody?.required === true } } : {}),
        responses,
        auth: authOf(op.security),
        name: `${upper} ${path}`,
      });
    }
  }
  return operations;
}

/** The URL of an operation with its path parameters filled in (encoded, except a wildcard's slashes). */
export function urlOf(op: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathValues[name] ?? '';
    return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  return query ? `${path}?${query}` : path;
}

/** Methods that change nothing, run before the others so a deletion does not hide what reads would show. */
export function byMethodOrder(a: Operation, b: Operation): number {
  const rank = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 } as const;
  return rank[a.method] - rank[b.method];
}

/**
 * An OpenAPI 3.0 schema as plain JSON Schema, for a standard validator: `nullable` becomes a union with null
 * (which also admits null beside an enum, as 3.0 means), boolean exclusive bounds become numeric ones.
 */
export function toJsonSchema(schema: JsonSchema): Record<string, unknown> {
  const { nullable, properties, items, additionalProperties, anyOf, oneOf, allOf, ...rest } = schema;
  const out: Record<string, unknown> = { ...rest };
  if (properties) {
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, toJsonSchema(s)]));
  }
  if (items) out.items = toJsonSchema(items);
  if (additionalProperties !== undefined) {
    out.additionalProperties =
      typeof additionalProperties === 'boolean' ? additionalProperties : toJsonSchema(additionalProperties);
  }
  if (anyOf) out.anyOf = anyOf.map(toJsonSchema);
  if (oneOf) out.oneOf = oneOf.map(toJsonSchema);
  if (allOf) out.allOf = allOf.map(toJsonSchema);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    delete out[exclusive];
    if (schema[exclusive]) {
      out[exclusive] = schema[bound];
      delete out[bound];
    }
  }
  return nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

/**
 * The app for the suites that call every operation, and its operations in method order. Lessons and chat
 * stream without the offline generator's reading-pace pauses, and auth calls are not rate limited: these
 * suites are about inputs and access, not pacing.
 */
export async function appWithOperations(): Promise<{ t: TestApp; operations: Operation[] }> {
  const t = await createTestApp(
    { AUTH_RATE_LIMIT: '100000' },
    { ai: createAi(createOfflineProvider({ streamDelayMs: 0 })) },
  );
  return { t, operations: (await loadOperations(t.app)).sort(byMethodOrder) };
}
