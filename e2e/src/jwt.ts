import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env.ts';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** A token signed with the e2e server's real secret but already expired: what a stale session holds. */
export function expiredTokenFor(validToken: string): string {
  const secret = readFileSync(join(E2E_DATA_DIR, 'jwt-secret'), 'utf8').trim();
  const payload = JSON.parse(Buffer.from(validToken.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const now = Math.floor(Date.now() / 1000);
  const body = b64url(JSON.stringify({ ...payload, iat: now - 7200, exp: now - 3600 }));
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}
