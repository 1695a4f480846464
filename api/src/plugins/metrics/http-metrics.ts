// Every HTTP request: its duration by route pattern (never the URL, whose ids would make a series each) and
// status, and how many are being answered now.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: from a cached read (a few ms) to a slow AI-backed answer; streams last longer and land in +Inf. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function observeHttp(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'mindpath_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status: time from receipt to the last byte sent',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  // In flight from onRequest until the answer, or until the connection closes first (the client went
  // away). Not an onRequestAbort hook: for one, Fastify adds a 'close' listener to every request, and under
  // load each request's objects then outlived the young-generation GC (GET /api/health: some 6 KB a request
  // promoted, scavenges five times longer). One 'close' listener per connection instead, which keep-alive
  // spreads over all the requests it carries.
  let inFlight = 0;
  const unanswered = new WeakMap<Socket, Set<FastifyRequest>>();
  new Gauge({
    name: 'mindpath_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const requestsOf = (socket: Socket) => {
    let requests = unanswered.get(socket);
    if (!requests) {
      const open = new Set<FastifyRequest>();
      socket.once('close', () => {
        inFlight -= open.size;
        open.clear();
      });
      unanswered.set(socket, open);
      requests = open;
    }
    return requests;
  };

  app.addHook('onRequest', (request, _reply, done) => {
    requestsOf(request.raw.socket).add(request);
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // counted out once: here, or already by its connection closing first
    if (unanswered.get(request.raw.socket)?.delete(request)) inFlight -= 1;
    duration.observe(
      {
        method: request.method,
        // unmatched: the 404 handler and the shell's deep links, which have no route of their own
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
