// The download link of a ready export: it carries its expiry (the export's, in Unix seconds) and an HMAC of
// (purpose, export id, expiry) with the media key, so it works without the bearer token (a plain link the
// browser follows) and only until the export expires. The purpose keeps a media URL's signature from standing
// for a download's and back.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'data-export';
const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const mac = (key: Buffer, id: string, expires: number) =>
  createHmac('sha256', key).update(`${PURPOSE}\n${id}\n${expires}`).digest('base64url');

export const downloadPath = (id: string) => `/api/account/exports/${id}/download`;

export function signedDownloadUrl(key: Buffer, id: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${downloadPath(id)}?expires=${expires}&signature=${mac(key, id, expires)}`;
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/** Whether the query signs export `id`, and whether its time has run out at `now`. */
export function checkDownloadLink(
  key: Buffer,
  id: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  now: Date,
): LinkCheck {
  const { expires, signature } = query;
  if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return 'invalid';
  const expected = mac(key, id, Number(expires));
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return 'invalid';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}
