// Server-sent events read from a fetch body (EventSource cannot send a bearer header or a POST body), parsed
// by eventsource-parser: line ends of any kind (\n, \r, \r\n), also when a network chunk cuts one in two.
import { createParser } from 'eventsource-parser';

export interface SseMessage {
  /** the `event:` name ('message' when the server named none) */
  event: string;
  /** the `data:` lines joined by newlines */
  data: string;
}

/** Yields each event of a text/event-stream body as it arrives; stopping early cancels the body. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const arrived: SseMessage[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => {
      arrived.push({ event: event ?? 'message', data });
    },
  });
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // a last event the server ended without its blank line still counts: the blank line is added
      parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
      yield* arrived.splice(0);
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
