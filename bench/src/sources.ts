// A goal's sources through the real API and its ingest job, on PGlite and on PostgreSQL (DATABASE_URL):
// recall@5 of the retrieval evaluation (the chapter pasted, each question asked through the search route);
// reading a 300-page PDF (pdfkit) and a 5 MB Markdown file, from the upload to ready; and search over the
// 10,000 passages of that Markdown file, next to /api/health of the same server in the same run: under
// load (autocannon, as a ratio) and one request at a time (p50/p99, the budget).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Source } from '@mindpath/contracts/sources';
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import autocannon from 'autocannon';
import { readRetrievalSet, recallAtK } from '../../api/src/modules/sources/retrieval/evaluation.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { newGoal } from './generation.ts';
import { ROOT } from './paths.ts';
import { postgresDatabase } from './scale.ts';
import { budget, type Row } from './table.ts';

const PORT = 8099;
const log = (msg: string) => process.stderr.write(`bench: sources: ${msg}\n`);
type DbKind = 'PGlite' | 'PostgreSQL';

const PDF_PAGES = 300;
const PDF_BUDGET_S = 30;
/** under SOURCE_LIMITS.maxChars (5,000,000): 5 MB in decimal megabytes, the largest text a source may hold */
const MARKDOWN_BYTES = SOURCE_LIMITS.maxChars - 10_000;
/** short sections (a glossary's or a reference's): one passage each, so the file makes about 10,000 */
const MARKDOWN_SECTION_BYTES = 470;
const SEARCH_P99_BUDGET_MS = 50;
const ONE_AT_A_TIME = 200;
const SEARCH_QUERIES = 24;

// pdfkit is the API's (a dev dependency its tests write PDFs with); the bench borrows it from there
const requireFromApi = createRequire(join(ROOT, 'api', 'package.json'));
/** What the bench uses of pdfkit's PDFDocument. */
interface PdfWriter {
  on(event: 'data' | 'end' | 'error', listener: (arg: never) => void): PdfWriter;
  addPage(): PdfWriter;
  fontSize(size: number): PdfWriter;
  text(text: string): PdfWriter;
  moveDown(): PdfWriter;
  end(): void;
}

/** A deterministic pseudo-random stream, so every run reads and searches the same text. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/**
 * Made-up words drawn as natural text draws its words (Zipf: the r-th most common about 1/r as often), so a
 * query's words match as many passages as real words would: a few common ones many, most of them few.
 */
function corpus(seed: number, vocabulary = 20_000) {
  const rnd = lcg(seed);
  const syllables =
    'ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu'.split(
      ' ',
    );
  const words = new Set<string>();
  while (words.size < vocabulary) {
    const n = 2 + Math.floor(rnd() * 3);
    words.add(Array.from({ length: n }, () => syllables[Math.floor(rnd() * syllables.length)]).join(''));
  }
  const list = [...words];
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= list.length; r++) {
    total += 1 / r;
    cumulative.push(total);
  }
  const word = () => {
    const x = rnd() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
  const sentence = (n: number) => {
    const s = Array.from({ length: n }, word).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  /** about `words` words in sentences of 8 to 20 */
  const paragraph = (count: number) => {
    const out: string[] = [];
    let left = count;
    while (left > 0) {
      const n = Math.min(left, 8 + Math.floor(rnd() * 13));
      out.push(sentence(n));
      left -= n;
    }
    return out.join(' ');
  };
  /** a word of about this rank (1: the most common) */
  const ranked = (rank: number) => list[Math.min(list.length - 1, Math.max(0, rank - 1))]!;
  return { word, sentence, paragraph, ranked, rnd };
}

export function markdownFile(): { text: string; sections: number } {
  const c = corpus(7);
  const parts = ['# A reference of made-up words\n\n'];
  let bytes = parts[0]!.length;
  let sections = 0;
  while (bytes < MARKDOWN_BYTES - MARKDOWN_SECTION_BYTES) {
    sections++;
    const heading = `## Entry ${sections}: ${c.word()} ${c.word()}\n\n`;
    let body = c.paragraph(40);
    while (heading.length + body.length + 2 < MARKDOWN_SECTION_BYTES) body += ` ${c.sentence(6)}`;
    const section = `${heading}${body}\n\n`;
    parts.push(section);
    bytes += section.length;
  }
  return { text: parts.join(''), sections };
}

export async function pdfFile(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const PDFDocument = requireFromApi('pdfkit') as new (options: object) => PdfWriter;
  const c = corpus(11);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ info: { Title: 'A 300-page book of made-up words' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (let p = 1; p <= pages; p++) {
      if (p > 1) doc.addPage();
      doc.fontSize(18).text(`Chapter ${p}: ${c.word()} ${c.word()}`);
      doc.moveDown();
      // about 330 words: a page of a book, well inside one PDF page at 11 pt
      for (let i = 0; i < 3; i++) doc.fontSize(11).text(c.paragraph(110)).moveDown();
    }
    doc.end();
  });
}

