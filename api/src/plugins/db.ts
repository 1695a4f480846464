// Hands the opened database to every route. Opening, migrating and closing belong to main.ts (or the test
// harness), which own the database's lifetime.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

async function dbPlugin(app: FastifyInstance, options: { database: Database }) {
  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
}

export default fp(dbPlugin, { name: 'db' });
