// Answers the database keeps as JSON text (the plan, the dashboard, the activity, the review queue) go out as
// they are, with an entity tag where they have one, or as 304 when the client holds that tag; browsers then
// revalidate every read.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A kept answer: its JSON text, or null when the client's If-None-Match is its tag. */
export interface TaggedJson {
  etag: string;
  json: string | null;
}

export const NotModified = z.null().describe('Not Modified: the client holds this version (no body)');

export function sendTaggedJson(reply: FastifyReply, { etag, json }: TaggedJson) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (json === null) return reply.code(304).send();
  return sendJsonText(reply, json);
}

/** JSON built from the contract's types, sent as it is rather than serialized and checked again. */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
