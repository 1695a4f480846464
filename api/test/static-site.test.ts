// The one URL: the built shell with deep-link fallback, remotes.json and released remotes read per request.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE, remoteCacheControl, shellCacheControl } from '../src/plugins/static-site.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });

function writeShell() {
  mkdirSync(t.config.shellDist, { recursive: true });
  writeFileSync(join(t.config.shellDist, 'index.html'), '<!doctype html><title>Mindpath</title>');
  writeFileSync(join(t.config.shellDist, 'main.81c40539b4.js'), 'console.log(1)');
}

describe('before the shell is built', () => {
  it('answers 503 with the command to run', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('pnpm build');
  });
});

describe('the shell', () => {
  beforeAll(writeShell);

  it('serves index.html at / and revalidates it every time', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mindpath</title>');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it('serves index.html for deep links so the router takes them', async () => {
    for (const url of ['/goals/123/assessment', '/settings', '/no/such/page?x=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Mindpath</title>');
    }
  });

  it('serves hashed assets as immutable and a missing file as a JSON 404', async () => {
    const asset = await t.app.inject({ url: '/main.81c40539b4.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    const missing = await page('/missing.1234567890.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('does not answer a non-GET request to a page with the shell', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/goals', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('released remotes', () => {
  const deploy = () => t.config.deployDir;
  const release = (name: string, version: string, marker: string) => {
    const dir = join(deploy(), 'remotes', name, version);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ marker }));
    writeFileSync(join(dir, 'remoteEntry.js'), `/* ${marker} */`);
    writeFileSync(join(dir, '123.js'), `/* chunk ${marker} */`);
    const manifest = {
      updatedAt: new Date().toISOString(),
      remotes: { [name]: { version, entry: `/remotes/${name}/${version}/mf-manifest.json` } },
    };
    writeFileSync(join(deploy(), 'remotes.json'), JSON.stringify(manifest));
  };

  it('picks up a release written after the server started, with no restart', async () => {
    rmSync(deploy(), { recursive: true, force: true });
    expect((await t.app.inject({ url: '/remotes.json' })).statusCode).toBe(404);

    release('goals', '0.1.0-aaaaaaaaaa', 'first');
    const first = await t.app.inject({ url: '/remotes.json' });
    expect(first.headers['cache-control']).toBe(NO_CACHE);
    expect(first.json().remotes.goals.version).toBe('0.1.0-aaaaaaaaaa');

    release('goals', '0.1.0-bbbbbbbbbb', 'second');
    const second = await t.app.inject({ url: '/remotes.json' });
    expect(second.json().remotes.goals.entry).toBe('/remotes/goals/0.1.0-bbbbbbbbbb/mf-manifest.json');
    const manifest = await t.app.inject({ url: second.json().remotes.goals.entry });
    expect(manifest.json()).toEqual({ marker: 'second' });
  });

  it('revalidates entry files and caches versioned chunks forever', async () => {
    release('notes', '0.1.0-cccccccccc', 'n');
    const base = '/remotes/notes/0.1.0-cccccccccc';
    expect((await t.app.inject({ url: `${base}/mf-manifest.json` })).headers['cache-control']).toBe(NO_CACHE);
    expect((await t.app.inject({ url: `${base}/remoteEntry.js` })).headers['cache-control']).toBe(NO_CACHE);
    expect((await t.app.inject({ url: `${base}/123.js` })).headers['cache-control']).toBe(IMMUTABLE);
  });

  it("serves the code runner's WebAssembly and Worker as themselves, precompressed and immutable", async () => {
    release('lessons', '0.1.0-dddddddddd', 'l');
    const dir = join(deploy(), 'remotes', 'lessons', '0.1.0-dddddddddd', 'runtimes', 'quickjs-0.32.0');
    mkdirSync(dir, { recursive: true });
    // the smallest valid module: the magic number and version, then many empty custom sections to compress
    const wasm = Buffer.concat([Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]), Buffer.alloc(4000, 0)]);
    writeFileSync(join(dir, 'emscripten-module.wasm'), wasm);
    writeFileSync(join(dir, 'emscripten-module.wasm.br'), brotliCompressSync(wasm));
    writeFileSync(join(dir, 'js.worker.js'), 'self.onmessage = () => {};');
    const base = '/remotes/lessons/0.1.0-dddddddddd/runtimes/quickjs-0.32.0';
    const res = await t.app.inject({
      url: `${base}/emscripten-module.wasm`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload)).toEqual(wasm);
    const worker = await t.app.inject({ url: `${base}/js.worker.js` });
    expect(worker.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('prerendered public pages, robots.txt and the sitemap', () => {
  beforeAll(() => {
    writeShell();
    mkdirSync(join(t.config.shellDist, 'prerendered'), { recursive: true });
    writeFileSync(
      join(t.config.shellDist, 'prerendered', 'about.html'),
      '<title>About Mindpath</title><h1>About</h1>',
    );
  });

  it('serves a public page its prerendered HTML, and the shell where none was made', async () => {
    const about = await page('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<h1>About</h1>');
    expect(about.headers['cache-control']).toBe(NO_CACHE);
    expect((await page('/about/?from=footer')).body).toContain('<h1>About</h1>');
    expect((await page('/pricing')).body).toContain('<title>Mindpath</title>');
    expect((await page('/goals')).body).toContain('<title>Mindpath</title>');
  });

  it('names this origin in robots.txt and lists the indexed public pages in sitemap.xml', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'mindpath.example' } });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://mindpath.example/sitemap.xml');
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'mindpath.example' } });
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const path of ['/', '/about', '/pricing', '/privacy-policy'])
      expect(sitemap.body).toContain(`<loc>http://mindpath.example${path}</loc>`);
    expect(sitemap.body).not.toContain('/login');
  });
});

