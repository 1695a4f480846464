// The goal image from an OpenAI-compatible images API (AI_IMAGE_MODEL), with the SVG illustration as the
// fallback when the API fails.

import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { expectSignedMediaUrl } from './helpers/media.ts';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: OpenAiTestServer;
let t: TestApp;

beforeAll(async () => {
  server = await startOpenAiServer();
  t = await createTestApp({ AI_BASE_URL: server.url, AI_API_KEY: 'img-key', AI_IMAGE_MODEL: 'image-model' });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function goal() {
  const learner = await registerLearner(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: learner.headers,
    payload: { description: 'Advanced: Paint watercolour landscapes', metadata: '{"level":"Advanced"}' },
  });
  return { headers: learner.headers, id: res.json().id as string };
}

describe('goal image on an images API', () => {
  it('stores the PNG the API makes and serves it from /api/media', async () => {
    server.reset();
    server.enqueue({ rawBody: JSON.stringify({ created: 1, data: [{ b64_json: PNG_1X1 }] }) });
    const g = await goal();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/goals/${g.id}/generate-image`,
      headers: g.headers,
    });
    expect(res.statusCode).toBe(200);
    expectSignedMediaUrl(res.json().imageUrl, 'goals', 'png', g.id);
    const req = server.requests[0];
    expect(req?.path).toBe('/v1/images/generations');
    expect(req?.headers.authorization).toBe('Bearer img-key');
    expect(req?.body).toMatchObject({ model: 'image-model', n: 1, response_format: 'b64_json' });
    expect(req?.body.prompt).toContain('Paint watercolour landscapes');
    const image = await t.app.inject({ url: res.json().imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
  });

  it('falls back to the SVG illustration when the API fails or answers something that is not a PNG', async () => {
    for (const step of [
      { status: 500, error: 'down' },
      { rawBody: JSON.stringify({ data: [{ b64_json: Buffer.from('<script>').toString('base64') }] }) },
    ]) {
      server.reset();
      server.enqueue(step);
      const g = await goal();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/goals/${g.id}/generate-image`,
        headers: g.headers,
      });
      expect(res.statusCode).toBe(200);
      expectSignedMediaUrl(res.json().imageUrl, 'goals', 'svg', g.id);
      expect((await t.app.inject({ url: res.json().imageUrl })).headers['content-type']).toContain(
        'image/svg+xml',
      );
    }
  });
});
