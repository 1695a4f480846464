// fetchSourceUrl against real HTTP servers on 127.0.0.1: loopback is refused unless the test allow-list names
// the server, at the first hop and after a redirect, and every way an answer can be wrong has its refusal.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceRejected } from '../src/modules/sources/extract/document.ts';
import { fetchSourceUrl } from '../src/modules/sources/fetch-url.ts';

const PAGE =
  '<!doctype html><html><head><title>Tides</title></head><body><h1>Tides</h1><p>The moon pulls.</p></body></html>';
const PDF_HEAD =
  "%PDF-1.4\n% a PDF's first bytes are enough for the fetch: reading it is the extractor's work\n";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let site: { server: Server; port: number };
let other: { server: Server; port: number };
let base: string;
let allowHosts: string[];
const stalled = new Set<ServerResponse>();
/** 64 KB chunks the streaming answer had written when its connection closed */
let streamedChunks = -1;

beforeAll(async () => {
  other = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  site = await listen((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (path === '/paper.pdf')
      return void res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF_HEAD);
    if (path === '/download')
      return void res
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="notes.pdf"',
        })
        .end(PDF_HEAD);
    if (path === '/unknown-bytes')
      return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('PK\u0003\u0004zip');
    if (path === '/image') return void res.writeHead(200, { 'content-type': 'image/png' }).end('\x89PNG');
    if (path === '/missing') return void res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    if (path === '/slow') {
      // headers never come: the fetch's clock must end it
      stalled.add(res);
      return;
    }
    if (path === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>');
      stalled.add(res);
      return;
    }
    if (path === '/huge-declared')
      return void res
        .writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) })
        .end();
    if (path === '/huge-streamed') {
      // no Content-Length: the count as it streams must stop it, long before the server is done
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 400 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        streamedChunks = sent;
      });
      pump();
      return;
    }
    if (path === '/to-page') return void res.writeHead(302, { location: '/page' }).end();
    if (path === '/to-other')
      return void res.writeHead(302, { location: `http://127.0.0.1:${other.port}/` }).end();
    if (path === '/to-localhost')
      return void res.writeHead(301, { location: `http://localhost:${site.port}/page` }).end();
    if (path === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path.startsWith('/loop/')) {
      const n = Number(path.slice('/loop/'.length));
      return void res.writeHead(307, { location: `/loop/${n + 1}` }).end();
    }
    if (path === '/five-hops') return void res.writeHead(302, { location: '/loop-to-page/3' }).end();
    if (path.startsWith('/loop-to-page/')) {
      const n = Number(path.slice('/loop-to-page/'.length));
      return void res.writeHead(302, { location: n === 0 ? '/page' : `/loop-to-page/${n - 1}` }).end();
    }
    res.writeHead(500).end();
  });
  base = `http://127.0.0.1:${site.port}`;
  allowHosts = [`127.0.0.1:${site.port}`];
});

afterAll(async () => {
  for (const res of stalled) res.destroy();
  site.server.closeAllConnections();
  other.server.closeAllConnections();
  await Promise.all([site, other].map(({ server }) => new Promise((r) => server.close(r))));
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SourceRejected) {
      expect(err.message).toBe(SOURCE_MESSAGES[err.code]);
      return err.code;
    }
    throw err;
  }
  throw new Error('the fetch was not refused');
}

