// "Download my data" through the real app: the zip holds every exported table's rows of the learner and none
// of another learner's, in data.json (valid against the data.schema.json beside it) and in open formats
// (Markdown, CSV, an Anki package whose SQLite holds the cards); one export at a time per learner; the signed
// link; a job re-run after a restart; the expiry sweep.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DATA_EXPORT_MESSAGES, type DataExport } from '@mindpath/contracts/data-export';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../src/db/schema.ts';
import { databaseTables, LEARNER_TABLES, learnerRows } from '../src/modules/account/learner-tables.ts';
import { NO_CONTENT_YET } from '../src/modules/course-export/index.ts';
import { EXPORTED_TABLES } from '../src/modules/data-export/data-schema.ts';
import { DATA_EXPORT_JOB, exportFileName } from '../src/modules/data-export/job.ts';
import { sweepExpiredExports } from '../src/modules/data-export/sweep.ts';
import { enqueueJob } from '../src/modules/jobs/index.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { type LearnerWorld, learnerWorld } from './helpers/learner-world.ts';

/** The app's clock: moved past a download's expiry. */
let shift = 0;
let t: TestApp;
let owner: LearnerWorld;
let other: LearnerWorld;
const scratch = mkdtempSync(join(tmpdir(), 'mindpath-export-test-'));

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(Date.now() + shift) });
  owner = await learnerWorld(t.app, 'owner');
  other = await learnerWorld(t.app, 'other');
  for (const learner of [owner, other]) await everythingElse(learner);
}, 400_000);
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function ok(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const res = await t.api(method, url, headers, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** What the world leaves out: a lesson version, a payment (sandbox checkout), a graded card, a linked note. */
async function everythingElse(learner: LearnerWorld) {
  // a lesson written again keeps the content it replaces as a version
  await ok('POST', `/lessons/${learner.ids.lesson}/regenerate`, learner.headers, { instruction: 'simpler' });
  await ok('GET', `/lessons/${learner.ids.lesson}/content-status?waitMs=30000`, learner.headers);
  // Pro by a real payment this time
  await setTierByEmail(t.app.db, learner.email, 'free');
  const session = (await ok('POST', '/subscriptions/create-checkout-session', learner.headers)).json();
  const paid = await t.app.inject({
    method: 'POST',
    url: session.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada',
    }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
  await ok('POST', `/reviews/${learner.ids.reviewCard}/grade`, learner.headers, {
    rating: 'good',
    reviewId: crypto.randomUUID(),
  });
  await ok('POST', '/notes', learner.headers, {
    title: `Linked ${learner.secrets[0]}`,
    content: `See [[Note ${learner.secrets[0]}]]`,
  });
}

async function waitReady(headers: Record<string, string>): Promise<DataExport> {
  for (let i = 0; i < 600; i++) {
    const latest = (await ok('GET', '/account/exports/latest', headers)).json<DataExport>();
    if (latest.status !== 'queued' && latest.status !== 'running') return latest;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('data export', () => {
  let ready: DataExport;
  let files: Record<string, Uint8Array>;

  it('builds one zip per learner: asking again while it is built answers the same export', async () => {
    expect((await t.api('GET', '/account/exports/latest', owner.headers)).statusCode).toBe(404);
    expect((await t.api('POST', '/account/exports', {})).statusCode).toBe(401);
    const [first, second] = await Promise.all([
      t.api('POST', '/account/exports', owner.headers),
      t.api('POST', '/account/exports', owner.headers),
    ]);
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json().downloadUrl).toBeUndefined();
    ready = await waitReady(owner.headers);
    expect(ready).toMatchObject({ id: first.json().id, status: 'ready', progress: 100 });
    expect(ready.size).toBeGreaterThan(0);
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.readyAt!).getTime()).toBe(7 * 86_400_000);
    // another learner sees nothing of it
    expect((await t.api('GET', '/account/exports/latest', other.headers)).statusCode).toBe(404);
  });

  it('serves the zip by its signed link alone, as an attachment', async () => {
    const res = await download(ready.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mindpath-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.rawPayload.length).toBe(ready.size);
    files = unzipSync(new Uint8Array(res.rawPayload));
    // the store keeps it out of /api/media, whoever asks
    const media = await t.api('GET', `/media/${exportFileName(ready.id)}`, owner.headers);
    expect(media.statusCode).toBe(404);
  });

  // as a signed media URL: a link that is not one finds nothing, whoever asks
  it('finds nothing (404, saying the link is not valid) for a link not signed for it or an unknown download', async () => {
    const url = new URL(ready.downloadUrl!, 'http://x');
    const signature = url.searchParams.get('signature')!;
    url.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    const forged = await download(`${url.pathname}${url.search}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(DATA_EXPORT_MESSAGES.link_invalid);
    expect((await download(url.pathname)).statusCode).toBe(404);
    const later = new URL(ready.downloadUrl!, 'http://x');
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 86_400));
    expect((await download(`${later.pathname}${later.search}`)).statusCode).toBe(404);
    const unknown = ready.downloadUrl!.replace(ready.id, crypto.randomUUID());
    expect((await download(unknown)).statusCode).toBe(404);
  });

  it("holds every exported table's rows of the learner in data.json, and none of another learner's", async () => {
    const data = JSON.parse(strFromU8(files['data.json']!));
    const present = new Set(await databaseTables(t.app.db));
    expect(Object.keys(data.tables).sort()).toEqual(EXPORTED_TABLES.map((e) => e.table).sort());
    for (const entry of EXPORTED_TABLES) {
      const rows =
        entry.optional && !present.has(entry.table) ? [] : await learnerRows(t.app.db, entry, owner.ids.user);
      expect(data.tables[entry.table], entry.table).toHaveLength(rows.length);
      for (const column of entry.omit ?? [])
        for (const row of data.tables[entry.table])
          expect(row, `${entry.table}.${column}`).not.toHaveProperty(column);
    }
    // a bit of everything was made, so each of these holds the learner's rows
    for (const table of [
      'users',
      'subscriptions',
      'goals',
      'knowledge_assessments',
      'roadmaps',
      'lessons',
      'lesson_versions',
      'lesson_assessments',
      'chat_messages',
      'learning_plans',
      'notes',
      'checkout_sessions',
      'payments',
      'pomodoro_settings',
      'pomodoro_sessions',
      'review_cards',
      'review_logs',
      'sources',
      'source_passages',
    ])
      expect(data.tables[table].length, table).toBeGreaterThan(0);
    expect(data.tables.users[0]).not.toHaveProperty('password_hash');
    expect(data.tables.users[0].id).toBe(owner.ids.user);
    // nothing of the other learner anywhere in the zip
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.apkg') || name.startsWith('media/') || !/\.(md|json|csv)$/.test(name)) continue;
      const body = strFromU8(bytes);
      expect(body, name).not.toContain(other.ids.user);
      expect(body, name).not.toContain(other.secrets[0]);
    }
    expect(strFromU8(files['data.json']!)).toContain(owner.secrets[0]);
  });

  it('validates against the JSON Schema it carries', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(strFromU8(files['data.schema.json']!)));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...data, tables: { ...data.tables, unknown_table: [] } })).toBe(false);
  });

  it('writes lessons, notes and chats as Markdown, cards and focus sessions as CSV, and the media', async () => {
    const names = Object.keys(files);
    const lessonFiles = names.filter((n) => /^lessons\/\d+-[a-z0-9-]+\/\d+-[a-z0-9-]+\.md$/.test(n));
    const lessonCount = (
      await learnerRows(t.app.db, LEARNER_TABLES.find((e) => e.table === 'lessons')!, owner.ids.user)
    ).length;
    expect(lessonFiles).toHaveLength(lessonCount);
    const written = lessonFiles.map((n) => strFromU8(files[n]!)).filter((md) => !md.includes(NO_CONTENT_YET));
    expect(written.length).toBeGreaterThan(0);
    expect(written[0]).toMatch(/^# .+\n/);
    expect(names.filter((n) => n.startsWith('notes/'))).toHaveLength(2);
    expect(strFromU8(files[names.find((n) => n.startsWith('notes/note-'))!]!)).toContain(
      `Body ${owner.secrets[0]}`,
    );
    const chats = names
      .filter((n) => n.startsWith('chats/'))
      .map((n) => strFromU8(files[n]!))
      .join('\n');
    expect(chats).toContain(`Question ${owner.secrets[0]}`);
    expect(chats).toContain('**You**');
    const cards = strFromU8(files['review-cards.csv']!);
    expect(cards.split('\n')[0]).toMatch(/^id,prompt,answer,/);
    expect(cards).toContain(owner.secrets[0]);
    expect(strFromU8(files['focus-sessions.csv']!)).toContain(`Focus ${owner.secrets[0]}`);
    // every media file its rows name (the goal's image at least), beside the sources' stored files
    const data = JSON.parse(strFromU8(files['data.json']!));
    const named = [
      ...data.tables.goals.map((g: { image_url: string | null }) => g.image_url),
      ...data.tables.lessons.flatMap((l: { image_url: string | null; audio_url: string | null }) => [
        l.image_url,
        l.audio_url,
      ]),
    ]
      .filter(Boolean)
      .map((path: string) => path.replace('/api/media/', ''));
    expect(named).toContain(owner.mediaNames[0]);
    for (const name of named) expect(files[`media/${name}`], name).toBeDefined();
    for (const source of data.tables.sources) expect(files[`media/${source.media_name}`]).toBeDefined();
  });

  it('packs the review cards as an Anki package whose SQLite holds them', async () => {
    const apkg = unzipSync(files['review-cards.apkg']!);
    const path = join(scratch, 'collection.anki2');
    writeFileSync(path, apkg['collection.anki2']!);
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const notes = db.prepare('select flds, tags from notes').all() as { flds: string; tags: string }[];
      const cards = db.prepare('select count(*) as n from cards').get() as { n: number };
      const ownCards = await learnerRows(
        t.app.db,
        LEARNER_TABLES.find((e) => e.table === 'review_cards')!,
        owner.ids.user,
      );
      expect(notes).toHaveLength(ownCards.length);
      expect(cards.n).toBe(ownCards.length);
      const [front, back] = notes.find((n) => n.flds.includes(owner.secrets[0]!))!.flds.split('\x1f');
      expect(front).toContain(owner.secrets[0]);
      expect(back).toContain(owner.secrets[0]);
      expect(notes.every((n) => n.tags.includes('mindpath'))).toBe(true);
    } finally {
      db.close();
    }
  });

  it('builds again from the start after a restart mid-way', async () => {
    // as a restart leaves it: the export running half-way, its job queued again
    const [row] = await t.app.db
      .insert(dataExports)
      .values({ userId: other.ids.user, status: 'running', progress: 40 })
      .returning();
    await enqueueJob(t.app.db, { kind: DATA_EXPORT_JOB, target: row!.id, userId: other.ids.user });
    t.app.jobs.wake();
    const rebuilt = await waitReady(other.headers);
    expect(rebuilt).toMatchObject({ id: row!.id, status: 'ready' });
    const zip = unzipSync(new Uint8Array((await download(rebuilt.downloadUrl!)).rawPayload));
    expect(JSON.parse(strFromU8(zip['data.json']!)).tables.users[0].id).toBe(other.ids.user);
    // a new request after it starts a new export, not the finished one
    const again = await ok('POST', '/account/exports', other.headers);
    expect(again.json().id).not.toBe(row!.id);
    await waitReady(other.headers);
  });

  it('stops the link when the download expires, and the sweep removes the file and marks it expired', async () => {
    shift = 7 * 86_400_000 + 60_000;
    expect((await download(ready.downloadUrl!)).statusCode).toBe(404);
    const latest = (await ok('GET', '/account/exports/latest', owner.headers)).json<DataExport>();
    expect(latest.status).toBe('expired');
    expect(latest.downloadUrl).toBeUndefined();
    expect(await t.app.media.stat(exportFileName(ready.id))).not.toBeNull();
    const swept = await sweepExpiredExports(t.app.db, t.app.media, t.app.now());
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await t.app.media.stat(exportFileName(ready.id))).toBeNull();
    const [row] = await t.app.db.select().from(dataExports).where(sql`id = ${ready.id}`);
    expect(row).toMatchObject({ status: 'expired', fileName: null });
    // ended exports are forgotten a month on
    shift += 31 * 86_400_000;
    const later = await sweepExpiredExports(t.app.db, t.app.media, t.app.now());
    expect(later.forgotten).toBeGreaterThanOrEqual(1);
    shift = 0;
  });
});
