import { describe, expect, it } from 'vitest';
import { readSse } from './sse.ts';

/** A body that arrives in the given chunks, as a network would cut it. */
function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const message of readSse(body)) out.push(message);
  return out;
}

describe('readSse', () => {
  it('reads named events split across chunks, skipping keep-alive comments', async () => {
    const body = bodyOf([
      'event: delta\ndata: {"te',
      'xt":"Hel"}\n\n: keep-alive\n\nevent: delta\r\ndata: {"text":"lo"}\r\n\r\n',
      'event: done\ndata: {"response":"Hello"}\n\n',
    ]);
    expect(await collect(body)).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'done', data: '{"response":"Hello"}' },
    ]);
  });

  it('joins multi-line data, defaults the event name and keeps a last event without a blank line', async () => {
    const body = bodyOf(['data: one\ndata: two\n\n', 'event: end\ndata: x']);
    expect(await collect(body)).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'end', data: 'x' },
    ]);
  });

  it('reads CRLF line ends that the network cuts in two, wherever the cut falls', async () => {
    const stream = 'event: delta\r\ndata: {"text":"Hel"}\r\n\r\nevent: done\r\ndata: a\r\ndata: b\r\n\r\n';
    const expected = [
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'done', data: 'a\nb' },
    ];
    for (let cut = 1; cut < stream.length; cut++) {
      expect(await collect(bodyOf([stream.slice(0, cut), stream.slice(cut)])), `cut at ${cut}`).toEqual(
        expected,
      );
    }
    expect(await collect(bodyOf([...stream]))).toEqual(expected);
  });

  it('reads bare CR line ends', async () => {
    expect(await collect(bodyOf(['event: end\rdata: x\r', '\r']))).toEqual([{ event: 'end', data: 'x' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: tick\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const message of readSse(body)) {
      expect(message.data).toBe('tick');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
