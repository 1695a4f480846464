// A goal's sources through the API, on PGlite (and PostgreSQL with DATABASE_URL): each kind end to end
// (pasted text, Markdown, a multi-page PDF pdfkit writes, HTML full of scripts, a web page fetched from a
// local server), full-text search with its «» snippets, the passage viewer, replacement (the old passages
// kept until the new ones are written, and kept when it fails), removal with the stored bytes, and the goal's
// deletion.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoalSourcesSchema, PassageViewSchema, SourceSchema } from '@mindpath/contracts/sources';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPassages } from '../src/modules/sources/index.ts';
import { sweepSourceFiles } from '../src/modules/sources/sweep.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import {
  chaptersPdf,
  newGoal as goalOf,
  pasteSource,
  pdfBytes,
  settledSource,
  upload,
} from './helpers/sources.ts';

type Headers = Record<string, string>;

let t: TestApp;
let site: Server;
let siteHost: string;
const pages: Record<string, { type: string; body: string }> = {};

beforeAll(async () => {
  site = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ SOURCE_FETCH_ALLOW_HOSTS: siteHost });
}, 120_000);
afterAll(async () => {
  await t?.close();
  site?.close();
});

interface Learner {
  email: string;
  headers: Headers;
}

async function learner(pro = true): Promise<Learner> {
  const l = await registerLearner(t.app);
  if (pro) await setTierByEmail(t.app.db, l.email, 'pro');
  return { email: l.email, headers: l.headers };
}

const newGoal = (l: Learner, description?: string) => goalOf(t, l.headers, description);
const paste = async (l: Learner, goalId: string, title: string, text: string) =>
  SourceSchema.parse(await pasteSource(t, l.headers, goalId, title, text));

async function search(l: Learner, goalId: string, q: string, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const res = await t.api('GET', `/goals/${goalId}/sources/search?${query}`, l.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    hits: {
      passageId: string;
      sourceId: string;
      snippet: string;
      text: string;
      headingPath: string[];
      page: number | null;
      rank: number;
    }[];
  }>().hits;
}

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${i % 7 === 0 ? '.' : ''}`).join(' ');

const NOTES = `# Indexes

A B-tree index keeps keys sorted so a lookup walks from the root to a leaf. ${words(40, 'filler')}

## Partial indexes

A partial index covers only the rows matching its predicate, which keeps it small. ${words(30, 'padding')}

# Transactions

Isolation levels decide which anomalies a transaction may see: read committed, repeatable read, serializable.
`;

const storedFiles = async () => (await t.app.media.list('sources')).sort();

describe('pasted text', () => {
  it('is read into passages under its headings, searched with «» snippets, and shown with its context', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const source = await paste(l, goalId, 'My database notes', NOTES);
    expect(source).toMatchObject({
      title: 'My database notes',
      origin: 'paste',
      format: 'markdown',
      state: 'ready',
      progress: 100,
      error: null,
      pages: null,
      bytes: Buffer.byteLength(NOTES.trim()),
    });
    expect(source.sections).toBeGreaterThanOrEqual(3);
    expect(source.passages).toBeGreaterThanOrEqual(3);

    const list = GoalSourcesSchema.parse((await t.api('GET', `/goals/${goalId}/sources`, l.headers)).json());
    expect(list.sources.map((s) => s.id)).toEqual([source.id]);
    expect(list.limits).toEqual({ perGoal: 50, maxBytes: 50 * 1024 * 1024 });

    const hits = await search(l, goalId, 'partial index predicate');
    expect(hits.length).toBeGreaterThan(0);
    const [best] = hits;
    expect(best!.headingPath).toEqual(['Indexes', 'Partial indexes']);
    expect(best!.snippet).toContain('«predicate»');
    expect(best!.sourceId).toBe(source.id);

    // a question rarely has all its words in the passage: some of them still find it, after those with all
    const loose = await search(l, goalId, 'which isolation levels exist in postgres');
    expect(loose[0]!.headingPath).toEqual(['Transactions']);
    // the learner's own operators are kept: an excluded word excludes
    const excluded = await search(l, goalId, 'index -predicate');
    expect(excluded.map((h) => h.passageId)).not.toContain(best!.passageId);
    expect(await search(l, goalId, 'the of and')).toEqual([]);

    const view = await t.api('GET', `/passages/${best!.passageId}`, l.headers);
    expect(view.statusCode, view.body).toBe(200);
    const passage = PassageViewSchema.parse(view.json());
    expect(passage.text).toBe(best!.text);
    expect(passage.format).toBe('markdown');
    expect(passage.before).toContain('B-tree index');
    expect(passage.after).toContain('Isolation levels');
    expect(passage.before.length).toBeLessThanOrEqual(600);

    // the same search for other modules (grounded lessons, the tutor)
    const user = (await t.api('GET', '/user', l.headers)).json<{ id: string }>().id;
    const direct = await searchPassages(t.app.db, {
      userId: user,
      goalId,
      query: 'partial index predicate',
      limit: 1,
    });
    expect(direct.map((h) => h.passageId)).toEqual([best!.passageId]);
    // scoped to its owner
    expect(await searchPassages(t.app.db, { userId: goalId, goalId, query: 'predicate' })).toEqual([]);
  });

  it('keeps a passage and its context exact past characters beyond the Basic Multilingual Plane', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const emoji = '😀 '.repeat(900);
    const text = `# Intro\n\n${emoji}\n\n# Target\n\nThe zebra crossing sentence is here. ${words(20, 'more')}`;
    await paste(l, goalId, 'Emoji', text);
    const [hit] = await search(l, goalId, 'zebra crossing');
    const view = PassageViewSchema.parse(
      (await t.api('GET', `/passages/${hit!.passageId}`, l.headers)).json(),
    );
    expect(view.text).toContain('zebra crossing');
    expect(view.before).toContain('😀');
    expect(view.before.endsWith(view.text) || !view.before.includes('zebra')).toBe(true);
  });
});

