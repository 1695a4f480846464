// Practice in Chromium as a learner's browser meets it, on the release being measured:
// - per runtime (Python, SQL, JavaScript): the bytes its first run downloads (gzip and brotli, the release's
//   precompressed files), the cold first result and warm runs (median), a runaway loop stopped by the time
//   limit, and the page's longest main-thread task while it ran (goal ≤ 50 ms);
// - the lesson page's first load (a SQL lesson with runnable code, until its content shows): its JS (gzip) and
//   that none of it is a runtime or the editor, which load on the first Run or when the page is idle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import type { Learner } from './api-server.ts';
import { newContext } from './browser.ts';
import { call } from './generation.ts';
import { firstLesson } from './lessons.ts';
import { ROOT } from './paths.ts';
import { budget, kb, median, ms, type Row } from './table.ts';

/** The lesson page's JS before practice (its first load measured the same way on 277c89a) and what it may grow by. */
const LESSON_PAGE_JS_BEFORE_KB = 452.7;
const LESSON_PAGE_JS_SLACK_KB = 5;
/** The page's longest task while a runaway loop runs in a Worker. */
const LONGEST_TASK_MS = 50;
const LOOP_LIMIT_MS = 2000;

const CASES = [
  { language: 'python', hello: 'print("hi")\n1 + 1', loop: 'while True:\n    pass', setup: null },
  {
    language: 'sql',
    setup:
      "CREATE TABLE customers (id int, name text); INSERT INTO customers VALUES (1, 'Ada'), (2, 'Linus');",
    hello: 'SELECT name FROM customers ORDER BY id',
    loop: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r',
  },
  { language: 'javascript', hello: 'console.log("hi"); 1 + 1', loop: 'while (true) {}', setup: null },
] as const;

interface RuntimeFigures {
  language: string;
  gzip: number;
  brotli: number;
  files: number;
  coldMs: number;
  warmMs: number;
  loopStatus: string;
  loopStoppedMs: number;
  longestTaskMs: number;
  nextRunMs: number;
}

/** The size a browser downloads for a served file: its precompressed sibling when the release has one. */
function servedSize(file: string, encoding: 'gz' | 'br'): number {
  const sibling = `${file}.${encoding}`;
  return statSync(existsSync(sibling) ? sibling : file).size;
}

/** The runner's page client as one script: the lesson remote bundles it into its own chunks. */
async function clientScript(runtimesUrl: string): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { runnerFor, setRuntimesBaseUrl } from '@mindpath/runner/client';
        setRuntimesBaseUrl(${JSON.stringify(runtimesUrl)});
        window.runnerFor = runnerFor;`,
      resolveDir: join(ROOT, 'mf-lessons'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  });
  return out.outputFiles[0]!.text;
}

async function measureRuntimes(
  browser: Browser,
  base: string,
  deployDir: string,
  lessonsDir: string,
  runs: number,
): Promise<RuntimeFigures[]> {
  const script = await clientScript(`${base}${lessonsDir}/runtimes/`);
  const figures: RuntimeFigures[] = [];
  for (const c of CASES) {
    // a fresh context per runtime: nothing cached from the one before. The script is added by the bench, so
    // the page's CSP is bypassed; the app's CSP for Workers and WebAssembly is proved by the e2e suite.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.includes('/runtimes/')) fetched.push(path);
    });
    await page.goto(`${base}/api/health`);
    await page.addScriptTag({ content: script });
    const r = await page.evaluate(
      async ({ language, hello, loop, setup, runs, limit }) => {
        type Outcome = { status: string; error: string | null };
        const runner = (
          window as unknown as {
            runnerFor(l: string): {
              run(code: string, o: { setup: string | null; timeoutMs?: number }): Promise<Outcome>;
            };
          }
        ).runnerFor(language);
        const options = { setup };
        let t = performance.now();
        const first = await runner.run(hello, options);
        if (first.status !== 'ok') throw new Error(`${language}: ${first.status} ${first.error}`);
        const cold = performance.now() - t;
        const warm: number[] = [];
        for (let i = 0; i < runs; i++) {
          t = performance.now();
          await runner.run(hello, options);
          warm.push(performance.now() - t);
        }
        let longest = 0;
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
        });
        observer.observe({ type: 'longtask', buffered: false });
        t = performance.now();
        const stopped = await runner.run(loop, { ...options, timeoutMs: limit });
        const stoppedAfter = performance.now() - t;
        // a long task ending now is reported a moment later
        await new Promise((resolve) => setTimeout(resolve, 100));
        observer.disconnect();
        t = performance.now();
        const next = await runner.run(hello, options);
        if (next.status !== 'ok') throw new Error(`${language} after a stop: ${next.status} ${next.error}`);
        return {
          cold,
          warm,
          loopStatus: stopped.status,
          stoppedAfter,
          longest,
          nextRun: performance.now() - t,
        };
      },
      { ...c, runs, limit: LOOP_LIMIT_MS },
    );
    const files = [...new Set(fetched)].map((p) => join(deployDir, p));
    figures.push({
      language: c.language,
      gzip: files.reduce((sum, f) => sum + servedSize(f, 'gz'), 0),
      brotli: files.reduce((sum, f) => sum + servedSize(f, 'br'), 0),
      files: files.length,
      coldMs: r.cold,
      warmMs: median(r.warm),
      loopStatus: r.loopStatus,
      loopStoppedMs: r.stoppedAfter,
      longestTaskMs: r.longest,
      nextRunMs: r.nextRun,
    });
    await context.close();
  }
  return figures;
}

/** A SQL goal's first lesson (the offline curriculum's, with a runnable example), written. */
async function sqlLesson(base: string, learner: Learner): Promise<string> {
  const lessonId = await firstLesson(base, learner, 'Beginner: Learn SQL');
  await call(base, learner, 'POST', `/api/lessons/${lessonId}/generate-content`, {});
  await call(base, learner, 'GET', `/api/lessons/${lessonId}/content-status?waitMs=60000`);
  return lessonId;
}

/**
 * The lesson page's cold load until its content shows, with the page's idle time held back: the JS it
 * fetched by then (the page's resource timing), and whether any was practice's.
 */
export async function measureLessonPage(
  browser: Browser,
  base: string,
  learner: Learner,
  paths: { deployDir: string; shellDist: string },
) {
  const lessonId = await sqlLesson(base, learner);
  const context = await newContext(browser, base, learner.token);
  await context.addInitScript(() => {
    // idle work (the editor, the runtime, the exercises, fetched when the page has nothing else to do) can
    // start while the page still waits on the network: held back here, so what is measured is what the
    // lesson needs to show, as the e2e suite holds it to prove nothing of practice is in it
    window.requestIdleCallback = () => 0;
    const w = window as unknown as { __contentShown?: number };
    const observer = new MutationObserver(() => {
      const article = document.querySelector('article[aria-label="Lesson content"]');
      if (article?.querySelector('pre') && article.getAttribute('aria-busy') !== 'true') {
        w.__contentShown = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
  const page = await context.newPage();
  await page.goto(`/lessons/${lessonId}`);
  await page.waitForFunction(() => (window as unknown as { __contentShown?: number }).__contentShown);
  const fetched = await page.evaluate(() => {
    const shown = (window as unknown as { __contentShown: number }).__contentShown;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= shown)
      .map((e) => new URL(e.name).pathname);
  });
  await context.close();
  const js = [...new Set(fetched.filter((p) => p.endsWith('.js') && !p.includes('/runtimes/')))];
  const runtimeFiles = fetched.filter((p) => p.includes('/runtimes/'));
  const fileOf = (p: string) =>
    p.startsWith('/remotes/') ? join(paths.deployDir, p) : join(paths.shellDist, p);
  const gzip = js.reduce((sum, p) => sum + servedSize(fileOf(p), 'gz'), 0);
  // CodeMirror's view carries its class names as literals: a first-load file with them brought the editor
  const editorFiles = js.filter((p) => readFileSync(fileOf(p), 'utf8').includes('cm-editor'));
  return { gzip, files: js.length, editorFiles, runtimesBefore: runtimeFiles.length };
}

/** The live lessons release's folder (as remotes.json names it), e.g. /remotes/lessons/0.1.0-abc. */
function lessonsRelease(deployDir: string): string {
  const live = JSON.parse(readFileSync(join(deployDir, 'remotes.json'), 'utf8')) as {
    remotes: Record<string, { entry: string }>;
  };
  const entry = live.remotes.lessons?.entry;
  if (!entry) throw new Error('remotes.json has no lessons remote');
  const dir = entry.slice(0, entry.lastIndexOf('/'));
  if (!readdirSync(join(deployDir, dir)).includes('runtimes'))
    throw new Error(`${dir} has no runtimes/: build mf-lessons with the runner's runtimes`);
  return dir;
}

