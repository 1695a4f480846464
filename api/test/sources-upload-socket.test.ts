// An upload over the free plan's bytes, sent over a real socket by a separate client process as a browser's
// FormData is: the client reads the JSON 413 too_large (not a broken pipe), the server keeps nothing of it,
// and it stays up for the next request.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { SOURCE_LIMITS, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** POSTs a file of `size` bytes as the multipart field `file` from a process of its own. */
async function postFile(path: string, token: string, size: number) {
  const client = `
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(${size}).fill(97)], { type: 'text/plain' }), 'big.txt');
    try {
      const res = await fetch('http://127.0.0.1:${port}${path}', { method: 'POST', body: form,
        headers: { authorization: 'Bearer ${token}' } });
      console.log(JSON.stringify({ status: res.status, body: await res.text() }));
    } catch (e) { console.log(JSON.stringify({ error: String(e.cause?.code ?? e.message) })); }`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', client]);
  return JSON.parse(stdout.trim()) as { status?: number; body?: string; error?: string };
}

describe('an upload over the plan’s bytes, over a socket', () => {
  it('answers 413 too_large in JSON and stores nothing', async () => {
    const l = await registerLearner(t.app);
    const goal = await t.api('POST', '/goals', l.headers, {
      description: 'Beginner: Learn SQL',
      metadata: '{"level":"Beginner"}',
    });
    const goalId = goal.json().id as string;
    const answer = await postFile(
      `/api/goals/${goalId}/sources`,
      l.token,
      SOURCE_LIMITS.free.maxBytes + 2 * 1024 * 1024,
    );
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body!)).toEqual({
      code: 'too_large',
      message: SOURCE_MESSAGES.too_large,
      requestId: expect.any(String),
    });
    expect(await t.app.media.list('sources')).toEqual([]);
    const list = await t.api('GET', `/goals/${goalId}/sources`, l.headers);
    expect(list.json().sources).toEqual([]);
  }, 60_000);
});
