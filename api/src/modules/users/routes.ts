import { UserSchema } from '@mindpath/contracts/auth';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCurrentUser } from './service.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      // getCurrentUser reads the row and answers 401 without it: the existence check would repeat that read
      onRequest: app.authenticateToken,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
    },
    (request) => getCurrentUser(app.db, request.userId),
  );
};

/** The users module: its routes, after the plugins and the modules it uses. */
export default fp(usersRoutes, { name: 'users-module', dependencies: ['db', 'openapi', 'auth'] });
