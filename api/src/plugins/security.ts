// Security headers (a strict CSP) and the rate-limit machinery; routes opt in with `authRateLimit`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error.ts';
import { type ShellCspHashes, shellCspHashes } from '../lib/shell-csp-hashes.ts';

/**
 * The CSP of the whole origin. Scripts: same origin plus the shell's hashed inline theme script, and
 * WebAssembly compilation ('wasm-unsafe-eval', not eval) for the code runner's runtimes, which run in same-origin
 * module Workers (worker-src; a Worker's script gets this policy too). Styles:
 * `<style>` elements same origin plus the shell's hashed boot style; style attributes are allowed because
 * React renders them (a hash in style-src would disable 'unsafe-inline' for attributes too, hence -elem/-attr).
 */
export function cspDirectives(hashes: ShellCspHashes) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...hashes.scriptSrc],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    styleSrcElem: ["'self'", ...hashes.styleSrc],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** The headers helmet's middleware sets for these options, as name and value. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The security headers of the shell's current build, worked out once per build rather than by helmet's
 * middleware on every answer: @fastify/helmet built that middleware anew for each request, parsing and
 * validating every directive and joining the CSP again, which cost GET /api/health about a tenth of its
 * CPU, and the joined strings outlived the young generation (some 1.2 KB promoted a request).
 */
function securityHeaders(hashes: () => ShellCspHashes) {
  let built: { from: ShellCspHashes; headers: [string, string][] } | undefined;
  return () => {
    const current = hashes();
    if (built?.from !== current) {
      built = {
        from: current,
        headers: helmetHeaders({
          // No helmet defaults: they add upgrade-insecure-requests, which breaks http://127.0.0.1 deployments.
          contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(current) },
          // Plain-http local serving is the default product; HSTS would pin browsers to https on localhost.
          strictTransportSecurity: false,
        }),
      };
    }
    return built.headers;
  };
}

async function securityPlugin(
  app: FastifyInstance,
  options: { shellDist: string; rateLimitStore: Pick<RateLimitPluginOptions, 'store' | 'redis'> },
) {
  const headers = securityHeaders(shellCspHashes(options.shellDist));
  // on every answer, a route's own (an SVG's or the checkout's CSP) set later replacing it
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers()) reply.header(name, value);
    done();
  });
  await app.register(rateLimit, {
    ...options.rateLimitStore,
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests, please try again in ${context.after}`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}

export default fp(securityPlugin, { name: 'security' });

/** Route config of every /api/auth/* route: AUTH_RATE_LIMIT requests per minute per client IP and route. */
export function authRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.authRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.routeOptions.url}`,
    },
  };
}