describe('files', () => {
  it('a multi-page PDF: its pages, passages with their page, found by search', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const pdf = await chaptersPdf(
      [
        {
          title: 'Chapter 1 Storage',
          paragraphs: [`Heap files store rows in pages. ${words(60, 'storage')}`],
        },
        {
          title: 'Chapter 2 Vacuum',
          paragraphs: [`Vacuum reclaims dead tuples left by updates. ${words(60, 'vacuum')}`],
        },
        {
          title: 'Chapter 3 Replication',
          paragraphs: [`Streaming replication ships the write-ahead log. ${words(60, 'wal')}`],
        },
      ],
      { Title: 'Database Internals' },
    );
    const res = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: pdf,
      name: 'internals.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      origin: 'file',
      fileName: 'internals.pdf',
      state: 'processing',
      bytes: pdf.length,
    });
    const source = await settledSource(t, l.headers, res.json().id);
    expect(source).toMatchObject({ state: 'ready', format: 'pdf', pages: 3, title: 'Database Internals' });
    const [hit] = await search(l, goalId, 'dead tuples');
    expect(hit!.page).toBe(2);
    const view = PassageViewSchema.parse(
      (await t.api('GET', `/passages/${hit!.passageId}`, l.headers)).json(),
    );
    expect(view).toMatchObject({ page: 2, format: 'pdf', sourceTitle: 'Database Internals' });
  });

  it('Markdown and HTML files; an HTML page full of scripts gives its text only', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const md = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: Buffer.from(NOTES),
      name: 'notes.md',
      type: 'text/markdown',
    });
    expect(md.statusCode, md.body).toBe(202);
    expect(await settledSource(t, l.headers, md.json().id)).toMatchObject({
      state: 'ready',
      format: 'markdown',
      title: 'Indexes',
    });

    const html = `<!doctype html><html><head><title>Query planning</title><script>window.secretScript = 'alert(1)'</script>
      <style>.x { color: red }</style></head><body><nav>Home | About</nav><article><h1>Query planning</h1>
      <p>The planner estimates costs from table statistics and picks the cheapest plan. ${words(60, 'planner')}</p>
      <h2>Join strategies</h2><p>Nested loops, hash joins and merge joins each suit different inputs. ${words(60, 'joins')}</p>
      <script>document.write('injectedByScript')</script><img src=x onerror="alert('onerrorHandler')"></article></body></html>`;
    const page = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: Buffer.from(html),
      name: 'planning.html',
      type: 'text/html',
    });
    expect(page.statusCode, page.body).toBe(202);
    const source = await settledSource(t, l.headers, page.json().id);
    expect(source).toMatchObject({ state: 'ready', format: 'html', title: 'Query planning' });
    const hits = await search(l, goalId, 'hash joins');
    expect(hits[0]!.headingPath).toContain('Join strategies');
    for (const q of ['secretScript', 'injectedByScript', 'onerrorHandler', 'color red']) {
      const found = await search(l, goalId, q);
      expect(
        found.filter((h) => h.sourceId === source.id),
        q,
      ).toEqual([]);
    }
  });
});