describe('fetchSourceUrl: addresses', () => {
  it('refuses a loopback address unless the allow-list names it', async () => {
    expect(await refusal(fetchSourceUrl(`${base}/page`, {}))).toBe('url_blocked');
    const fetched = await fetchSourceUrl(`${base}/page`, { allowHosts });
    expect(new TextDecoder().decode(fetched.bytes)).toBe(PAGE);
    expect(fetched).toMatchObject({ contentType: 'text/html', finalUrl: `${base}/page`, fileName: null });
  });

  it('refuses a host name that resolves to loopback (localhost), even on an allowed port of 127.0.0.1', async () => {
    expect(await refusal(fetchSourceUrl(`http://localhost:${site.port}/page`, { allowHosts }))).toBe(
      'url_blocked',
    );
  });

  it('refuses the other private, link-local, unique-local and unspecified addresses', async () => {
    for (const address of [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
    ])
      expect(await refusal(fetchSourceUrl(address, { timeoutMs: 5_000 })), address).toBe('url_blocked');
  });

  it('checks again after each redirect: a redirect to an address off the allow-list is refused', async () => {
    expect(await refusal(fetchSourceUrl(`${base}/to-other`, { allowHosts }))).toBe('url_blocked');
    expect(await refusal(fetchSourceUrl(`${base}/to-localhost`, { allowHosts }))).toBe('url_blocked');
    expect(await refusal(fetchSourceUrl(`${base}/to-file`, { allowHosts }))).toBe('url_blocked');
    const followed = await fetchSourceUrl(`${base}/to-page`, { allowHosts });
    expect(followed.finalUrl).toBe(`${base}/page`);
  });

  it('follows at most five redirects', async () => {
    expect((await fetchSourceUrl(`${base}/five-hops`, { allowHosts })).finalUrl).toBe(`${base}/page`);
    expect(await refusal(fetchSourceUrl(`${base}/loop/0`, { allowHosts }))).toBe('url_failed');
  });

  it('refuses what is not an http(s) address', async () => {
    for (const wrong of [
      'ftp://example.com/a.pdf',
      'file:///etc/passwd',
      'not a url',
      'http://user:pw@example.com/',
    ])
      expect(await refusal(fetchSourceUrl(wrong, {})), wrong).toBe('url_invalid');
  });
});

describe('fetchSourceUrl: answers', () => {
  it('takes a PDF, and bytes of an unknown type when they are a PDF, with the name the server gives', async () => {
    const pdf = await fetchSourceUrl(`${base}/paper.pdf`, { allowHosts });
    expect(pdf).toMatchObject({ contentType: 'application/pdf', fileName: 'paper.pdf' });
    const download = await fetchSourceUrl(`${base}/download`, { allowHosts });
    expect(download).toMatchObject({ contentType: 'application/pdf', fileName: 'notes.pdf' });
    expect(await refusal(fetchSourceUrl(`${base}/unknown-bytes`, { allowHosts }))).toBe('url_not_document');
  });

  it('refuses an image as not a document', async () => {
    expect(await refusal(fetchSourceUrl(`${base}/image`, { allowHosts }))).toBe('url_not_document');
  });

  it('says the page could not be fetched on a 404', async () => {
    expect(await refusal(fetchSourceUrl(`${base}/missing`, { allowHosts }))).toBe('url_failed');
  });

  it('gives up on a slow answer, before its headers or during its body', async () => {
    const started = performance.now();
    expect(await refusal(fetchSourceUrl(`${base}/slow`, { allowHosts, timeoutMs: 300 }))).toBe('url_timeout');
    expect(await refusal(fetchSourceUrl(`${base}/slow-body`, { allowHosts, timeoutMs: 300 }))).toBe(
      'url_timeout',
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("keeps the caller's own abort an abort (a cancelled job), not a timeout", async () => {
    const controller = new AbortController();
    const fetching = fetchSourceUrl(`${base}/slow`, { allowHosts, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(fetching).rejects.toThrow('job cancelled');
  });

  it('refuses an answer larger than the limit: declared, or counted as it streams and cut off early', async () => {
    const maxBytes = 1024 * 1024;
    expect(await refusal(fetchSourceUrl(`${base}/huge-declared`, { allowHosts, maxBytes }))).toBe(
      'url_too_large',
    );
    expect(await refusal(fetchSourceUrl(`${base}/huge-streamed`, { allowHosts, maxBytes }))).toBe(
      'url_too_large',
    );
    // the server meant to send 400 chunks (25 MB); the fetch hung up after about 16 (1 MB) and socket buffers
    await expect.poll(() => streamedChunks).toBeGreaterThan(0);
    expect(streamedChunks).toBeLessThan(400);
  });
});
