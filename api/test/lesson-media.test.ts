// A lesson's image and audio through the real app: the illustration of the content's placeholder, speech by
// eSpeak NG (WASM) read back as a WAV with byte ranges over a real socket, and the images and speech APIs of an
// OpenAI-protocol server (with the offline fallbacks when they fail).

import { type OpenAiTestServer, type RecordedRequest, startOpenAiServer } from '@mindpath/fake-openai';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { lessons } from '../src/db/schema.ts';
import { sweepLessonMedia } from '../src/modules/lessons/media.ts';
import { mediaNameOf } from '../src/modules/media/store.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan, type PlannedLearner } from './helpers/lessons.ts';
import { expectSignedMediaUrl } from './helpers/media.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const post = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers });

async function withContent(app: FastifyInstance, l: PlannedLearner, id: string) {
  expect((await post(app, `/lessons/${id}/generate-content`, l.headers)).statusCode).toBe(202);
  const s = (
    await app.inject({ url: `/api/lessons/${id}/content-status?waitMs=20000`, headers: l.headers })
  ).json();
  expect(s.job.status, JSON.stringify(s.job)).toBe('succeeded');
}

/** Seconds of sound in a PCM WAV, from its header. */
function wavSeconds(wav: Buffer): number {
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
  const byteRate = wav.readUInt32LE(28);
  return (wav.length - 44) / byteRate;
}

describe('the lesson image', () => {
  it('illustrates the placeholder, served from /api/media to its owner; content first, owner only', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    expect((await post(t.app, `/lessons/${id}/generate-image`, l.headers)).statusCode).toBe(409);
    await withContent(t.app, l, id);
    const res = await post(t.app, `/lessons/${id}/generate-image`, l.headers);
    expect(res.statusCode, res.body).toBe(200);
    const path = expectSignedMediaUrl(res.json().imageUrl, 'lessons', 'svg', id);
    const lesson = (await t.app.inject({ url: `/api/lessons/${id}`, headers: l.headers })).json();
    // the same file (the URLs are the same too unless the clock crossed into the next window)
    expect(expectSignedMediaUrl(lesson.imageUrl, 'lessons', 'svg', id)).toBe(path);
    const again = (await post(t.app, `/lessons/${id}/generate-image`, l.headers)).json();
    expect(expectSignedMediaUrl(again.imageUrl, 'lessons', 'svg', id)).toBe(path);
    const image = await t.app.inject({ url: res.json().imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    // the placeholder's description is the picture's title
    const placeholder = /\{\{image: ([^}]+)\}\}/.exec(lesson.content)![1]!;
    expect(image.body).toContain(placeholder.slice(0, 12));
    const other = await registerLearner(t.app);
    expect((await post(t.app, `/lessons/${id}/generate-image`, other.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ url: res.json().imageUrl.split('?')[0] })).statusCode).toBe(404);
  });
});

