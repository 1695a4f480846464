// Bearer JWT (HS256, sub = user id, 30 days) and `app.authenticate`, which also requires that the user
// still exists so a deleted account's tokens stop working at once.
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import { userExists } from '../modules/users/repository.ts';

export const TOKEN_TTL = '30d';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function authPlugin(app: FastifyInstance, options: { secret: string }) {
  await app.register(jwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    let sub: string;
    try {
      sub = (await request.jwtVerify<{ sub: string }>()).sub;
    } catch {
      throw unauthorized();
    }
    if (typeof sub !== 'string' || !UUID.test(sub) || !(await userExists(app.db, sub))) throw unauthorized();
    request.userId = sub;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
