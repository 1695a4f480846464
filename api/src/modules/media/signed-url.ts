// Signed media URLs. <img> and <audio> cannot send the bearer token, so responses give the owner URLs that
// carry an expiry and an HMAC-SHA256 signature of (owner, file name, expiry). The expiry is rounded up to a
// window, so a URL stays the same for a while and the browser cache and the query cache keep it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppParts } from '../../lib/app-parts.ts';
import { mediaNameOf } from './store.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'mediaSigningKey' | 'now'>;

/** A signed URL stays the same for this long and is valid for one to two windows. */
export const MEDIA_URL_WINDOW_S = 3600;

/** Turns a stored media path ('/api/media/goals/….svg') into the URL its owner's browser loads. */
export type MediaSigner = (path: string) => string;

/** The query a signed URL carries. */
export interface MediaSignature {
  expires?: string | undefined;
  signature?: string | undefined;
}

/** The media key: derived from the JWT secret, so a token's signature never stands for a URL's or back. */
export function mediaSigningKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('mindpath media URL signing').digest();
}

/** The expiry (Unix seconds) of a URL signed at `now`: the end of the window after the current one. */
export function mediaUrlExpiry(now: Date): number {
  const window = Math.floor(now.getTime() / 1000 / MEDIA_URL_WINDOW_S);
  return (window + 2) * MEDIA_URL_WINDOW_S;
}

const mac = (key: Buffer, ownerId: string, name: string, expires: number) =>
  createHmac('sha256', key).update(`${ownerId}\n${name}\n${expires}`).digest();

/** Signs the media paths of one owner's response, all with the expiry of `now`'s window. */
export function mediaSigner(key: Buffer, ownerId: string, now: Date): MediaSigner {
  const expires = mediaUrlExpiry(now);
  return (path) => {
    const signature = mac(key, ownerId, mediaNameOf(path), expires).toString('base64url');
    return `${path}?expires=${expires}&signature=${signature}`;
  };
}

/** The signer of one owner's media in a response, at the app's clock. */
export const ownerMediaSigner = (deps: Deps, ownerId: string): MediaSigner =>
  mediaSigner(deps.mediaSigningKey, ownerId, deps.now());

const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** Whether the query signs media `name` for `ownerId` and has not expired at `now`. */
export function isSignedFor(
  key: Buffer,
  ownerId: string,
  name: string,
  query: MediaSignature,
  now: Date,
): boolean {
  const { expires, signature } = query;
  if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  // compared as text: base64url has several spellings of one digest's last bits, the URL has one
  const expected = mac(key, ownerId, name, Number(expires)).toString('base64url');
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}
