import { describe, expect, it } from 'vitest';
import {
  isSignedFor,
  MEDIA_URL_WINDOW_S,
  type MediaSignature,
  mediaSigner,
  mediaSigningKey,
  mediaUrlExpiry,
} from './signed-url.ts';

const key = mediaSigningKey('a JWT secret of at least thirty-two characters');
const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const NAME = 'lessons/0123456789abcdef0123456789abcdef.wav';
const PATH = `/api/media/${NAME}`;
const WINDOW_MS = MEDIA_URL_WINDOW_S * 1000;
/** the start of a window */
const T0 = new Date(Math.ceil(Date.UTC(2026, 2, 1) / WINDOW_MS) * WINDOW_MS);
const at = (ms: number) => new Date(T0.getTime() + ms);

/** The query of a signed URL. */
function queryOf(url: string): MediaSignature {
  const params = new URL(url, 'http://x').searchParams;
  return { expires: params.get('expires') ?? undefined, signature: params.get('signature') ?? undefined };
}

describe('mediaSigningKey', () => {
  it('is a key of its own, the same for the same secret', () => {
    expect(key).toHaveLength(32);
    expect(key.equals(mediaSigningKey('a JWT secret of at least thirty-two characters'))).toBe(true);
    expect(key.equals(mediaSigningKey('another JWT secret of at least 32 characters'))).toBe(false);
    expect(key.toString('utf8')).not.toContain('JWT secret');
  });
});

describe('mediaUrlExpiry', () => {
  it('rounds up to the end of the next window: valid for one to two windows', () => {
    const first = mediaUrlExpiry(T0);
    expect(first * 1000 - T0.getTime()).toBe(2 * WINDOW_MS);
    expect(mediaUrlExpiry(at(WINDOW_MS - 1))).toBe(first);
    expect(first * 1000 - at(WINDOW_MS - 1).getTime()).toBe(WINDOW_MS + 1);
    expect(mediaUrlExpiry(at(WINDOW_MS))).toBe(first + MEDIA_URL_WINDOW_S);
  });
});

describe('mediaSigner', () => {
  it('gives the same URL all through a window, and a new one in the next', () => {
    const url = mediaSigner(key, OWNER, T0)(PATH);
    expect(url).toMatch(/^\/api\/media\/lessons\/[0-9a-f]{32}\.wav\?expires=\d+&signature=[\w-]{43}$/);
    expect(mediaSigner(key, OWNER, at(WINDOW_MS / 2))(PATH)).toBe(url);
    expect(mediaSigner(key, OWNER, at(WINDOW_MS - 1))(PATH)).toBe(url);
    expect(mediaSigner(key, OWNER, at(WINDOW_MS))(PATH)).not.toBe(url);
  });

  it('signs each owner and each file apart', () => {
    const sign = mediaSigner(key, OWNER, T0);
    expect(queryOf(sign(PATH)).signature).not.toBe(queryOf(mediaSigner(key, OTHER, T0)(PATH)).signature);
    expect(queryOf(sign(PATH)).signature).not.toBe(queryOf(sign(PATH.replace('.wav', '.svg'))).signature);
  });
});

describe('isSignedFor', () => {
  const query = queryOf(mediaSigner(key, OWNER, T0)(PATH));
  const expiresAt = Number(query.expires) * 1000;

  it("accepts the owner's URL of that file until it expires", () => {
    expect(isSignedFor(key, OWNER, NAME, query, T0)).toBe(true);
    expect(isSignedFor(key, OWNER, NAME, query, new Date(expiresAt - 1))).toBe(true);
  });

  it('refuses it once expired', () => {
    expect(isSignedFor(key, OWNER, NAME, query, new Date(expiresAt))).toBe(false);
    expect(isSignedFor(key, OWNER, NAME, query, new Date(expiresAt + WINDOW_MS))).toBe(false);
  });

  it('refuses it for another owner, another file, or under another key', () => {
    expect(isSignedFor(key, OTHER, NAME, query, T0)).toBe(false);
    expect(isSignedFor(key, OWNER, NAME.replace('.wav', '.mp3'), query, T0)).toBe(false);
    expect(
      isSignedFor(mediaSigningKey('another JWT secret of at least 32 characters'), OWNER, NAME, query, T0),
    ).toBe(false);
  });

  it('refuses a signature changed in any character, or an expiry moved', () => {
    const signature = query.signature!;
    for (let i = 0; i < signature.length; i += 1) {
      const swapped = signature[i] === 'A' ? 'B' : 'A';
      const tampered = `${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
      expect(isSignedFor(key, OWNER, NAME, { ...query, signature: tampered }, T0), `position ${i}`).toBe(
        false,
      );
    }
    // the same digest spelt otherwise (its last character's unused bits set): not the URL the server gave
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]!;
    const respelt = `${signature.slice(0, -1)}${last}`;
    expect(Buffer.from(respelt, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(isSignedFor(key, OWNER, NAME, { ...query, signature: respelt }, T0)).toBe(false);
    const later = String(Number(query.expires) + MEDIA_URL_WINDOW_S);
    expect(isSignedFor(key, OWNER, NAME, { ...query, expires: later }, T0)).toBe(false);
  });

  it('refuses missing and malformed parts without throwing', () => {
    for (const bad of [
      {},
      { expires: query.expires },
      { signature: query.signature },
      { ...query, expires: '' },
      { ...query, expires: '1e12' },
      { ...query, expires: `-${query.expires}` },
      { ...query, signature: query.signature!.slice(1) },
      { ...query, signature: `${query.signature}=` },
      { ...query, signature: query.signature!.replace(/^./, '+') },
      { ...query, signature: Buffer.from(query.signature!, 'base64url').toString('hex') },
    ]) {
      expect(isSignedFor(key, OWNER, NAME, bad, T0), JSON.stringify(bad)).toBe(false);
    }
  });
});
