// A goal's course kept by its learner: the lessons as Markdown in a zip, and the whole course as one page
// reads it to print (or save as PDF). Owner only: another learner's goal answers 404.
import { CourseParamsSchema, CourseSchema } from '@mindpath/contracts/course-export';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { getCourse } from './course.ts';
import { type CourseZip, courseZip } from './course-zip.ts';

// a file, not JSON: sent past the route's typed replies (those describe its errors)
const sendZip = (reply: FastifyReply, zip: CourseZip) =>
  reply
    .type('application/zip')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .send(Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength));

const ZIP_FILE = z.string().meta({ format: 'binary', description: 'The zip file (application/zip)' });

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const courseExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, description: string) => ({
    tags: ['course-export'],
    summary,
    description,
    security: [{ bearer: [] }],
  });

  app.get(
    '/goals/:id/course',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc(
          "A goal's whole course in plan order, for its printable page",
          'Sections in order, each lesson with its Markdown (null until written) and its image (the owner’s signed URL).',
        ),
        params: CourseParamsSchema,
        response: { 200: CourseSchema, ...errors },
      },
    },
    (request) => getCourse(app.db, request.userId, request.params.id, ownerMediaSigner(app, request.userId)),
  );

  app.get(
    '/goals/:id/course.zip',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc(
          "A goal's lessons as Markdown (application/zip), to download",
          'One `NN-<title>.md` per lesson in plan order with its images beside it, and a README.md listing them by section.',
        ),
        params: CourseParamsSchema,
        response: { 200: ZIP_FILE, ...errors },
      },
    },
    async (request, reply) => {
      return sendZip(reply, await courseZip(app, request.userId, request.params.id, app.now()));
    },
  );
};

export default fp(courseExportRoutes, {
  name: 'course-export-module',
  dependencies: ['db', 'openapi', 'auth', 'goals-module'],
});