describe('a web address', () => {
  it('is fetched by the job and read; a private address is refused and recorded', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    pages['/guide.html'] = {
      type: 'text/html; charset=utf-8',
      body: `<html><head><title>Backup guide</title></head><body><main><h1>Backups</h1><p>A base backup plus archived WAL allows point-in-time recovery. ${words(80, 'backup')}</p></main></body></html>`,
    };
    const res = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: `http://${siteHost}/guide.html`,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      origin: 'url',
      url: `http://${siteHost}/guide.html`,
      state: 'processing',
      bytes: 0,
    });
    const source = await settledSource(t, l.headers, res.json().id);
    expect(source).toMatchObject({ state: 'ready', format: 'html', title: 'Backup guide' });
    expect(source.bytes).toBe(Buffer.byteLength(pages['/guide.html'].body));
    expect((await search(l, goalId, 'point-in-time recovery'))[0]!.sourceId).toBe(source.id);

    // the same page again is the same bytes: a duplicate, recorded on the second source
    const again = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: `http://${siteHost}/guide.html?again`,
    });
    pages['/guide.html?again'] = pages['/guide.html'];
    expect(await settledSource(t, l.headers, again.json().id)).toMatchObject({
      state: 'failed',
      error: { code: 'duplicate', message: SOURCE_MESSAGES.duplicate },
    });

    // only the allow-listed host:port skips the address check
    const blocked = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: 'http://127.0.0.1:9/secret',
    });
    expect(blocked.statusCode, blocked.body).toBe(202);
    expect(await settledSource(t, l.headers, blocked.json().id)).toMatchObject({
      state: 'failed',
      error: { code: 'url_blocked', message: SOURCE_MESSAGES.url_blocked },
      passages: 0,
    });

    pages['/logo.png'] = { type: 'image/png', body: 'not really a png' };
    const image = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: `http://${siteHost}/logo.png`,
    });
    expect(await settledSource(t, l.headers, image.json().id)).toMatchObject({
      state: 'failed',
      error: { code: 'url_not_document' },
    });

    const bad = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: 'ftp://example.com/file',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(SOURCE_MESSAGES.url_invalid);
  });
});

