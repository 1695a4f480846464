import multipart from '@fastify/multipart';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import {
  GoalSourcesSchema,
  PassageSearchSchema,
  PassageViewSchema,
  PastedSourceBodySchema,
  SourceSchema,
  SourceStorageSchema,
  UrlSourceBodySchema,
} from '@mindpath/contracts/sources';
import { SOURCE_LIMITS, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sourceIngestHandler } from './job.ts';
import { embeddingsTableReady } from './passage-embeddings.ts';
import {
  addFileSource,
  addPastedSource,
  addUrlSource,
  GOAL_NOT_FOUND,
  getPassage,
  getSource,
  isOwnGoal,
  isOwnSource,
  listSources,
  removeSource,
  replaceSource,
  SEARCH_LIMIT,
  SOURCE_INGEST_JOB,
  SOURCE_NOT_FOUND,
  searchGoal,
  sourceError,
  sourceLimits,
  type UploadedFile,
} from './service.ts';
import { sourceStorage } from './storage.ts';
import { sourceFilesSweepTask } from './sweep.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const duplicate = { 409: ApiErrorSchema };
const tooLarge = { 413: ApiErrorSchema };
const notMultipart = { 415: ApiErrorSchema };
const tooMany = { 429: PlanLimitErrorSchema };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SearchQuery = z.object({
  q: z.string().trim().min(1, 'Enter words to search for.').max(500),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT.max).optional(),
});

/** A pasted text may be as long as the largest plan's source, written as JSON. */
const PASTE_BODY_LIMIT = SOURCE_LIMITS.pro.maxBytes + 1024 * 1024;

const UPLOAD =
  'multipart/form-data with one file field named `file` (a PDF, Markdown, text or saved HTML page; the bytes decide, not the name). ';

/**
 * The upload's one file, read whole up to the plan's bytes: a larger one answers 413 too_large as soon as it
 * passes the limit (the rest is not kept).
 */
async function readUpload(app: FastifyInstance, request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, 'file_required', SOURCE_MESSAGES.file_required);
  const { maxBytes } = await sourceLimits(app.db, request.userId, app.now());
  const part = await request
    .file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } })
    .catch((err: unknown) => {
      throw uploadError(err);
    });
  if (part?.fieldname !== 'file') throw sourceError(400, 'file_required');
  const bytes = await part.toBuffer().catch((err: unknown) => {
    throw uploadError(err);
  });
  if (part.file.truncated) throw sourceError(413, 'too_large');
  return { bytes, fileName: part.filename || null, contentType: part.mimetype || null };
}

function uploadError(err: unknown) {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return sourceError(413, 'too_large');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, 'too_many_parts', 'Send one file at a time.');
  return new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Try again.');
}

const sourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(SOURCE_INGEST_JOB, sourceIngestHandler(app));
  app.jobs.periodic.add(sourceFilesSweepTask(app.db, app.media, app.now));
  // with AI_EMBEDDING_MODEL set: the embeddings' table is made now if pgvector appeared since the migrations
  // ran, or the operator is told once that search stays full text
  if (app.config.embeddings) {
    app.addHook('onReady', async () => {
      if (!(await embeddingsTableReady(app.db)))
        app.log.warn('pgvector is not installed on this PostgreSQL: searches use full text only');
    });
  }
  const common = { onRequest: app.authenticate };
  // another learner's goal or source is a 404 before the body is looked at: a bad body tells nothing of it
  const ownedBy = (owns: (userId: string, id: string) => Promise<boolean>, message: string) => ({
    preValidation: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: unknown };
      if (typeof id === 'string' && UUID.test(id) && !(await owns(request.userId, id)))
        throw notFound(message);
    },
  });
  const ownGoal = ownedBy((userId, id) => isOwnGoal(app.db, userId, id), GOAL_NOT_FOUND);
  const ownSource = ownedBy((userId, id) => isOwnSource(app.db, userId, id), SOURCE_NOT_FOUND);
  const doc = (summary: string, description?: string) => ({
    tags: ['sources'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/goals/:id/sources',
    {
      ...common,
      schema: {
        ...doc(
          "A goal's sources (the learner's own material) with the plan's limits",
          'Each with its processing state: processing (progress 0–100), ready (its passages are searchable) or failed (error: code and the learner’s words).',
        ),
        params: IdParams,
        response: { 200: GoalSourcesSchema, ...errors },
      },
    },
    (request) => listSources(app, request.userId, request.params.id),
  );

  app.get(
    '/sources/storage',
    {
      ...common,
      schema: {
        ...doc(
          "What the learner's material takes, for Settings",
          'The UTF-8 bytes of every source’s extracted text (what counts toward storage) and of the files as added, in all and by goal.',
        ),
        response: { 200: SourceStorageSchema, 401: ApiErrorSchema },
      },
    },
    (request) => sourceStorage(app.db, request.userId),
  );

  app.get(
    '/goals/:id/sources/search',
    {
      ...common,
      schema: {
        ...doc(
          "Search a goal's passages",
          'PostgreSQL full-text search (websearch syntax: "a phrase", -excluded, or): passages with all the words first, then those with some, by cover density; snippet marks the matches between «…» and is shown as text. With an embeddings model configured (and pgvector), the nearest passages by meaning too, both lists fused by reciprocal rank; a passage found by meaning alone has its opening as snippet.',
        ),
        params: IdParams,
        querystring: SearchQuery,
        response: { 200: PassageSearchSchema, ...errors },
      },
    },
    (request) => searchGoal(app, request.userId, request.params.id, request.query.q, request.query.limit),
  );

  // the multipart parser is this scope's alone: other routes keep refusing what is not JSON
  const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: SOURCE_LIMITS.pro.maxBytes, files: 1 } });

    uploads.post(
      '/goals/:id/sources',
      {
        ...common,
        ...ownGoal,
        schema: {
          ...doc(
            'Add a file to a goal as a source (202: read by a job)',
            `${UPLOAD}Refused: 413 too_large (over the plan's bytes), 429 too many sources for the plan, 409 duplicate (the same file on this goal).`,
          ),
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 202: SourceSchema, ...errors, ...duplicate, ...tooLarge, ...notMultipart, ...tooMany },
        },
      },
      async (request, reply) => {
        const file = await readUpload(app, request);
        return reply.status(202).send(await addFileSource(app, request.userId, request.params.id, file));
      },
    );

    uploads.put(
      '/sources/:id',
      {
        ...common,
        ...ownSource,
        schema: {
          ...doc(
            'Replace a source with a new file (202: read by a job)',
            `${UPLOAD}Same id; the old passages stay searchable until the new ones are written, and a replacement that fails keeps them (the source stays ready, error says why). 409 still_processing while it is read.`,
          ),
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 202: SourceSchema, ...errors, ...duplicate, ...tooLarge, ...notMultipart },
        },
      },
      async (request, reply) => {
        const file = await readUpload(app, request);
        return reply.status(202).send(await replaceSource(app, request.userId, request.params.id, file));
      },
    );
  };
  await app.register(uploadRoutes);

  app.post(
    '/goals/:id/sources/text',
    {
      ...common,
      ...ownGoal,
      bodyLimit: PASTE_BODY_LIMIT,
      schema: {
        ...doc(
          'Add pasted text to a goal as a source (202: read by a job)',
          'Markdown when it has headings.',
        ),
        params: IdParams,
        body: PastedSourceBodySchema,
        response: { 202: SourceSchema, ...errors, ...duplicate, ...tooLarge, ...tooMany },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await addPastedSource(app, request.userId, request.params.id, request.body)),
  );

  app.post(
    '/goals/:id/sources/url',
    {
      ...common,
      ...ownGoal,
      schema: {
        ...doc(
          'Add a web page or PDF by its address (202: fetched and read by a job)',
          'Private, loopback and link-local addresses are refused, also after redirects; a page that answers too slowly, too large or is not HTML or PDF fails with its reason.',
        ),
        params: IdParams,
        body: UrlSourceBodySchema,
        response: { 202: SourceSchema, ...errors, ...tooMany },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await addUrlSource(app, request.userId, request.params.id, request.body)),
  );

  app.get(
    '/sources/:id',
    {
      ...common,
      schema: { ...doc('One source'), params: IdParams, response: { 200: SourceSchema, ...errors } },
    },
    (request) => getSource(app, request.userId, request.params.id),
  );

  app.delete(
    '/sources/:id',
    {
      ...common,
      schema: {
        ...doc('Remove a source with its passages and stored file'),
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSource(app, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/passages/:id',
    {
      ...common,
      schema: {
        ...doc(
          'A passage with the text around it',
          'About 600 characters of its source on each side, for the viewer that highlights it; its page for a PDF.',
        ),
        params: IdParams,
        response: { 200: PassageViewSchema, ...errors },
      },
    },
    (request) => getPassage(app, request.userId, request.params.id),
  );
};

/** The sources module: its routes, job and sweep, after the plugins and the modules it uses. */
export default fp(sourcesRoutes, {
  name: 'sources-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'goals-module'],
});
