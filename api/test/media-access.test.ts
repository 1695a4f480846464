// Who may read goal and lesson media: their owner, through the signed URL the API answers (what <img> and
// <audio> load) or with the bearer token; nobody else, and no URL once expired or altered. The default goal
// image is public. Files named by ids before media keys keep working for their owner. All of it with the files
// in the data directory and in an S3-compatible bucket (an S3-protocol server on loopback).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, lessons } from '../src/db/schema.ts';
import { sweepLessonMedia } from '../src/modules/lessons/media.ts';
import { MEDIA_URL_WINDOW_S } from '../src/modules/media/signed-url.ts';
import { mediaNameOf } from '../src/modules/media/store.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan } from './helpers/lessons.ts';
import { expectSignedMediaUrl } from './helpers/media.ts';
import { startS3Server } from './helpers/s3-server.ts';

const WINDOW_MS = MEDIA_URL_WINDOW_S * 1000;
let t: TestApp;
/** the app's clock: the start of a window, moved on by the tests that need time to pass */
let now = new Date(Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS);

const STORES = [
  { store: 'the data directory', kind: 'directory', start: async () => ({ env: {}, close: async () => {} }) },
  { store: 'an S3-compatible bucket', kind: 's3', start: () => startS3Server() },
] as const;

type Learner = Awaited<ReturnType<typeof registerLearner>>;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const pathOf = (url: string) => url.split('?')[0]!;
const queryOf = (url: string) => url.slice(url.indexOf('?'));

