// Structured output over servers that support it to different degrees: JSON schema (response_format
// json_schema, from the zod schema) first; when the server answers 400/422 about response_format, JSON mode,
// then the prompt alone, and the mode is remembered. A refused max_tokens is dropped the same way. Whatever
// comes back is extracted (fences, prose), repaired (truncation) and validated with zod; a failed validation
// is re-asked once with the error.
import type { ChatMessage } from '@mindpath/contracts/ai';
import { z } from 'zod';
import { type AiTask, MAX_TOKENS, REASK_ECHO_CHARS } from './constants.ts';
import { AiError } from './errors.ts';
import { extractJson, JsonExtractError } from './json.ts';
import type { Call, Completion, Requester } from './openai-request.ts';

export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

/** The JSON schema sent for a zod schema: draft-7, output side, without keywords strict servers refuse. */
export function jsonSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const cached = schemaCache.get(schema);
  if (cached) return cached;
  const raw = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$schema' || k === 'format') continue;
      out[k] = strip(v);
    }
    return out;
  };
  const clean = strip(raw) as Record<string, unknown>;
  schemaCache.set(schema, clean);
  return clean;
}

const RESPONSE_FORMAT_RE = /response_format|json_schema|json_object|structured output|\bschema\b|\bformat\b/i;
const MAX_TOKENS_RE = /max_tokens/i;

type Checked<T> = { ok: true; value: T; repaired: boolean } | { ok: false; error: string };

function check<T>(schema: z.ZodType<T>, content: string, finishReason: string | undefined): Checked<T> {
  let extracted: { value: unknown; repaired: boolean };
  try {
    extracted = extractJson(content);
  } catch (e) {
    if (e instanceof JsonExtractError)
      return { ok: false, error: `Your answer was not valid JSON (${e.message}).` };
    throw e;
  }
  const parsed = schema.safeParse(extracted.value);
  if (parsed.success) return { ok: true, value: parsed.data, repaired: extracted.repaired };
  const cut = finishReason === 'length' ? ' Your answer was cut off: keep it shorter.' : '';
  return { ok: false, error: `${z.prettifyError(parsed.error).slice(0, 2_000)}${cut}` };
}

export interface StructuredRequest<T> {
  schema: z.ZodType<T>;
  /** the json_schema's name */
  schemaName: string;
  messages: ChatMessage[];
  /** the request body for these messages, without response_format */
  body: (messages: ChatMessage[]) => Record<string, unknown>;
}

export interface StructuredOutput {
  /** the structured-output mode the server has settled on */
  readonly mode: StructuredMode;
  /** max_tokens for a task's request, unless the server refused it */
  maxTokens(task: AiTask): { max_tokens?: number };
  /** A completion with the request adjusted to what the server accepts (structured mode, max_tokens). */
  complete(
    call: Call,
    build: () => Record<string, unknown>,
    usesResponseFormat: boolean,
  ): Promise<Completion>;
  /** An answer that validates against the schema, re-asked once; sets the call's meta (mode, repaired, reasked). */
  generate<T>(call: Call, request: StructuredRequest<T>): Promise<T>;
}

export function createStructuredOutput(requester: Requester, firstMode: StructuredMode): StructuredOutput {
  let mode = firstMode;
  let sendMaxTokens = true;

  async function complete(
    call: Call,
    build: () => Record<string, unknown>,
    usesResponseFormat: boolean,
  ): Promise<Completion> {
    for (;;) {
      try {
        return await requester.complete(call, build());
      } catch (e) {
        if (!(e instanceof AiError) || e.reason !== 'bad_request' || (e.status !== 400 && e.status !== 422))
          throw e;
        // what the server said, without our own words (the endpoint URL could match anything)
        const said = e.message.split(requester.endpoint).pop() ?? '';
        if (sendMaxTokens && MAX_TOKENS_RE.test(said)) {
          sendMaxTokens = false;
          continue;
        }
        if (usesResponseFormat && mode !== 'prompt' && RESPONSE_FORMAT_RE.test(said)) {
          mode = mode === 'json_schema' ? 'json_object' : 'prompt';
          call.meta.mode = mode;
          continue;
        }
        throw e;
      }
    }
  }

  function structuredMessages(messages: ChatMessage[], schema: Record<string, unknown>): ChatMessage[] {
    if (mode === 'json_schema') return messages;
    const instruction = `Answer with one JSON object only, no prose and no code fences. It must validate against this JSON Schema:\n${JSON.stringify(schema)}`;
    const [first, ...rest] = messages;
    if (first?.role === 'system')
      return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
    return [{ role: 'system', content: instruction }, ...messages];
  }

  function responseFormat(schemaName: string, schema: Record<string, unknown>) {
    if (mode === 'json_schema') {
      return { type: 'json_schema', json_schema: { name: schemaName.slice(0, 64), schema, strict: true } };
    }
    if (mode === 'json_object') return { type: 'json_object' };
    return undefined;
  }

  async function generate<T>(call: Call, request: StructuredRequest<T>): Promise<T> {
    const schema = jsonSchemaFor(request.schema);
    let messages = request.messages;
    for (let round = 0; ; round++) {
      const sent = messages;
      const answer = await complete(
        call,
        () => {
          const rf = responseFormat(request.schemaName, schema);
          return {
            ...request.body(structuredMessages(sent, schema)),
            ...(rf ? { response_format: rf } : {}),
          };
        },
        true,
      );
      const checked = check(request.schema, answer.content, answer.finishReason);
      if (checked.ok) {
        call.meta.repaired = checked.repaired;
        call.meta.mode = mode;
        return checked.value;
      }
      if (round >= 1) {
        throw new AiError('invalid_output', `the answer failed validation after a re-ask: ${checked.error}`, {
          task: call.task,
          attempts: call.meta.requests,
        });
      }
      call.meta.reasked = true;
      messages = [
        ...messages,
        { role: 'assistant', content: answer.content.slice(0, REASK_ECHO_CHARS) },
        {
          role: 'user',
          content: `Your previous answer could not be used:\n${checked.error}\n\nAnswer again with the complete, corrected JSON object only.`,
        },
      ];
    }
  }

  return {
    get mode() {
      return mode;
    },
    maxTokens: (task) => (sendMaxTokens && task !== 'embeddings' ? { max_tokens: MAX_TOKENS[task] } : {}),
    complete,
    generate,
  };
}
