// The `openai` provider: any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure, Ollama, vLLM,
// llama.cpp server, OpenRouter…) over global fetch. Its parts: one request with its deadline and retries
// (openai-request.ts), the structured-output fallbacks and re-ask (openai-structured.ts), streaming
// (openai-stream.ts); this file picks the model and the budget of each call and puts them together.
import type { ChatMessage } from '@mindpath/contracts/ai';
import type { z } from 'zod';
import { AI_TIMEOUTS, type AiTask } from './constants.ts';
import { type Call, createRequester, finishCall, type RequestOptions, startCall } from './openai-request.ts';
import { streamCompletion } from './openai-stream.ts';
import { createStructuredOutput, type StructuredMode } from './openai-structured.ts';
import type {
  AiProvider,
  CallOptions,
  GenerateObjectRequest,
  ModelTier,
  StreamTextRequest,
} from './types.ts';

export type { RetryEvent } from './openai-request.ts';
export { sseData } from './openai-stream.ts';

export interface OpenAiProviderOptions extends RequestOptions {
  model: string;
  /** Pro learners' model; falls back to `model` */
  modelPro?: string | undefined;
  /** per-task budgets in ms (default AI_TIMEOUTS) */
  timeouts?: Partial<Record<AiTask, number>>;
  /** the first structured-output mode to try (default json_schema) */
  structuredMode?: StructuredMode;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider & {
  /** the structured-output mode the provider has settled on */
  readonly structuredMode: StructuredMode;
} {
  const requester = createRequester(options);
  const structured = createStructuredOutput(requester, options.structuredMode ?? 'json_schema');
  const timeouts = { ...AI_TIMEOUTS, ...options.timeouts };

  const modelFor = (tier: ModelTier | undefined) =>
    tier === 'pro' && options.modelPro ? options.modelPro : options.model;

  function start(opts: CallOptions, task: AiTask, promptId?: string, promptVersion?: number): Call {
    return startCall(task, opts.timeoutMs ?? timeouts[task], opts.signal, {
      source: 'model',
      provider: 'openai',
      model: modelFor(opts.tier),
      promptId,
      promptVersion,
      requests: 0,
      reasked: false,
      repaired: false,
      mode: structured.mode,
      durationMs: 0,
      usage: undefined,
    });
  }

  const baseBody = (call: Call, messages: ChatMessage[], tier: ModelTier | undefined) => ({
    model: modelFor(tier),
    messages,
    ...structured.maxTokens(call.task),
  });

  return {
    name: 'openai',
    source: 'model',
    get structuredMode() {
      return structured.mode;
    },

    async generateObject<S extends z.ZodType>(request: GenerateObjectRequest<S>) {
      const task = request.task ?? request.prompt.task;
      const call = start(request, task, request.prompt.id, request.prompt.version);
      try {
        const object = await structured.generate(call, {
          schema: request.schema as z.ZodType<z.output<S>>,
          schemaName: request.schemaName,
          messages: request.prompt.messages,
          body: (messages) => baseBody(call, messages, request.tier),
        });
        return { object, meta: finishCall(call) };
      } catch (e) {
        throw requester.toAiError(call, e);
      }
    },

    streamText(request: StreamTextRequest): AsyncIterable<string> {
      const task = request.task ?? request.prompt.task;
      return {
        [Symbol.asyncIterator]: () =>
          streamCompletion(
            requester,
            () => start(request, task, request.prompt.id, request.prompt.version),
            (call) => baseBody(call, request.prompt.messages, request.tier),
          ),
      };
    },

    async chat(messages, opts = {}) {
      const task = opts.task ?? 'chat';
      const call = start(opts, task, opts.promptId ?? 'chat', opts.promptVersion);
      try {
        const answer = await structured.complete(call, () => baseBody(call, messages, opts.tier), false);
        return { content: answer.content.trim(), meta: finishCall(call) };
      } catch (e) {
        throw requester.toAiError(call, e);
      }
    },
  };
}