describe('bad input', () => {
  it('each refusal is recorded on the source in the learner’s words, and nothing else is touched', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const kept = await paste(l, goalId, 'Kept', NOTES);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]);
    // pages drawn without any text, as a scan's images are
    const scanned = await pdfBytes((doc) => {
      doc.rect(50, 50, 300, 400).fill('#333');
      doc.addPage().circle(200, 200, 80).fill('#777');
    });
    const encrypted = await pdfBytes((doc) => doc.text('Locked text of a protected file.'), {
      userPassword: 'pw',
      ownerPassword: 'owner',
      pdfVersion: '1.7',
    });
    const cases: { name: string; bytes: Buffer; type: string; code: string }[] = [
      { name: 'archive.pdf', bytes: zip, type: 'application/pdf', code: 'mismatched_type' },
      { name: 'scan.pdf', bytes: scanned, type: 'application/pdf', code: 'no_text_layer' },
      { name: 'locked.pdf', bytes: encrypted, type: 'application/pdf', code: 'encrypted' },
      {
        name: 'broken.pdf',
        bytes: Buffer.from('%PDF-1.7\n1 0 obj garbage'),
        type: 'application/pdf',
        code: 'corrupt',
      },
      { name: 'blank.txt', bytes: Buffer.from('   \n\n  '), type: 'text/plain', code: 'empty' },
    ];
    for (const c of cases) {
      const res = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, c);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(202);
      const source = await settledSource(t, l.headers, res.json().id);
      expect(source, c.name).toMatchObject({ state: 'failed', passages: 0, error: { code: c.code } });
      expect(source.error!.message).toBe(SOURCE_MESSAGES[c.code as keyof typeof SOURCE_MESSAGES]);
    }
    expect(SOURCE_MESSAGES.no_text_layer).toBe(
      'This PDF has no text we can read; scanned pages are not supported yet.',
    );
    expect(await settledSource(t, l.headers, kept.id)).toEqual(kept);
    expect((await search(l, goalId, 'partial index predicate')).length).toBeGreaterThan(0);
  });

  it('the upload must be multipart with a file', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const json = await t.api('POST', `/goals/${goalId}/sources`, l.headers, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      code: 'file_required',
      message: SOURCE_MESSAGES.file_required,
      requestId: expect.any(String),
    });
    const form = new FormData();
    form.append('other', 'value');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/goals/${goalId}/sources`,
      headers: { ...l.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json().code).toBe('file_required');
  });
});

describe('limits and duplicates', () => {
  it('free: 3 sources per goal (429 with the rate-limit body), 10 MB a file (413 too_large); the same file twice is 409', async () => {
    const l = await learner(false);
    const goalId = await newGoal(l);
    const limits = GoalSourcesSchema.parse(
      (await t.api('GET', `/goals/${goalId}/sources`, l.headers)).json(),
    ).limits;
    expect(limits).toEqual({ perGoal: 3, maxBytes: 10 * 1024 * 1024 });

    const big = Buffer.alloc(limits.maxBytes + 1, 'a');
    const tooLarge = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: big,
      name: 'big.txt',
      type: 'text/plain',
    });
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json()).toEqual({
      code: 'too_large',
      message: SOURCE_MESSAGES.too_large,
      requestId: expect.any(String),
    });
    // exactly the limit is accepted (too much text for a source, which its reading says)
    const atLimit = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: big.subarray(0, limits.maxBytes),
      name: 'limit.txt',
      type: 'text/plain',
    });
    expect(atLimit.statusCode, atLimit.body).toBe(202);
    expect(await settledSource(t, l.headers, atLimit.json().id)).toMatchObject({
      state: 'failed',
      error: { code: 'too_much_text' },
    });
    expect((await t.api('DELETE', `/sources/${atLimit.json().id}`, l.headers)).statusCode).toBe(204);

    const file = { bytes: Buffer.from(NOTES), name: 'notes.md', type: 'text/markdown' };
    const first = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, file);
    expect(first.statusCode).toBe(202);
    const twice = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      ...file,
      name: 'copy.md',
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toEqual({
      code: 'duplicate',
      message: SOURCE_MESSAGES.duplicate,
      requestId: expect.any(String),
    });

    await paste(l, goalId, 'Two', 'Second source text about joins.');
    await paste(l, goalId, 'Three', 'Third source text about views.');
    const fourth = await t.api('POST', `/goals/${goalId}/sources/text`, l.headers, {
      title: 'Four',
      text: 'One more.',
    });
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'PLAN_LIMIT',
      message: SOURCE_MESSAGES.too_many_sources,
      hoursUntilReset: 0,
      subscriptionMessage: expect.stringContaining('Pro'),
      currentCount: 3,
      maxRequests: 3,
      requestId: expect.any(String),
    });
    const url = await t.api('POST', `/goals/${goalId}/sources/url`, l.headers, {
      url: 'https://example.com/',
    });
    expect(url.statusCode).toBe(429);
    const sources = GoalSourcesSchema.parse(
      (await t.api('GET', `/goals/${goalId}/sources`, l.headers)).json(),
    );
    expect(sources.sources).toHaveLength(3);
  }, 120_000);
});

describe('replacing', () => {
  it('keeps the old passages searchable until the new ones are written, and keeps them when it fails', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const res = await upload(t, 'POST', `/goals/${goalId}/sources`, l.headers, {
      bytes: Buffer.from(NOTES),
      name: 'v1.md',
      type: 'text/markdown',
    });
    const v1 = await settledSource(t, l.headers, res.json().id);
    const filesBefore = await storedFiles();
    // the same file on another goal is another source
    const otherGoal = await newGoal(l, 'Beginner: Learn SQL');
    const copy = await upload(t, 'POST', `/goals/${otherGoal}/sources`, l.headers, {
      bytes: Buffer.from(NOTES),
      name: 'v1.md',
      type: 'text/markdown',
    });
    expect(copy.statusCode, copy.body).toBe(202);
    await settledSource(t, l.headers, copy.json().id);

    const replaced = await upload(t, 'PUT', `/sources/${v1.id}`, l.headers, {
      bytes: Buffer.from(
        `# Sharding\n\nHorizontal sharding spreads rows over nodes by a shard key. ${words(40, 'shard')}`,
      ),
      name: 'v2.md',
      type: 'text/markdown',
    });
    expect(replaced.statusCode, replaced.body).toBe(202);
    expect(replaced.json()).toMatchObject({ id: v1.id, state: 'processing', fileName: 'v1.md' });
    // until it is read, the old passages answer
    const during = await search(l, goalId, 'partial index predicate');
    const v2 = await settledSource(t, l.headers, v1.id);
    expect(v2).toMatchObject({
      id: v1.id,
      state: 'ready',
      fileName: 'v2.md',
      title: 'Sharding',
      error: null,
    });
    expect(during.length === 0 || during[0]!.sourceId === v1.id).toBe(true);
    expect(await search(l, goalId, 'partial index predicate')).toEqual([]);
    expect((await search(l, goalId, 'shard key'))[0]!.sourceId).toBe(v1.id);
    // the old file went, the new one stays
    const filesAfter = await storedFiles();
    expect(filesAfter).toHaveLength(filesBefore.length + 1);
    expect(filesAfter).not.toEqual(filesBefore);

    const failed = await upload(t, 'PUT', `/sources/${v1.id}`, l.headers, {
      bytes: Buffer.from('%PDF-1.7\nnot a real pdf'),
      name: 'v3.pdf',
      type: 'application/pdf',
    });
    expect(failed.statusCode, failed.body).toBe(202);
    const after = await settledSource(t, l.headers, v1.id);
    expect(after).toMatchObject({
      state: 'ready',
      fileName: 'v2.md',
      passages: v2.passages,
      error: { code: 'corrupt', message: SOURCE_MESSAGES.corrupt },
    });
    expect((await search(l, goalId, 'shard key'))[0]!.sourceId).toBe(v1.id);
    expect(await storedFiles()).toEqual(filesAfter);
  });
});

