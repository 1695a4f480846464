import { AuthResultSchema, LoginRequestSchema, RegisterRequestSchema } from '@mindpath/contracts/auth';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit } from '../../plugins/security.ts';
import { login, register } from './service.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const issueToken = (userId: string) => ({ token: app.jwt.sign({ sub: userId }) });

  app.post(
    '/auth/register',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Create an account; answers a bearer token',
        body: RegisterRequestSchema,
        response: { 200: AuthResultSchema, 400: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => issueToken(await register(app.db, request.body)),
  );

  app.post(
    '/auth/login',
    {
      config: { ...authRateLimit(app), requiredMessage: 'Email and password are required' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token',
        body: LoginRequestSchema,
        response: { 200: AuthResultSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const { userId, retentionKept } = await login(app.db, request.body, app.now());
      return { ...issueToken(userId), ...(retentionKept ? { retentionKept } : {}) };
    },
  );
};

/** The auth module: its routes, after the plugins and the modules it uses. */
export default fp(authRoutes, {
  name: 'auth-module',
  dependencies: ['db', 'openapi', 'auth', 'users-module'],
});
