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

/** The open streams of each HTTP server, ended when it closes. */
const openStreams = new WeakMap<object, Set<SseStream>>();

/** Ends a server's open streams: a hijacked reply would otherwise hold its close() up until it ends. */
export function closeSseStreams(server: object): void {
  for (const stream of openStreams.get(server) ?? []) stream.close();
}

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
  const streams = openStreams.get(reply.server.server) ?? new Set<SseStream>();
  openStreams.set(reply.server.server, streams);
  const finish = () => {
    closed = true;
    clearInterval(keepAlive);
    abort.abort();
    streams.delete(stream);
  };
  res.on('close', finish);
  const stream: SseStream = {
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
  streams.add(stream);
  return stream;
}
