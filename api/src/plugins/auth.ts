// Bearer JWT (HS256, sub = user id, 30 days) and `app.authenticate`, which also requires that the user
// still exists so a deleted account's tokens stop working at once. `app.authenticateToken` leaves that check
// to the route, for reads that succeed only with the user's row (and answer 401 without it); whatever else
// such a route answers, an error, is checked here against the user's existence before it is sent (onSend).
// A verified token also counts as the learner's activity of the day (retention: modules/account).
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import { lastActivity } from '../modules/account/index.ts';
import { userExists } from '../modules/users/index.ts';

export const TOKEN_TTL = '30d';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNAUTHORIZED_BODY = JSON.stringify({ message: unauthorized().message, code: unauthorized().code });

async function authPlugin(app: FastifyInstance, options: { secret: string }) {
  await app.register(jwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL },
    // fast-jwt's LRU of verified tokens (each until its exp, at most 10 minutes): a learner's every request
    // carries the same token, and verifying it was a tenth of a cheap read's time under load
    verify: { algorithms: ['HS256'], cache: 10_000 },
  });
  app.decorateRequest('userId', '');
  app.decorate('deletedAccounts', new Set<string>());
  const seen = lastActivity(app.db, app.now, app.log);
  /** The token's user id, verified; the token's user may no longer exist. */
  const tokenUser = async (request: FastifyRequest): Promise<string> => {
    let sub: string;
    try {
      sub = (await request.jwtVerify<{ sub: string }>()).sub;
    } catch {
      throw unauthorized();
    }
    if (typeof sub !== 'string' || !UUID.test(sub) || app.deletedAccounts.has(sub)) throw unauthorized();
    seen(sub);
    return sub;
  };
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const sub = await tokenUser(request);
    if (!(await userExists(app.db, sub))) throw unauthorized();
    request.userId = sub;
  });
  /** requests whose user's existence no one has checked yet */
  const unchecked = new WeakSet<FastifyRequest>();
  // for routes whose answer needs the user's row: one round trip less when it is there
  app.decorate('authenticateToken', async (request: FastifyRequest) => {
    request.userId = await tokenUser(request);
    unchecked.add(request);
  });
  // A refusal of such a route may come before its query reached the user's row (the active goal's plan: no
  // active goal, 404); for a user that does not exist it is 401, as on every other route.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    if (!unchecked.has(request) || status < 400 || status === 401 || status >= 500) return payload;
    if (await userExists(app.db, request.userId)) return payload;
    reply.code(401).type('application/json; charset=utf-8');
    return UNAUTHORIZED_BODY;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
