// Security headers (a strict CSP) and the rate-limit machinery; routes opt in with `authRateLimit`.
import helmet from '@fastify/helmet';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { type ShellCspHashes, shellCspHashes } from '../lib/shell-csp-hashes.ts';

/**
 * The CSP of the whole origin. Scripts: same origin plus the shell's hashed inline theme script, and
 * WebAssembly compilation ('wasm-unsafe-eval', not eval) for the code runner's runtimes, which run in same-origin
 * module Workers (worker-src; a Worker's script gets this policy too). Styles:
 * `<style>` elements same origin plus the shell's hashed boot style; style attributes are allowed because
 * React renders them (a hash in style-src would disable 'unsafe-inline' for attributes too, hence -elem/-attr).
 */
export function cspDirectives(hashes: () => ShellCspHashes) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", () => hashes().scriptSrc.join(' ')],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    styleSrcElem: ["'self'", () => hashes().styleSrc.join(' ')],
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

async function securityPlugin(
  app: FastifyInstance,
  options: { shellDist: string; rateLimitStore: Pick<RateLimitPluginOptions, 'store' | 'redis'> },
) {
  await app.register(helmet, {
    // No helmet defaults: they add upgrade-insecure-requests, which breaks http://127.0.0.1 deployments.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(shellCspHashes(options.shellDist)),
    },
    // Plain-http local serving is the default product; HSTS would pin browsers to https on localhost.
    strictTransportSecurity: false,
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
