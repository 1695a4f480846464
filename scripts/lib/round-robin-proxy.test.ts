import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { roundRobinProxy } from './round-robin-proxy.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.listening && new Promise((r) => s.close(r))));
});

/** A backend that answers its name, the method and the body it was sent. */
async function backend(name: string) {
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    res.setHeader('x-backend', name);
    res.end(`${name} ${req.method} ${req.url} ${body}`);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { host: '127.0.0.1', port: (server.address() as AddressInfo).port, server };
}

async function proxyOf(backends: { host: string; port: number }[]) {
  const proxy = roundRobinProxy(backends);
  servers.push(proxy);
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

describe('roundRobinProxy', () => {
  it('sends each request to the next backend in turn, bodies and answers whole', async () => {
    const url = await proxyOf([await backend('a'), await backend('b')]);
    const texts = [];
    for (let i = 0; i < 3; i += 1) texts.push(await (await fetch(`${url}/api/x?i=${i}`)).text());
    expect(texts).toEqual(['a GET /api/x?i=0 ', 'b GET /api/x?i=1 ', 'a GET /api/x?i=2 ']);
    const posted = await fetch(`${url}/api/y`, { method: 'POST', body: 'hello' });
    expect(await posted.text()).toBe('b POST /api/y hello');
  });

  it('skips a backend that is down for a GET, and answers 502 for a POST it cannot replay', async () => {
    const down = await backend('down');
    await new Promise((r) => down.server.close(r));
    const url = await proxyOf([down, await backend('up')]);
    const got = await fetch(`${url}/api/health`);
    expect(got.status).toBe(200);
    expect(got.headers.get('x-backend')).toBe('up');
    // every GET meets 'down' first and goes on; so does the POST, which it cannot send twice
    await fetch(`${url}/api/health`);
    const posted = await fetch(`${url}/api/y`, { method: 'POST', body: 'x' });
    expect(posted.status).toBe(502);
    expect(await posted.json()).toMatchObject({ code: 'BAD_GATEWAY' });
  });
});