describe('media of deleted lessons', () => {
  it('is no longer served, and swept away; the media of lessons that exist kept', async () => {
    const gone = await learnerWithPlan(t.app, { pro: true });
    const kept = await learnerWithPlan(t.app, { pro: true });
    const urls: string[] = [];
    for (const l of [gone, kept]) {
      await withContent(t.app, l, l.lessonIds[0]!);
      urls.push((await post(t.app, `/lessons/${l.lessonIds[0]}/generate-image`, l.headers)).json().imageUrl);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/goals/${gone.goalId}`,
      headers: gone.headers,
    });
    expect(del.statusCode).toBe(204);
    const [goneFile, keptFile] = urls.map((url) => mediaNameOf(url.split('?')[0]!));
    expect((await t.app.inject({ url: urls[0]! })).statusCode).toBe(404);
    expect(await t.app.media.stat(goneFile!)).not.toBeNull();
    expect(await sweepLessonMedia(t.database.db, t.app.media)).toBe(1);
    expect(await t.app.media.stat(goneFile!)).toBeNull();
    expect(await t.app.media.stat(keptFile!)).not.toBeNull();
    expect((await t.app.inject({ url: urls[1]! })).statusCode).toBe(200);
  });
});

describe('the lesson audio (eSpeak NG, offline)', () => {
  it('speaks the lesson into a WAV, served with byte ranges for seeking', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    const url = (path: string) => `${base}/api${path}`;
    const auth = { headers: l.headers };
    expect(await (await fetch(url(`/lessons/${id}/audio`), auth)).json()).toEqual({ audioUrl: null });
    expect((await fetch(url(`/lessons/${id}/generate-audio`), { ...auth, method: 'POST' })).status).toBe(409);
    await withContent(t.app, l, id);

    // concurrent clicks share one synthesis
    const made = await Promise.all(
      [1, 2].map(() => fetch(url(`/lessons/${id}/generate-audio`), { ...auth, method: 'POST' })),
    );
    const urls = (await Promise.all(made.map((r) => r.json()))) as { audioUrl: string }[];
    expect(made.map((r) => r.status)).toEqual([200, 200]);
    const path = expectSignedMediaUrl(urls[0]!.audioUrl, 'lessons', 'wav', id);
    expect(expectSignedMediaUrl(urls[1]!.audioUrl, 'lessons', 'wav', id)).toBe(path);
    const stored = (await (await fetch(url(`/lessons/${id}/audio`), auth)).json()) as { audioUrl: string };
    expect(expectSignedMediaUrl(stored.audioUrl, 'lessons', 'wav', id)).toBe(path);
    const lesson = (await t.app.inject({ url: `/api/lessons/${id}`, headers: l.headers })).json();
    expect(lesson.hasAudio).toBe(true);
    const audioUrl = `${base}${urls[0]!.audioUrl}`;

    const whole = await fetch(audioUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const wav = Buffer.from(await whole.arrayBuffer());
    expect(Number(whole.headers.get('content-length'))).toBe(wav.length);
    // a whole lesson read at 165 words a minute lasts minutes, not a beep
    expect(wavSeconds(wav)).toBeGreaterThan(60);

    const first = await fetch(audioUrl, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${wav.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(wav.subarray(0, 100))).toBe(true);
    const middle = await fetch(audioUrl, { headers: { range: 'bytes=100000-' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-length')).toBe(String(wav.length - 100000));
    expect(Buffer.from(await middle.arrayBuffer()).equals(wav.subarray(100000))).toBe(true);
    const tail = await fetch(audioUrl, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 10))).toBe(true);
    const past = await fetch(audioUrl, { headers: { range: `bytes=${wav.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${wav.length}`);
  });

  it("is another learner's 404", async () => {
    const owner = await learnerWithPlan(t.app);
    const other = await registerLearner(t.app);
    const id = owner.lessonIds[0]!;
    expect((await t.app.inject({ url: `/api/lessons/${id}/audio`, headers: other.headers })).statusCode).toBe(
      404,
    );
    expect((await post(t.app, `/lessons/${id}/generate-audio`, other.headers)).statusCode).toBe(404);
  });
});

describe('images and speech APIs', () => {
  const PNG_1X1 =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  const MP3 = Buffer.concat([
    Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
    Buffer.alloc(64, 0xff),
  ]);
  let server: OpenAiTestServer;
  let p: TestApp;
  let speech: 'ok' | 'fail' = 'ok';
  let images: 'ok' | 'fail' = 'ok';

  beforeAll(async () => {
    server = await startOpenAiServer();
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Python',
      level: 'Beginner',
      topics: [],
    });
    const { source: _s, ...roadmap } = data;
    server.setFallback((req: RecordedRequest) => {
      if (req.path.endsWith('/audio/speech'))
        return speech === 'ok' ? { audio: MP3 } : { status: 500, error: 'down' };
      if (req.path.endsWith('/images/generations')) {
        return images === 'ok'
          ? { rawBody: JSON.stringify({ data: [{ b64_json: PNG_1X1 }] }) }
          : { status: 503, error: 'busy' };
      }
      return { content: JSON.stringify(roadmap) };
    });
    p = await createTestApp({
      AI_BASE_URL: server.url,
      AI_API_KEY: 'k',
      AI_TTS_MODEL: 'tts-test',
      AI_TTS_VOICE: 'nova',
      AI_IMAGE_MODEL: 'img-test',
    });
  });
  afterAll(async () => {
    await p.close();
    await server.close();
  });

  /** A lesson of a plan made through the server, its content written directly (content jobs are tested elsewhere). */
  async function lessonWithContent(sentenceCount = 60) {
    const l = await learnerWithPlan(p.app, { pro: true });
    const id = l.lessonIds[0]!;
    const sentences = Array.from(
      { length: sentenceCount },
      (_, i) => `Sentence ${i} explains variables.`,
    ).join(' ');
    const content = `# Variables\n\n## Overview\n\n${sentences}\n\n{{image: names and values}}\n`;
    await p.database.db.update(lessons).set({ content, contentSource: 'model' }).where(eq(lessons.id, id));
    return { l, id };
  }

  it('speaks through the speech API in chunks, stored as one MP3', async () => {
    speech = 'ok';
    const { l, id } = await lessonWithContent(300);
    server.requests.length = 0;
    const res = await post(p.app, `/lessons/${id}/generate-audio`, l.headers);
    expect(res.statusCode, res.body).toBe(200);
    expectSignedMediaUrl(res.json().audioUrl, 'lessons', 'mp3', id);
    const calls = server.requests.filter((r) => r.path.endsWith('/audio/speech'));
    // ~10,000 characters: several calls under the API's 4,096
    expect(calls.length).toBeGreaterThan(1);
    for (const c of calls) {
      expect(c.body).toMatchObject({ model: 'tts-test', voice: 'nova', response_format: 'mp3' });
      expect(c.body.input.length).toBeLessThanOrEqual(4096);
      expect(c.headers.authorization).toBe('Bearer k');
    }
    expect(calls.map((c) => c.body.input).join(' ')).toContain('Sentence 299 explains variables.');
    const audio = await p.app.inject({ url: res.json().audioUrl });
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.equals(Buffer.concat(calls.map(() => MP3)))).toBe(true);
  });

  it('falls back to eSpeak NG when the speech API fails', async () => {
    speech = 'fail';
    const { l, id } = await lessonWithContent();
    const res = await post(p.app, `/lessons/${id}/generate-audio`, l.headers);
    expect(res.statusCode, res.body).toBe(200);
    expectSignedMediaUrl(res.json().audioUrl, 'lessons', 'wav', id);
    const audio = await p.app.inject({ url: res.json().audioUrl });
    expect(wavSeconds(audio.rawPayload)).toBeGreaterThan(20);
  });

  it("stores the images API's PNG, and the illustration when it fails", async () => {
    images = 'ok';
    const { l, id } = await lessonWithContent();
    const res = await post(p.app, `/lessons/${id}/generate-image`, l.headers);
    expectSignedMediaUrl(res.json().imageUrl, 'lessons', 'png', id);
    const call = server.requests.filter((r) => r.path.endsWith('/images/generations')).at(-1)!;
    expect(call.body.prompt).toContain('names and values');

    images = 'fail';
    const second = await lessonWithContent();
    const svg = await post(p.app, `/lessons/${second.id}/generate-image`, second.l.headers);
    expectSignedMediaUrl(svg.json().imageUrl, 'lessons', 'svg', second.id);
  });
});
