import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  CreateNoteSchema,
  ImportNotesResultSchema,
  ImportNotesSchema,
  NoteConnectionSchema,
  NoteSchema,
  UpdateNoteSchema,
} from '@mindpath/contracts/notes';
import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNote,
  editNote,
  getNote,
  importNotes,
  listConnections,
  listNotes,
  removeNote,
} from './service.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
/** an import carries every note of an export; the rest of the API keeps the 1 MB default */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  // the only field a note body must have is its title: its absence answers the spec's message too
  const common = { onRequest: app.authenticate, config: { requiredMessage: NOTE_MESSAGES.titleRequired } };
  const doc = (summary: string, description?: string) => ({
    tags: ['notes'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/notes',
    {
      ...common,
      schema: {
        ...doc("The learner's notes, last edited first"),
        response: { 200: z.array(NoteSchema), ...errors },
      },
    },
    (request) => listNotes(app.db, request.userId),
  );

  app.get(
    '/notes/connections',
    {
      ...common,
      schema: {
        ...doc(
          'The knowledge graph: one connection per pair of notes joined by a [[link]] or shared tags',
          'strength: a one-way [[link]] 0.75, links both ways 1; each shared tag adds 0.15, at most 0.45; ' +
            'capped at 1. A tag held by more than 25 notes makes no connections. sourceId is the linking ' +
            'note (the older one for links both ways or tags only).',
        ),
        response: { 200: z.array(NoteConnectionSchema), ...errors },
      },
    },
    (request) => listConnections(app.db, request.userId),
  );

  app.get(
    '/notes/:id',
    { ...common, schema: { ...doc('One note'), params: IdParams, response: { 200: NoteSchema, ...errors } } },
    (request) => getNote(app.db, request.userId, request.params.id),
  );

  app.post(
    '/notes',
    {
      ...common,
      schema: {
        ...doc(
          'Create a note',
          'tags: JSON text of an array (or the array); a valid non-empty one wins over the #tags of the content.',
        ),
        body: CreateNoteSchema,
        response: { 201: NoteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createNote(app.db, request.userId, request.body, app.now())),
  );

  app.put(
    '/notes/:id',
    {
      ...common,
      schema: {
        ...doc(
          'Edit a note',
          'content left out keeps the content; tags left out keep explicit tags, an empty or invalid ' +
            'tags field returns the note to the #tags of its content.',
        ),
        params: IdParams,
        body: UpdateNoteSchema,
        response: { 200: NoteSchema, ...errors },
      },
    },
    (request) => editNote(app.db, request.userId, request.params.id, request.body, app.now()),
  );

  app.delete(
    '/notes/:id',
    {
      ...common,
      schema: { ...doc('Delete a note'), params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeNote(app.db, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notes/import',
    {
      ...common,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...doc(
          'Import notes (the Markdown files of an export, read in the browser)',
          'A note with the title and content of an existing one is skipped; a taken title with other ' +
            'content is kept as "<title> (imported)". Lessons that are not the learner\'s are dropped.',
        ),
        body: ImportNotesSchema,
        response: { 200: ImportNotesResultSchema, ...errors, 413: ApiErrorSchema },
      },
    },
    (request) => importNotes(app.db, request.userId, request.body, app.now()),
  );
};

/** The notes module: its routes, after the plugins and the modules it uses. */
export default fp(notesRoutes, { name: 'notes-module', dependencies: ['db', 'openapi', 'auth'] });
