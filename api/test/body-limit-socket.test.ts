// An oversized body sent chunked (no Content-Length) over a real socket: the client reads the JSON 413
// rather than a broken pipe, and the server stays up for the next request.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/**
 * POSTs `total` bytes in 64 KiB chunks as a stream (fetch sends it chunked, with no Content-Length), from a
 * process of its own, as a real client is: it keeps writing after the server has refused the body, and before
 * the fix it saw EPIPE. Answers the status and body it read, or the error it met.
 */
async function postChunked(
  path: string,
  total: number,
): Promise<{ status?: number; body?: string; error?: string }> {
  const client = `
    let sent = 0;
    const body = new ReadableStream({ pull(c) {
      if (sent >= ${total}) return c.close();
      sent += 65536;
      c.enqueue(new Uint8Array(65536).fill(120));
    } });
    try {
      const res = await fetch('http://127.0.0.1:${port}${path}', { method: 'POST', body, duplex: 'half',
        headers: { 'content-type': 'application/json' } });
      console.log(JSON.stringify({ status: res.status, body: await res.text() }));
    } catch (e) { console.log(JSON.stringify({ error: String(e.cause?.code ?? e.message) })); }`;
  // async: the server under test runs in this process
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', client]);
  return JSON.parse(stdout);
}

describe('an oversized chunked body', () => {
  it('gets its JSON 413 before the connection closes', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await postChunked('/api/auth/register', 10 * 1024 * 1024);
      expect(res.error).toBeUndefined();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body!)).toEqual({
        message: 'Request body is too large',
        code: 'BODY_TOO_LARGE',
        requestId: expect.any(String),
      });
    }
    const small = await postChunked('/api/auth/login', 0);
    expect(small.status).toBe(400); // an empty body is still read and answered
    expect(JSON.parse(small.body!).code).toBe('BAD_JSON');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
