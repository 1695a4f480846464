// Streaming text from the `openai` provider: opening the stream retries like any request, and a stream that
// ends without any text is retried too; one that breaks off midway is a network error, since what was
// already yielded cannot be taken back.
import { readSse } from '@mindpath/sdk/sse';
import { AiError } from './errors.ts';
import type { Call, Requester } from './openai-request.ts';

/** The `data:` payloads of a server-sent event stream, one per event (the SDK's reader, eventsource-parser). */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const { data } of readSse(body)) yield data;
}

/**
 * The text deltas of a streamed completion. The call starts (and its deadline runs) when the first delta is
 * asked for; `body` builds each attempt's request, `stream: true` added.
 */
export async function* streamCompletion(
  requester: Requester,
  start: () => Call,
  body: (call: Call) => Record<string, unknown>,
): AsyncGenerator<string> {
  const call = start();
  const { task } = call;
  try {
    for (let retry = 0; ; retry++) {
      // opening the stream retries like any request; the body is read here, not in exchange()
      const res = await requester.exchange(call, { ...body(call), stream: true }, async (r) => r);
      if (!res.body) throw new AiError('unavailable', 'the provider sent no stream body', { task });
      let yielded = false;
      try {
        for await (const data of sseData(res.body)) {
          if (data === '[DONE]') break;
          let event: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
          try {
            event = JSON.parse(data) as typeof event;
          } catch {
            continue; // a keep-alive or a non-JSON comment line
          }
          if (event.error) {
            throw new AiError('unavailable', `stream error: ${event.error.message ?? 'unknown'}`, { task });
          }
          const delta = event.choices?.[0]?.delta?.content;
          if (delta) {
            yielded = true;
            yield delta;
          }
        }
      } catch (e) {
        const err = requester.toAiError(call, e);
        if (err.reason === 'network') {
          throw new AiError('network', `the stream broke off: ${err.message}`, { task, cause: e });
        }
        throw err;
      }
      if (yielded) return;
      const empty = new AiError('empty_answer', 'the provider streamed an empty answer', { task });
      if (retry >= requester.policy.maxRetries) throw empty;
      await requester.waitBeforeRetry(call, retry, empty);
    }
  } catch (e) {
    throw requester.toAiError(call, e);
  }
}