describe('privacy and removal', () => {
  it("another learner's goal, source and passage are 404; the stored bytes are never served", async () => {
    const a = await learner();
    const b = await learner();
    const goalA = await newGoal(a);
    const goalB = await newGoal(b);
    const sourceB = await paste(b, goalB, 'B notes', NOTES);
    const [hitB] = await search(b, goalB, 'predicate');
    const file = { bytes: Buffer.from('# Mine\n\nText.'), name: 'x.md', type: 'text/markdown' };
    const refused = [
      await t.api('GET', `/goals/${goalB}/sources`, a.headers),
      await t.api('GET', `/goals/${goalB}/sources/search?q=predicate`, a.headers),
      await t.api('POST', `/goals/${goalB}/sources/text`, a.headers, { title: 'x', text: 'y' }),
      await t.api('POST', `/goals/${goalB}/sources/url`, a.headers, { url: 'https://example.com/' }),
      await upload(t, 'POST', `/goals/${goalB}/sources`, a.headers, file),
      await t.api('GET', `/sources/${sourceB.id}`, a.headers),
      await upload(t, 'PUT', `/sources/${sourceB.id}`, a.headers, file),
      await t.api('DELETE', `/sources/${sourceB.id}`, a.headers),
      await t.api('GET', `/passages/${hitB!.passageId}`, a.headers),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('predicate');
    }
    expect(await search(a, goalA, 'predicate')).toEqual([]);
    expect(await settledSource(t, b.headers, sourceB.id)).toEqual(sourceB);

    // the owner's own stored file is not a media file
    for (const name of await storedFiles()) {
      const res = await t.api('GET', `/media/sources/${name}`, b.headers);
      expect(res.statusCode).toBe(404);
    }
  });

  it('removing a source takes its passages and stored file; deleting the goal takes its sources', async () => {
    const l = await learner();
    const goalId = await newGoal(l);
    const before = await storedFiles();
    const one = await paste(l, goalId, 'One', NOTES);
    const two = await paste(
      l,
      goalId,
      'Two',
      `# Views\n\nA materialized view stores its query's result. ${words(30, 'view')}`,
    );
    expect((await storedFiles()).length).toBe(before.length + 2);
    const [hit] = await search(l, goalId, 'predicate');
    expect((await t.api('DELETE', `/sources/${one.id}`, l.headers)).statusCode).toBe(204);
    expect((await t.api('GET', `/sources/${one.id}`, l.headers)).statusCode).toBe(404);
    expect((await t.api('GET', `/passages/${hit!.passageId}`, l.headers)).statusCode).toBe(404);
    expect(await search(l, goalId, 'predicate')).toEqual([]);
    expect((await storedFiles()).length).toBe(before.length + 1);

    const [view] = await search(l, goalId, 'materialized view');
    expect((await t.api('DELETE', `/goals/${goalId}`, l.headers)).statusCode).toBe(204);
    expect((await t.api('GET', `/sources/${two.id}`, l.headers)).statusCode).toBe(404);
    expect((await t.api('GET', `/passages/${view!.passageId}`, l.headers)).statusCode).toBe(404);
    // its file goes with the next sweep once it is older than the sweep's grace
    const now = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweepSourceFiles(t.app.db, t.app.media, now)).toBeGreaterThanOrEqual(1);
    const left = await storedFiles();
    expect(left.some((f) => f.startsWith(two.id))).toBe(false);
    // the sources still there keep theirs
    expect(left.length).toBeGreaterThan(0);
  });
});
