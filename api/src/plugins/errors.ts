// The one error handler: every failure answers { message, code, details?, requestId }.
import type { ApiError } from '@mindpath/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAiError } from '../ai/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { PlanLimitError } from '../modules/limits/service.ts';

interface FieldIssue {
  field: string;
  message: string;
}

function valueAt(root: unknown, path: string[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * Turns zod issues into a message naming the field. A missing field says "<field> is required" (or the
 * route's own wording, e.g. login's 'Email and password are required'); otherwise the schema's message,
 * which for contract schemas is the spec's text ('Please fix the password issues below').
 */
function validationBody(
  request: FastifyRequest,
  validation: { instancePath: string; message?: string }[],
  context: string | undefined,
): ApiError {
  const source =
    context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
  const issues: FieldIssue[] = validation.map((v) => {
    const path = v.instancePath.split('/').filter(Boolean);
    const field = path.join('.');
    const missing = valueAt(source, path) === undefined;
    const message = missing
      ? (request.routeOptions.config.requiredMessage ??
        (field ? `${field} is required` : 'Request body is required'))
      : (v.message ?? 'Invalid value');
    return { field, message };
  });
  const first = issues[0] ?? { field: '', message: 'Invalid request' };
  const message =
    first.field && !first.message.includes(first.field) && !request.routeOptions.config.requiredMessage
      ? `${first.field}: ${first.message}`
      : first.message;
  return { message, code: 'VALIDATION_ERROR', details: issues };
}

/** Errors Fastify itself raises before a handler runs, by code. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_JSON', message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_JSON', message: 'Empty JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
};

function toResponse(error: FastifyError, request: FastifyRequest): { status: number; body: ApiError } {
  // a plan limit: the spec's rate-limit info, which is also an ApiError ({message, code})
  if (error instanceof PlanLimitError) return { status: 429, body: { ...error.info, code: 'PLAN_LIMIT' } };
  // an AI call that failed after its retries: the provider's fault, told in words a learner can read
  if (isAiError(error)) {
    const status = error.reason === 'timeout' ? 504 : 502;
    return { status, body: { message: error.userMessage, code: `AI_${error.reason.toUpperCase()}` } };
  }
  if (error instanceof AppError) {
    const body: ApiError = { message: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: validationBody(request, error.validation, error.validationContext) };
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  // JSON.parse failures surface as a SyntaxError with status 400 from the content-type parser.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { message: 'Malformed JSON body', code: 'BAD_JSON' } };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return { status, body: { message: error.message || 'Too many requests', code: 'RATE_LIMITED' } };
  }
  if (status >= 400 && status < 500) {
    return { status, body: { message: error.message, code: error.code ?? 'BAD_REQUEST' } };
  }
  return { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } };
}

/** How much of a refused body is still read (and dropped) before answering, and for how long at most. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Reads and drops what is left of a request body that was refused part way (too large). Fastify answers such
 * a request with `Connection: close`; closing a socket with unread data resets it, and a client still writing
 * then sees a broken pipe instead of the JSON error. Bounded, so the server is no sink for endless uploads.
 */
function drainRequestBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let drained = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    raw.on('data', onData).once('end', finish).once('close', finish).once('error', finish);
    raw.resume();
  });
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') await drainRequestBody(request);
    const { status, body } = toResponse(error, request);
    body.requestId = request.id;
    // 5xx hide internals from the client; the log keeps them.
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error }, 'request rejected');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
