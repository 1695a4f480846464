// Bearer JWT (HS256, sub = user id, 30 days) and `app.authenticate`, which also requires that the user
// still exists so a deleted account's tokens stop working at once. `app.authenticateToken` leaves that check
// to the route, for reads whose own first query takes the user's row (and answer 401 without it).
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
  /** The token's user id, verified; the token's user may no longer exist. */
  const tokenUser = async (request: FastifyRequest): Promise<string> => {
    let sub: string;
    try {
      sub = (await request.jwtVerify<{ sub: string }>()).sub;
    } catch {
      throw unauthorized();
    }
    if (typeof sub !== 'string' || !UUID.test(sub)) throw unauthorized();
    return sub;
  };
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const sub = await tokenUser(request);
    if (!(await userExists(app.db, sub))) throw unauthorized();
    request.userId = sub;
  });
  // for routes whose first query reads the user's row and answers 401 without it: one round trip less
  app.decorate('authenticateToken', async (request: FastifyRequest) => {
    request.userId = await tokenUser(request);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
