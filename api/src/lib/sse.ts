// Server-sent events over a hijacked Fastify reply: `event:` names the type, `data:` holds the JSON.
import type { FastifyReply } from 'fastify';

export interface SseStream {
  /** sends `{ type, ...data }` as an event named `type` */
  send(type: string, data: Record<string, unknown>): void;
  /** the client went away (or close() was called) */
  readonly closed: boolean;
  /** aborted when the client goes away: cancels the work feeding the stream */
  readonly signal: AbortSignal;
  close(): void;
}

/** A keep-alive comment this often, so proxies keep an idle stream open. */
const KEEP_ALIVE_MS = 15_000;

export function openSse(reply: FastifyReply): SseStream {
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  // the security headers hooks set so far (CSP, nosniff…) go out with the stream
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  const abort = new AbortController();
  const keepAlive = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  const finish = () => {
    closed = true;
    clearInterval(keepAlive);
    abort.abort();
  };
  res.on('close', finish);
  return {
    send(type, data) {
      if (closed) return;
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    },
    get closed() {
      return closed;
    },
    signal: abort.signal,
    close() {
      if (closed) return;
      finish();
      res.end();
    },
  };
}