export async function measurePractice(
  browser: Browser,
  base: string,
  learner: Learner,
  paths: { deployDir: string; shellDist: string },
  runs: number,
) {
  const runtimes = await measureRuntimes(
    browser,
    base,
    paths.deployDir,
    lessonsRelease(paths.deployDir),
    Math.max(runs, 3),
  );
  const lessonPage = await measureLessonPage(browser, base, learner, paths);
  const rows: Row[] = runtimes.flatMap((r): Row[] => [
    {
      area: 'practice',
      metric: `${r.language}: bytes of the first run`,
      value: `${kb(r.brotli)} br`,
      note: `${kb(r.gzip)} gzip, ${r.files} files`,
    },
    {
      area: 'practice',
      metric: `${r.language}: cold first result / warm run`,
      value: `${ms(r.coldMs)} / ${ms(r.warmMs)}`,
      note: `warm: median of ${Math.max(runs, 3)}; the next run after a stopped loop ${ms(r.nextRunMs)}`,
    },
    {
      area: 'practice',
      metric: `${r.language}: longest main-thread task while a runaway loop runs`,
      value: ms(r.longestTaskMs),
      check: budget(
        r.longestTaskMs <= LONGEST_TASK_MS && r.loopStatus === 'timeout',
        `≤ ${LONGEST_TASK_MS} ms, loop stopped`,
      ),
      note: `the loop ended '${r.loopStatus}' after ${ms(r.loopStoppedMs)} (limit ${LOOP_LIMIT_MS} ms)`,
    },
  ]);
  rows.push({
    area: 'practice',
    metric: 'lesson page, JS of its first load (gzip)',
    value: kb(lessonPage.gzip),
    check: budget(
      lessonPage.gzip <= (LESSON_PAGE_JS_BEFORE_KB + LESSON_PAGE_JS_SLACK_KB) * 1024 &&
        lessonPage.editorFiles.length === 0 &&
        lessonPage.runtimesBefore === 0,
      `≤ ${LESSON_PAGE_JS_BEFORE_KB} + ${LESSON_PAGE_JS_SLACK_KB} KB, no runtime or editor`,
    ),
    note: `${lessonPage.files} files until the content shows; runtime files ${lessonPage.runtimesBefore}, editor files ${lessonPage.editorFiles.length}`,
  });
  return { rows, results: { runtimes, lessonPage } };
}