async function api<T>(
  base: string,
  learner: Learner,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { ...learner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The source once its job is done; a failed one is an error (the bench reads documents that must work). */
async function ready(base: string, learner: Learner, id: string, timeoutMs = 300_000): Promise<Source> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const source = await api<Source>(base, learner, 'GET', `/api/sources/${id}`);
    if (source.state === 'ready') return source;
    if (source.state === 'failed') throw new Error(`source ${source.title} failed: ${source.error?.message}`);
    if (Date.now() > end) throw new Error(`source ${source.title} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Upload to ready, as the learner waits for it: the request, the job's claim, reading and storing. */
async function timedUpload(
  base: string,
  learner: Learner,
  goalId: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${base}/api/goals/${goalId}/sources`, {
    method: 'POST',
    headers: learner.headers,
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload ${file.name}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as Source;
  const source = await ready(base, learner, id);
  return { source, seconds: (performance.now() - started) / 1000 };
}

interface Hit {
  headingPath: string[];
  text: string;
}

const searchPath = (goalId: string, q: string, limit = 5) =>
  `/api/goals/${goalId}/sources/search?q=${encodeURIComponent(q)}&limit=${limit}`;

async function measureRecall(base: string) {
  const set = readRetrievalSet(
    join(ROOT, 'api', 'test', 'fixtures', 'retrieval', 'relational-databases.questions.json'),
  );
  const learner = await registerLearner(base);
  const { goalId } = await newGoal(base, learner);
  const added = await api<Source>(base, learner, 'POST', `/api/goals/${goalId}/sources/text`, {
    title: set.title,
    text: set.text,
  });
  const source = await ready(base, learner, added.id);
  const report = await recallAtK(set.questions, async (q) => {
    const { hits } = await api<{ hits: Hit[] }>(base, learner, 'GET', searchPath(goalId, q));
    return hits;
  });
  return { ...report, passages: source.passages };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** p50/p99 of requests made one after another (no queue in front of them: the request's own time). */
async function oneAtATime(base: string, paths: string[], headers: Record<string, string>, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length]!, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return { p50Ms: quantile(times, 0.5), p99Ms: quantile(times, 0.99) };
}

/** Under load: `connections` at once for `seconds`, each connection going through the paths in turn. */
async function underLoad(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  const result = await autocannon({
    url: base + paths[0]!,
    connections,
    duration: seconds,
    // the embedded database answers one query at a time: under 32 connections a search waits its turn for
    // longer than autocannon's 10 s default, which is a figure to report, not an error
    timeout: 120,
    headers,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${paths[0]}: ${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return { reqPerSec: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/** Queries of 2 to 4 words: one common (rank 20–200), the others rarer (rank 200–5,000), as questions are. */
export function searchQueries(count: number): string[] {
  const c = corpus(7);
  const rank = (lo: number, hi: number) => Math.floor(lo * (hi / lo) ** c.rnd());
  return Array.from({ length: count }, () => {
    const n = 2 + Math.floor(c.rnd() * 3);
    const words = [
      c.ranked(rank(20, 200)),
      ...Array.from({ length: n - 1 }, () => c.ranked(rank(200, 5000))),
    ];
    return `what is ${words.join(' and ')}`;
  });
}

export interface SourcesFigures {
  recall: { at5: number; at1: number; mrr: number; questions: number; misses: string[] };
  pdf: { pages: number; passages: number; bytes: number; seconds: number };
  markdown: { bytes: number; sections: number; passages: number; seconds: number };
  search: {
    passages: number;
    health: { reqPerSec: number; p50Ms: number; p99Ms: number };
    underLoad: { reqPerSec: number; p50Ms: number; p99Ms: number; ratio: number };
    oneAtATime: { p50Ms: number; p99Ms: number; healthP50Ms: number; healthP99Ms: number };
  };
}

export async function measureSources(
  deployment: Deployment,
  opts: { seconds: number; connections: number },
): Promise<{ rows: Row[]; results: Partial<Record<DbKind, SourcesFigures>> }> {
  const rows: Row[] = [];
  const results: Partial<Record<DbKind, SourcesFigures>> = {};
  const pdf = await pdfFile(PDF_PAGES);
  const markdown = markdownFile();
  const markdownBytes = new TextEncoder().encode(markdown.text);
  const queries = searchQueries(SEARCH_QUERIES);
  const kinds: DbKind[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  for (const kind of kinds) {
    const pg = kind === 'PostgreSQL' ? await postgresDatabase(process.env.DATABASE_URL!) : undefined;
    try {
      const server = await startApi(deployment, { port: PORT, env: { DATABASE_URL: pg?.url ?? '' } });
      try {
        const { base } = server;
        const recall = await measureRecall(base);
        log(`${kind}: recall@5 ${recall.recall.toFixed(3)}`);

        const reader = await registerLearner(base);
        const pdfGoal = await newGoal(base, reader);
        const pdfRead = await timedUpload(base, reader, pdfGoal.goalId, {
          bytes: pdf,
          name: 'book.pdf',
          type: 'application/pdf',
        });

        log(`${kind}: the PDF read in ${pdfRead.seconds.toFixed(1)} s`);
        const searcher = await registerLearner(base);
        const { goalId } = await newGoal(base, searcher);
        const mdRead = await timedUpload(base, searcher, goalId, {
          bytes: markdownBytes,
          name: 'reference.md',
          type: 'text/markdown',
        });

        log(
          `${kind}: the Markdown file read in ${mdRead.seconds.toFixed(1)} s (${mdRead.source.passages} passages)`,
        );
        const paths = queries.map((q) => searchPath(goalId, q));
        const probe = await api<{ hits: Hit[] }>(base, searcher, 'GET', paths[0]!);
        if (probe.hits.length === 0) throw new Error(`the search for "${queries[0]}" found nothing`);
        // warm the JIT, the connections and the database's caches before anything is timed
        await underLoad(base, ['/api/health'], {}, 2, opts.connections);
        await underLoad(base, paths, searcher.headers, 2, opts.connections);
        // autocannon stops at its deadline with searches still queued for the database (32 of them, half a
        // second on PGlite): the first search timed alone waited behind them (174 ms against a p50 of 17).
        // One untimed search waits its turn behind the last of them.
        await oneAtATime(base, paths.slice(0, 1), searcher.headers, 1);
        const healthAlone = await oneAtATime(base, ['/api/health'], {}, ONE_AT_A_TIME);
        const alone = await oneAtATime(base, paths, searcher.headers, ONE_AT_A_TIME);
        const health = await underLoad(base, ['/api/health'], {}, opts.seconds, opts.connections);
        const loaded = await underLoad(base, paths, searcher.headers, opts.seconds, opts.connections);

        const figures: SourcesFigures = {
          recall: {
            at5: recall.recall,
            at1: recall.recallAt1,
            mrr: recall.mrr,
            questions: recall.questions,
            misses: recall.misses.map((m) => `${m.question} (${m.rank ?? 'not found'})`),
          },
          pdf: {
            pages: pdfRead.source.pages ?? 0,
            passages: pdfRead.source.passages,
            bytes: pdf.length,
            seconds: pdfRead.seconds,
          },
          markdown: {
            bytes: markdownBytes.length,
            sections: markdown.sections,
            passages: mdRead.source.passages,
            seconds: mdRead.seconds,
          },
          search: {
            passages: mdRead.source.passages,
            health,
            underLoad: { ...loaded, ratio: loaded.reqPerSec / health.reqPerSec },
            oneAtATime: { ...alone, healthP50Ms: healthAlone.p50Ms, healthP99Ms: healthAlone.p99Ms },
          },
        };
        results[kind] = figures;
        rows.push(...rowsOf(kind, figures, opts));
      } finally {
        await server.stop();
      }
    } finally {
      await pg?.drop();
    }
  }
  return { rows, results };
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const msText = (n: number) => `${n.toFixed(1)} ms`;

function rowsOf(kind: DbKind, f: SourcesFigures, opts: { seconds: number; connections: number }): Row[] {
  const s = f.search;
  return [
    {
      area: 'Sources',
      metric: `recall@5 of the retrieval evaluation, ${kind}`,
      value: f.recall.at5.toFixed(3),
      check: budget(f.recall.at5 >= 0.9, '≥ 0.9'),
      note: `${f.recall.questions} questions on a 25-section chapter pasted through the API, searched through GET …/sources/search; recall@1 ${f.recall.at1.toFixed(3)}, MRR@5 ${f.recall.mrr.toFixed(3)}${f.recall.misses.length ? `; missed: ${f.recall.misses.join('; ')}` : ''}`,
    },
    {
      area: 'Sources',
      metric: `a ${PDF_PAGES}-page PDF, upload to ready, ${kind}`,
      value: `${f.pdf.seconds.toFixed(1)} s`,
      check: budget(f.pdf.seconds <= PDF_BUDGET_S, `≤ ${PDF_BUDGET_S} s`),
      note: `${mb(f.pdf.bytes)} (pdfkit), ${f.pdf.pages} pages read into ${f.pdf.passages} passages by the ingest job`,
    },
    {
      area: 'Sources',
      metric: `a 5 MB Markdown file, upload to ready, ${kind}`,
      value: `${f.markdown.seconds.toFixed(1)} s`,
      note: `${mb(f.markdown.bytes)}, ${f.markdown.sections} sections read into ${f.markdown.passages} passages`,
    },
    {
      area: 'Sources',
      metric: `search at ${s.passages.toLocaleString('en')} passages, one at a time, ${kind}`,
      value: `p50 ${msText(s.oneAtATime.p50Ms)}, p99 ${msText(s.oneAtATime.p99Ms)}`,
      check: budget(s.oneAtATime.p99Ms <= SEARCH_P99_BUDGET_MS, `p99 ≤ ${SEARCH_P99_BUDGET_MS} ms`),
      note: `${ONE_AT_A_TIME} searches of ${SEARCH_QUERIES} questions (2–4 words, one common), limit 5 with snippets; GET /api/health one at a time: p50 ${msText(s.oneAtATime.healthP50Ms)}, p99 ${msText(s.oneAtATime.healthP99Ms)}`,
    },
    {
      area: 'Sources',
      metric: `search at ${s.passages.toLocaleString('en')} passages under load, ${kind}`,
      value: `${s.underLoad.reqPerSec.toFixed(0)} req/s, p50 ${s.underLoad.p50Ms} ms, p99 ${s.underLoad.p99Ms} ms`,
      note: `${s.underLoad.ratio.toFixed(3)} × /api/health (${s.health.reqPerSec.toFixed(0)} req/s, p99 ${s.health.p99Ms} ms); ${opts.connections} connections × ${opts.seconds} s`,
    },
  ];
}
