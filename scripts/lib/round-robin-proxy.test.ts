import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('sends a request on past a backend that refuses the connection, its body included', async () => {
    const down = await backend('down');
    await new Promise((r) => down.server.close(r));
    const url = await proxyOf([down, await backend('up')]);
    const got = await fetch(`${url}/api/health`);
    expect(got.status).toBe(200);
    expect(got.headers.get('x-backend')).toBe('up');
    // every request meets 'down' first (two backends, each request moves on by two) and goes on
    for (const body of ['x', 'y']) {
      const posted = await fetch(`${url}/api/y`, { method: 'POST', body });
      expect(await posted.text()).toBe(`up POST /api/y ${body}`);
    }
  });

  it('tries every backend once per request, however many requests run beside it', async () => {
    const down = await backend('down');
    await new Promise((r) => down.server.close(r));
    const url = await proxyOf([down, await backend('up')]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${url}/api/${i}`, i % 2 ? { method: 'POST', body: `${i}` } : {}).then((r) => r.text()),
      ),
    );
    expect(answers).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? `up POST /api/${i} ${i}` : `up GET /api/${i} `)),
    );
  });

  it('sends a GET on when its backend fails before answering, but never a POST that may have been acted on', async () => {
    // reads the request, then drops the connection without an answer (as an instance killed meanwhile)
    const dropping = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.socket?.destroy());
    });
    servers.push(dropping);
    dropping.listen(0, '127.0.0.1');
    await once(dropping, 'listening');
    const dropper = { host: '127.0.0.1', port: (dropping.address() as AddressInfo).port };
    const url = await proxyOf([dropper, await backend('up')]);
    expect(await (await fetch(`${url}/api/x`)).text()).toBe('up GET /api/x ');
    // the next request starts at 'up', the one after at the dropping backend again
    expect(await (await fetch(`${url}/api/z`)).text()).toBe('up GET /api/z ');
    const posted = await fetch(`${url}/api/y`, { method: 'POST', body: 'x' });
    expect(posted.status).toBe(502);
    expect(await posted.json()).toMatchObject({ code: 'BAD_GATEWAY' });
  });

  it('lists what is in flight where, and cuts the client off when its backend dies mid-answer', async () => {
    let cut = () => {};
    const streaming = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      cut = () => res.socket?.destroy();
    });
    servers.push(streaming);
    streaming.listen(0, '127.0.0.1');
    await once(streaming, 'listening');
    const port = (streaming.address() as AddressInfo).port;
    const proxy = roundRobinProxy([{ host: '127.0.0.1', port }]);
    servers.push(proxy);
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const res = await fetch(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/s`);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    expect(proxy.inFlight()).toEqual([
      { backend: { host: '127.0.0.1', port }, method: 'GET', url: '/api/s' },
    ]);
    cut();
    await expect(reader.read()).rejects.toThrow();
    await vi.waitFor(() => expect(proxy.inFlight()).toEqual([]));
  });
});
