// Every HTTP request: its duration by route pattern (never the URL, whose ids would make a series each) and
// status, and how many are being answered now. Both run on every request: a count and a few map lookups.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { RouteHistogram } from './route-histogram.ts';

/** Seconds: from a cached read (a few ms) to a slow AI-backed answer; streams last longer and land in +Inf. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** on a connection: its requests received and not yet answered */
const UNANSWERED = Symbol('mindpath.unanswered');
type CountedSocket = Socket & { [UNANSWERED]?: number };

export function observeHttp(app: FastifyInstance, registry: Registry) {
  const duration = new RouteHistogram(
    'mindpath_http_request_duration_seconds',
    'HTTP requests by route pattern and status: time from receipt to the last byte sent',
    BUCKETS,
    registry,
  );

  // In flight from onRequest until the answer, or until the connection closes first (the client went
  // away). Not an onRequestAbort hook: for one, Fastify adds a 'close' listener to every request, and under
  // load each request's objects then outlived the young-generation GC. One 'close' listener per connection
  // instead, which keep-alive spreads over all the requests it carries, and a count on the connection (a
  // set of its requests cost 0.06 µs a request more).
  let inFlight = 0;
  new Gauge({
    name: 'mindpath_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  function connectionClosed(this: CountedSocket) {
    inFlight -= this[UNANSWERED] ?? 0;
    this[UNANSWERED] = 0;
  }

  app.addHook('onRequest', (request, _reply, done) => {
    const socket: CountedSocket = request.raw.socket;
    if (socket[UNANSWERED] === undefined) {
      socket[UNANSWERED] = 0;
      socket.once('close', connectionClosed);
    }
    socket[UNANSWERED] += 1;
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // counted out once: here, or already by its connection closing first
    const socket: CountedSocket = request.raw.socket;
    if ((socket[UNANSWERED] ?? 0) > 0) {
      socket[UNANSWERED] = (socket[UNANSWERED] ?? 0) - 1;
      inFlight -= 1;
    }
    duration.observe(
      request.method,
      // unmatched: the 404 handler and the shell's deep links, which have no route of their own
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