describe('compression', () => {
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(() => {
    writeShell();
    const file = join(t.config.shellDist, 'chunk.0123456789.js');
    writeFileSync(file, js);
    writeFileSync(`${file}.br`, brotliCompressSync(js));
    writeFileSync(`${file}.gz`, gzipSync(js));
  });
  const get = (url: string, encoding?: string) =>
    t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the precompressed brotli or gzip sibling the client accepts, varying on Accept-Encoding', async () => {
    const br = await get('/chunk.0123456789.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await get('/chunk.0123456789.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await get('/chunk.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('compresses on the fly a file that has no sibling', async () => {
    const res = await get('/main.81c40539b4.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('compresses a JSON answer above 1 KB, not a small one', async () => {
    const big = await get('/api/docs/json', 'br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});

describe('cache policy', () => {
  it('treats only content-hashed shell files as immutable', () => {
    expect(shellCacheControl('/x/main.81c40539b4.js')).toBe(IMMUTABLE);
    expect(shellCacheControl('/x/272.ea71bb770b.css')).toBe(IMMUTABLE);
    expect(shellCacheControl('/x/index.html')).toBe(NO_CACHE);
    expect(shellCacheControl('/x/mf-manifest.json')).toBe(NO_CACHE);
    expect(shellCacheControl('/x/favicon.svg')).toBe(NO_CACHE);
    expect(shellCacheControl('/x/main.81c40539b4.js.br')).toBe(IMMUTABLE);
    expect(shellCacheControl('/x/index.html.gz')).toBe(NO_CACHE);
  });

  it('treats every remote file but the entry files as immutable', () => {
    expect(remoteCacheControl('/r/goals/1/remoteEntry.js')).toBe(NO_CACHE);
    expect(remoteCacheControl('/r/goals/1/remoteEntry.js.br')).toBe(NO_CACHE);
    expect(remoteCacheControl('/r/goals/1/mf-manifest.json')).toBe(NO_CACHE);
    expect(remoteCacheControl('/r/goals/1/__federation_expose_HomePage.js')).toBe(IMMUTABLE);
  });
});