/** A goal of the learner with its image made: its id and signed image URL. */
async function goalWithImage(learner: Learner, description = 'Beginner: Learn Go') {
  const created = await t.api('POST', '/goals', learner.headers, {
    description,
    metadata: '{"level":"Beginner"}',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const made = await t.api('POST', `/goals/${id}/generate-image`, learner.headers);
  expect(made.statusCode, made.body).toBe(200);
  const imageUrl = made.json().imageUrl as string;
  expectSignedMediaUrl(imageUrl, 'goals', 'svg', id);
  return { id, imageUrl };
}

/** Expects the answer of a refused media request: 404 with the API's error shape, nothing of the file. */
function expectRefused(res: Awaited<ReturnType<typeof get>>, what: string) {
  expect(res.statusCode, what).toBe(404);
  expect(res.json(), what).toEqual({
    message: 'Media not found',
    code: 'NOT_FOUND',
    requestId: expect.any(String),
  });
  expect(res.headers['content-type'], what).toContain('application/json');
}

describe.each(STORES)('media kept in $store', ({ kind, start }) => {
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = await start();
    close = server.close;
    t = await createTestApp(server.env, { clock: () => now });
  });
  afterAll(async () => {
    await t.close();
    await close();
  });

  it('are kept in that store only', async () => {
    const owner = await registerLearner(t.app);
    const { imageUrl } = await goalWithImage(owner);
    expect(t.app.media.kind).toBe(kind);
    expect(await t.app.media.stat(mediaNameOf(pathOf(imageUrl)))).toMatchObject({ type: 'image/svg+xml' });
    expect(existsSync(join(t.config.dataDir, 'media'))).toBe(kind === 'directory');
  });

  describe('goal and lesson media', () => {
    it("serve their owner through the signed URL: whole, in byte ranges, kept in the browser's cache only", async () => {
      const owner = await registerLearner(t.app);
      const { imageUrl } = await goalWithImage(owner);
      const whole = await get(imageUrl);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('image/svg+xml');
      expect(whole.body).toContain('Learn Go');
      expect(whole.headers['cache-control']).toBe(`private, max-age=${MEDIA_URL_WINDOW_S}`);
      expect(whole.headers.vary).toBe('authorization');
      expect(whole.headers['accept-ranges']).toBe('bytes');

      const part = await get(imageUrl, { range: 'bytes=5-14' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 5-14/${whole.rawPayload.length}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(5, 15))).toBe(true);
      const past = await get(imageUrl, { range: `bytes=${whole.rawPayload.length}-` });
      expect(past.statusCode).toBe(416);
    });

    it('serve their owner with the bearer token, no signature needed', async () => {
      const owner = await registerLearner(t.app);
      const { imageUrl } = await goalWithImage(owner);
      const whole = await get(pathOf(imageUrl), owner.headers);
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe((await get(imageUrl)).body);
      const part = await get(pathOf(imageUrl), { ...owner.headers, range: 'bytes=-20' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(-20))).toBe(true);
    });

    it('refuse another learner, no token and a token that is not a valid one, as a missing file is', async () => {
      const owner = await registerLearner(t.app);
      const other = await registerLearner(t.app);
      const { imageUrl } = await goalWithImage(owner);
      const path = pathOf(imageUrl);
      expectRefused(await get(path, other.headers), 'another learner');
      expectRefused(await get(path, { ...other.headers, range: 'bytes=0-9' }), "another learner's range");
      expectRefused(await get(path), 'no token');
      expectRefused(await get(path, { authorization: 'Bearer not.a.token' }), 'a forged token');
      expectRefused(await get(path.replace(/[0-9a-f]{32}/, 'f'.repeat(32)), owner.headers), 'a missing file');
    });

    it('refuse a URL once expired; the answers then carry a new one, the same all through its window', async () => {
      const owner = await registerLearner(t.app);
      const { id, imageUrl } = await goalWithImage(owner);
      const expires = Number(new URL(imageUrl, 'http://x').searchParams.get('expires')) * 1000;
      const started = now;
      try {
        now = new Date(started.getTime() + WINDOW_MS - 1);
        expect((await t.api('GET', `/goals/${id}`, owner.headers)).json().imageUrl).toBe(imageUrl);
        // the next window: a new URL, the one before still valid until its expiry
        now = new Date(started.getTime() + WINDOW_MS);
        const next = (await t.api('GET', `/goals/${id}`, owner.headers)).json().imageUrl as string;
        expect(next).not.toBe(imageUrl);
        expect(pathOf(next)).toBe(pathOf(imageUrl));
        expect((await get(imageUrl)).statusCode).toBe(200);
        now = new Date(expires);
        expectRefused(await get(imageUrl), 'expired');
        expectRefused(await get(imageUrl, { range: 'bytes=0-9' }), 'expired, a range');
        const fresh = (await t.api('GET', '/goals', owner.headers)).json()[0].imageUrl as string;
        expect((await get(fresh)).statusCode).toBe(200);
      } finally {
        now = started;
      }
    });

    it("refuse an altered signature or expiry, and one file's signature on another file", async () => {
      const owner = await registerLearner(t.app, {});
      await setTierByEmail(t.app.db, owner.email, 'pro');
      const first = await goalWithImage(owner, 'Beginner: Learn Go');
      const second = await goalWithImage(owner, 'Beginner: Learn Zig');
      const other = await goalWithImage(await registerLearner(t.app));
      const url = new URL(first.imageUrl, 'http://x');
      const signature = url.searchParams.get('signature')!;
      const expires = url.searchParams.get('expires')!;
      const path = pathOf(first.imageUrl);
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      for (const [what, bad] of [
        ['an altered signature', `${path}?expires=${expires}&signature=${flipped}`],
        ['a later expiry', `${path}?expires=${Number(expires) + MEDIA_URL_WINDOW_S}&signature=${signature}`],
        ['no expiry', `${path}?signature=${signature}`],
        ['no signature', `${path}?expires=${expires}`],
        [
          'the same goal as another kind of file',
          `${path.replace('.svg', '.png')}${queryOf(first.imageUrl)}`,
        ],
        ["the owner's other goal", `${pathOf(second.imageUrl)}${queryOf(first.imageUrl)}`],
        ["another learner's goal", `${pathOf(other.imageUrl)}${queryOf(first.imageUrl)}`],
      ]) {
        expectRefused(await get(bad!), what!);
      }
      expect((await get(first.imageUrl)).statusCode).toBe(200);
      expect((await get(second.imageUrl)).statusCode).toBe(200);
    });

    it("are the lesson's too: image and audio need the lesson's owner", async () => {
      const owner = await learnerWithPlan(t.app, { pro: true });
      const other = await registerLearner(t.app);
      const id = owner.lessonIds[0]!;
      expect((await t.api('POST', `/lessons/${id}/generate-content`, owner.headers)).statusCode).toBe(202);
      const status = await t.api('GET', `/lessons/${id}/content-status?waitMs=20000`, owner.headers);
      expect(status.json().job.status).toBe('succeeded');
      const image = (await t.api('POST', `/lessons/${id}/generate-image`, owner.headers)).json().imageUrl;
      const audio = (await t.api('POST', `/lessons/${id}/generate-audio`, owner.headers)).json().audioUrl;
      expectSignedMediaUrl(image, 'lessons', 'svg', id);
      expectSignedMediaUrl(audio, 'lessons', 'wav', id);
      expect((await get(image)).statusCode).toBe(200);
      expect((await get(audio, { range: 'bytes=0-43' })).statusCode).toBe(206);
      expect((await get(pathOf(audio), { ...owner.headers, range: 'bytes=0-43' })).statusCode).toBe(206);
      expectRefused(await get(pathOf(audio), other.headers), "another learner's audio");
      expectRefused(await get(pathOf(image)), 'no token');
      // the lesson's image signature does not open its audio, though both share the lesson's key
      expectRefused(await get(`${pathOf(audio)}${queryOf(image)}`), "the image's signature on the audio");
    });
  });

  describe('the default goal image', () => {
    it('is public', async () => {
      const res = await get('/api/media/default-goal.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  describe('media stored before media keys (files named by the goal or lesson id)', () => {
    it("keep serving the goal's owner only, until the image is made again under the goal's key", async () => {
      const owner = await registerLearner(t.app);
      const other = await registerLearner(t.app);
      const { id, imageUrl } = await goalWithImage(owner);
      // as an older data directory holds it: the file named by the id, its path stored with the goal
      const svg = (await get(imageUrl)).body;
      await t.app.media.save(`goals/${id}.svg`, svg);
      await t.app.db
        .update(goals)
        .set({ imageUrl: `/api/media/goals/${id}.svg` })
        .where(eq(goals.id, id));

      const legacy = (await t.api('GET', `/goals/${id}`, owner.headers)).json().imageUrl as string;
      expect(legacy).toMatch(new RegExp(`^/api/media/goals/${id}\\.svg\\?expires=\\d+&signature=`));
      expect((await get(legacy)).body).toBe(svg);
      expect((await get(pathOf(legacy), { ...owner.headers, range: 'bytes=0-3' })).statusCode).toBe(206);
      expectRefused(await get(pathOf(legacy), other.headers), 'another learner');
      expectRefused(await get(pathOf(legacy)), 'no token');
      // the file under the key is no longer the goal's image: not served
      expectRefused(await get(imageUrl), 'a file the goal no longer stores');

      const remade = (await t.api('POST', `/goals/${id}/generate-image`, owner.headers)).json().imageUrl;
      expectSignedMediaUrl(remade, 'goals', 'svg', id);
      expect((await get(remade)).statusCode).toBe(200);
      expect(await t.app.media.stat(`goals/${id}.svg`)).toBeNull();
    });

    it("keep serving the lesson's owner, and the sweep keeps them while the lesson exists", async () => {
      const owner = await learnerWithPlan(t.app);
      const other = await registerLearner(t.app);
      const [id, goneId] = owner.lessonIds;
      const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(96, 7)]);
      await t.app.media.save(`lessons/${id}.wav`, wav);
      await t.app.db
        .update(lessons)
        .set({ audioUrl: `/api/media/lessons/${id}.wav` })
        .where(eq(lessons.id, id!));
      // an id-named file of a lesson that no longer exists
      await t.app.media.save(`lessons/${goneId}.wav`, wav);
      await t.app.db.delete(lessons).where(eq(lessons.id, goneId!));

      const audioUrl = (await t.api('GET', `/lessons/${id}/audio`, owner.headers)).json().audioUrl as string;
      expect(audioUrl).toMatch(new RegExp(`^/api/media/lessons/${id}\\.wav\\?expires=\\d+&signature=`));
      const part = await get(audioUrl, { range: 'bytes=0-3' });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('RIFF');
      expectRefused(await get(pathOf(audioUrl), other.headers), 'another learner');

      expect(await sweepLessonMedia(t.app.db, t.app.media)).toBeGreaterThanOrEqual(1);
      expect(await t.app.media.stat(mediaNameOf(pathOf(audioUrl)))).not.toBeNull();
      expect(await t.app.media.stat(`lessons/${goneId}.wav`)).toBeNull();
    });
  });
});
