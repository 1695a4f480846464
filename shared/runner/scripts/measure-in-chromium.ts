// Measures the built runtimes in headless Chromium as a learner's browser meets them: each runtime's bytes
// over the wire (brotli), its cold first result and warm runs (median of 3), Stop of a runaway loop and the
// page's longest task meanwhile. Serves dist/runtimes with the app's CSP and precompressed siblings.
// Run `node scripts/build-runtimes.ts` first, then `node scripts/measure-in-chromium.ts`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const runtimes = path.join(root, 'dist', 'runtimes');
const bundle = await build({
  stdin: {
    contents: `import { runnerFor, setRuntimesBaseUrl } from './src/client.ts';
      setRuntimesBaseUrl('/runtimes/');
      window.runnerFor = runnerFor;`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  write: false,
});
const pageScript = bundle.outputFiles[0]?.text ?? '';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.tar': 'application/x-tar',
};
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; object-src 'none'";
const sent = new Map<string, number>();
/** requests for files the build did not make (a runtime looking for something it lacks) */
const missing: string[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('content-security-policy', CSP);
  if (url.pathname === '/') {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>runner</title><script type="module" src="/page.js"></script>');
    return;
  }
  if (url.pathname === '/page.js') {
    res.setHeader('content-type', 'text/javascript');
    res.end(pageScript);
    return;
  }
  const file = path.join(runtimes, url.pathname.replace(/^\/runtimes\//, ''));
  if (!file.startsWith(runtimes) || !existsSync(file) || statSync(file).isDirectory()) {
    missing.push(url.pathname);
    res.statusCode = 404;
    res.end();
    return;
  }
  res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  const br = `${file}.br`;
  const body = String(req.headers['accept-encoding'] ?? '').includes('br') && existsSync(br) ? br : file;
  if (body === br) res.setHeader('content-encoding', 'br');
  const bytes = readFileSync(body);
  sent.set(url.pathname, bytes.length);
  res.end(bytes);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const CASES = [
  { language: 'python', hello: 'print("hi")\n1 + 1', loop: 'while True:\n    pass' },
  {
    language: 'sql',
    setup: "CREATE TABLE customers (id int, name text); INSERT INTO customers VALUES (1, 'Ada'), (2, 'Bo');",
    hello: 'SELECT name FROM customers ORDER BY id',
    loop: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r',
  },
  { language: 'javascript', hello: 'console.log("hi"); 1 + 1', loop: 'while (true) {}' },
] as const;

for (const c of CASES) {
  sent.clear();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(origin);
  await page.waitForFunction(() => 'runnerFor' in window);
  const result = await page.evaluate(
    async ({ language, hello, loop, setup }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const runner = (window as any).runnerFor(language);
      const options = { setup: setup ?? null };
      let t = performance.now();
      const first = await runner.run(hello, options);
      const cold = performance.now() - t;
      const warm: number[] = [];
      for (let i = 0; i < 3; i++) {
        t = performance.now();
        await runner.run(hello, options);
        warm.push(performance.now() - t);
      }
      // the main thread's longest task while a runaway loop runs, then stopped by the time limit
      let longest = 0;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 50);
      t = performance.now();
      const stopped = await runner.run(loop, { ...options, timeoutMs: 2000 });
      const stoppedAfter = performance.now() - t;
      clearInterval(ticking);
      observer.disconnect();
      t = performance.now();
      const after = await runner.run(hello, options);
      const afterStop = performance.now() - t;
      return { first, cold, warm, stopped, stoppedAfter, ticks, longest, after, afterStop };
    },
    { language: c.language, hello: c.hello, loop: c.loop, setup: 'setup' in c ? c.setup : null },
  );
  const bytes = [...sent.values()].reduce((a, b) => a + b, 0);
  console.log(
    JSON.stringify(
      {
        language: c.language,
        brotliBytes: bytes,
        files: Object.fromEntries(sent),
        first: {
          status: result.first.status,
          stdout: result.first.stdout,
          value: result.first.value,
          tables: result.first.tables,
          error: result.first.error,
        },
        coldMs: Math.round(result.cold),
        warmMedianMs: Math.round(median(result.warm)),
        loop: {
          status: result.stopped.status,
          error: result.stopped.error,
          afterMs: Math.round(result.stoppedAfter),
        },
        ticksWhileLooping: result.ticks,
        longestTaskMs: Math.round(result.longest),
        nextRun: { status: result.after.status, ms: Math.round(result.afterStop) },
        errors,
        missing: missing.splice(0),
      },
      null,
      1,
    ),
  );
  await page.close();
}
await browser.close();
server.close();
