// "Download my data" (Settings → Privacy): the learner asks for a zip of everything of theirs; a job builds it
// (one at a time per learner: asking again joins the one being built) and it is offered for DATA_EXPORT_DAYS
// through a signed link, then removed.

import {
  DATA_EXPORT_MESSAGES,
  type DataExport,
  DataExportDownloadQuerySchema,
  DataExportSchema,
} from '@mindpath/contracts/data-export';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { enqueueJob } from '../jobs/index.ts';
import { DATA_EXPORT_JOB, dataExportHandler } from './job.ts';
import { type DataExportRow, findExport, findLatestExport, insertOrJoinExport } from './repository.ts';
import { checkDownloadLink, signedDownloadUrl } from './signed-link.ts';
import { expiredExportsSweepTask } from './sweep.ts';

const ZIP_FILE = z.string().meta({ format: 'binary', description: 'The zip file (application/zip)' });

// a file, not JSON: sent past the route's typed replies (those describe its errors)
const sendFile = (reply: FastifyReply, body: unknown) => reply.send(body);

const iso = (at: Date | null) => (at ? { value: at.toISOString() } : undefined);

function toDataExport(row: DataExportRow, key: Buffer, now: Date): DataExport {
  const ready = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    // a ready export past its time is expired already, whether or not the sweep has come by
    status: row.status === 'ready' && !ready ? 'expired' : (row.status as DataExport['status']),
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    ...(ready && row.size !== null ? { size: row.size } : {}),
    ...(iso(row.readyAt) ? { readyAt: iso(row.readyAt)!.value } : {}),
    ...(iso(row.expiresAt) ? { expiresAt: iso(row.expiresAt)!.value } : {}),
    ...(ready ? { downloadUrl: signedDownloadUrl(key, row.id, row.expiresAt!) } : {}),
    ...(row.status === 'failed' ? { error: row.error ?? DATA_EXPORT_MESSAGES.failed } : {}),
  };
}

const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(DATA_EXPORT_JOB, dataExportHandler(app));
  app.jobs.periodic.add(expiredExportsSweepTask(app.db, app.media, app.now));

  app.post(
    '/account/exports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary:
          'Asks for a download of all your data (a zip built in the background). While one is being built, asking again answers that one',
        security: [{ bearer: [] }],
        response: { 202: DataExportSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await app.db.transaction(async (tx) => {
        const { row, created } = await insertOrJoinExport(tx, request.userId, app.now());
        if (created) await enqueueJob(tx, { kind: DATA_EXPORT_JOB, target: row.id, userId: request.userId });
        return row;
      });
      app.jobs.wake();
      return reply.status(202).send(toDataExport(row, app.mediaSigningKey, app.now()));
    },
  );

  app.get(
    '/account/exports/latest',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Your newest download of your data: its progress, and its signed link once ready',
        security: [{ bearer: [] }],
        response: { 200: DataExportSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const row = await findLatestExport(app.db, request.userId);
      if (!row) throw notFound(DATA_EXPORT_MESSAGES.not_found);
      return toDataExport(row, app.mediaSigningKey, app.now());
    },
  );

  app.get(
    '/account/exports/:id/download',
    {
      // already a zip: compressing again gains nothing
      compress: false,
      schema: {
        tags: ['account'],
        summary:
          'The zip of a ready download, by its signed link (no sign-in: the signature is the credential, valid until the download expires)',
        security: [{}],
        params: z.object({ id: z.uuid() }),
        querystring: DataExportDownloadQuerySchema,
        response: { 200: ZIP_FILE, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const now = app.now();
      const check = checkDownloadLink(app.mediaSigningKey, id, request.query, now);
      // as a signed media URL answers: a link that is not one finds nothing
      if (check === 'invalid') throw new AppError(404, 'NOT_FOUND', DATA_EXPORT_MESSAGES.link_invalid);
      if (check === 'expired') throw new AppError(404, 'NOT_FOUND', DATA_EXPORT_MESSAGES.link_expired);
      const row = await findExport(app.db, id);
      const ready = row?.status === 'ready' && row.fileName && row.expiresAt && row.expiresAt > now;
      if (!ready) throw new AppError(404, 'NOT_FOUND', DATA_EXPORT_MESSAGES.link_expired);
      const file = await app.media.stat(row.fileName!);
      const body = file ? await app.media.read(row.fileName!) : null;
      if (!file || !body) throw new AppError(404, 'NOT_FOUND', DATA_EXPORT_MESSAGES.link_expired);
      const day = (row.readyAt ?? now).toISOString().slice(0, 10);
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="mindpath-export-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size);
      return sendFile(reply, body);
    },
  );
};

export default fp(dataExportRoutes, {
  name: 'data-export-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs'],
});
