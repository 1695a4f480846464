// The HTTP envelope: health, the error shape, body limits, security headers, the OpenAPI document.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers status, database kind and version', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Malformed JSON body',
      code: 'BAD_JSON',
      requestId: expect.any(String),
    });
  });

  it('answers a body over the limit with 413 before parsing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT), email: 'a@b.co', password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body is too large',
      code: 'BODY_TOO_LARGE',
      requestId: expect.any(String),
    });
  });

  it('answers an unknown /api path with a JSON 404, even for a browser', async () => {
    const res = await t.app.inject({ url: '/api/nope?x=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/nope not found',
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('security headers', () => {
  it('sends a strict CSP that admits only the inline code the shell build hashed', async () => {
    mkdirSync(t.config.shellDist, { recursive: true });
    const before = (await t.app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    expect(before).toContain("default-src 'self'");
    expect(before).toContain("object-src 'none'");
    expect(before).toContain("frame-ancestors 'none'");
    // WebAssembly may be compiled (the code runner's runtimes), never eval'd or inline script
    expect(before).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(before).not.toMatch(/script-src[^;]*'unsafe-(?:eval|inline)'/);
    expect(before).toContain("worker-src 'self'");
    expect(before).not.toContain('sha256-');

    const hashes = { scriptSrc: ["'sha256-abc+/='"], styleSrc: ["'sha256-def='"] };
    writeFileSync(`${t.config.shellDist}/csp-hashes.json`, JSON.stringify(hashes));
    // a rebuilt shell's hashes apply within a second (the file is checked once a second)
    await vi.waitFor(
      async () => {
        const after = (await t.app.inject({ url: '/api/health' })).headers[
          'content-security-policy'
        ] as string;
        expect(after).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-abc\+\/='/);
        expect(after).toMatch(/style-src-elem 'self' 'sha256-def='/);
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it('sends nosniff and no-referrer', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it("sends helmet's other headers on every answer, a 404 and a page with its own CSP too", async () => {
    const expected = {
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health', '/api/nope', '/checkout/none']) {
      const res = await t.app.inject({ url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route at /api/docs/json and serves the UI at /api/docs', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/user',
      '/api/subscriptions/status',
      '/api/health',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
