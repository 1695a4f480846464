// Every HTTP request: its duration by route pattern (never the URL, whose ids would make a series each) and
// status, and how many are being answered now.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** counted in mindpath_http_requests_in_flight */
    inFlight: boolean;
  }
}

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
  const inFlight = new Gauge({
    name: 'mindpath_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });

  // counted once in flight, and out of it once: by the answer or by the client going away first
  app.decorateRequest('inFlight', false);
  const leave = (request: FastifyRequest) => {
    if (!request.inFlight) return;
    request.inFlight = false;
    inFlight.dec();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    request.inFlight = true;
    inFlight.inc();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    leave(request);
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
