// The request id: a caller's `x-request-id` when it is sane, else a new uuid. Fastify puts it on every log
// line of the request (reqId); it goes back as the `x-request-id` header and in every error body
// (`requestId`), so a learner's or an operator's report leads to the server's log lines.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy or a client sends (uuids, hex, trace ids); nothing that could forge a log line or a header. */
const SANE = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Fastify's genReqId: it reads the header itself so that an insane one is replaced, not trusted. */
export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}

/** A JSON error body (the house shape: message and code) without the id yet. */
const lacksId = (payload: string) =>
  payload.startsWith('{') && payload.includes('"code"') && !payload.includes('"requestId"');

async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // The error handler writes requestId itself; this adds it to the error bodies sent by other ways (the 404
  // handler, the auth check's 401). Registered after the auth plugin, so its hook has run by then.
  app.addHook('onSend', (request, reply, payload, done) => {
    // an answer that failed before the onRequest hooks ran (a bad URL) still carries it
    if (!reply.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, request.id);
    if (reply.statusCode < 400 || typeof payload !== 'string' || !lacksId(payload))
      return done(null, payload);
    try {
      const body: unknown = JSON.parse(payload);
      if (body && typeof body === 'object' && !Array.isArray(body) && 'message' in body) {
        return done(null, JSON.stringify({ ...body, requestId: request.id }));
      }
    } catch {
      // not JSON after all: sent as it is
    }
    done(null, payload);
  });
}

export default fp(requestIdPlugin, { name: 'request-id', dependencies: ['auth'] });
