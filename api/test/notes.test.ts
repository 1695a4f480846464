// Notes and the knowledge graph through the real app: CRUD, tags, [[links]] → connections, owner scoping,
// the blank-title rule and the import of an export.
import type { Note, NoteConnection } from '@mindpath/contracts/notes';
import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, roadmaps } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

async function create(headers: Headers, body: object): Promise<Note> {
  const res = await api('POST', '/notes', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Note>();
}
const tagsOf = (note: Note) => JSON.parse(note.tags) as string[];
const MISSING = '00000000-0000-4000-8000-000000000000';

/** A lesson of the learner's own, straight in the database (the lessons API is another module's). */
async function lessonOf(userId: string): Promise<string> {
  const [section] = await t.database.db
    .insert(roadmaps)
    .values({ userId, position: 0, name: 'Basics', source: 'offline' })
    .returning();
  const [lesson] = await t.database.db
    .insert(lessons)
    .values({ userId, roadmapId: section!.id, position: 0, title: 'Ownership' })
    .returning();
  return lesson!.id;
}
const userIdOf = async (headers: Headers) => (await api('GET', '/user', headers)).json().id as string;

describe('notes', () => {
  it('creates, lists (last edited first), reads, edits and deletes a note', async () => {
    const { headers } = await registerLearner(t.app);
    const a = await create(headers, { title: '  Rust basics ', content: 'About #Rust and #memory. #rust' });
    expect(a).toMatchObject({ title: 'Rust basics', lessonId: null });
    expect(tagsOf(a)).toEqual(['rust', 'memory']);
    expect(new Date(a.createdAt).getTime()).toBeGreaterThan(0);
    const b = await create(headers, { title: 'Empty' });
    expect(b.content).toBe('');

    expect((await api('GET', '/notes', headers)).json<Note[]>().map((n) => n.title)).toEqual([
      'Empty',
      'Rust basics',
    ]);
    expect((await api('GET', `/notes/${a.id}`, headers)).json()).toEqual(a);

    const edited = await api('PUT', `/notes/${a.id}`, headers, { title: 'Rust', content: 'Now #systems' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: a.id, title: 'Rust', content: 'Now #systems' });
    expect(tagsOf(edited.json())).toEqual(['systems']);
    expect(edited.json<Note>().updatedAt >= a.updatedAt).toBe(true);
    expect((await api('GET', '/notes', headers)).json<Note[]>()[0]?.id).toBe(a.id);

    // content left out keeps the content
    const renamed = (await api('PUT', `/notes/${a.id}`, headers, { title: 'Rust 2' })).json<Note>();
    expect(renamed.content).toBe('Now #systems');

    expect((await api('DELETE', `/notes/${a.id}`, headers)).statusCode).toBe(204);
    expect((await api('GET', `/notes/${a.id}`, headers)).statusCode).toBe(404);
    expect((await api('DELETE', `/notes/${a.id}`, headers)).statusCode).toBe(404);
    expect((await api('GET', '/notes', headers)).json<Note[]>().map((n) => n.id)).toEqual([b.id]);
  });

  it("a blank or missing title is a 400 with 'Note title is required'", async () => {
    const { headers } = await registerLearner(t.app);
    for (const body of [{ title: '   ', content: 'x' }, { content: 'x' }, { title: '' }]) {
      const res = await api('POST', '/notes', headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOTE_MESSAGES.titleRequired);
    }
    const note = await create(headers, { title: 'Kept', content: 'safe' });
    const res = await api('PUT', `/notes/${note.id}`, headers, { title: ' ', content: 'lost?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTE_MESSAGES.titleRequired);
    expect((await api('GET', `/notes/${note.id}`, headers)).json()).toMatchObject({ content: 'safe' });
    expect((await api('POST', '/notes', headers, { title: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('a valid non-empty tags field wins; an invalid one falls back to #tags; edits keep explicit tags', async () => {
    const { headers } = await registerLearner(t.app);
    const json = await create(headers, { title: 'A', content: '#one', tags: '["Two","two","#Three"]' });
    expect(tagsOf(json)).toEqual(['two', 'three']);
    const array = await create(headers, { title: 'B', content: '#one', tags: ['Four'] });
    expect(tagsOf(array)).toEqual(['four']);
    for (const tags of ['[]', 'nonsense', '{"a":1}', null]) {
      expect(tagsOf(await create(headers, { title: 'C', content: '#one #ONE', tags })), String(tags)).toEqual(
        ['one'],
      );
    }
    // explicit tags survive an edit that sends none; an empty field returns the note to its #tags
    const kept = await api('PUT', `/notes/${json.id}`, headers, { title: 'A', content: '#five' });
    expect(tagsOf(kept.json())).toEqual(['two', 'three']);
    const reset = await api('PUT', `/notes/${json.id}`, headers, { title: 'A', content: '#five', tags: [] });
    expect(tagsOf(reset.json())).toEqual(['five']);
    const derived = await api('PUT', `/notes/${json.id}`, headers, { title: 'A', content: '#six' });
    expect(tagsOf(derived.json())).toEqual(['six']);
  });

  it('connections: [[links]] case-insensitively (no self-links), dangling links resolve later, tags weaker', async () => {
    const { headers } = await registerLearner(t.app);
    const a = await create(headers, {
      title: 'Alpha',
      content: 'to [[BETA]] and [[alpha]] and [[Gamma]] #x',
    });
    const b = await create(headers, { title: 'Beta', content: 'back to [[ alpha ]] #x' });
    const conns = async () => {
      const res = await api('GET', '/notes/connections', headers);
      expect(res.statusCode).toBe(200);
      return res.json<NoteConnection[]>();
    };
    expect(await conns()).toEqual([{ sourceId: a.id, targetId: b.id, strength: 1, kind: 'link' }]);

    const g = await create(headers, { title: 'gamma', content: 'no links, #x' });
    const after = await conns();
    expect(after).toHaveLength(3);
    expect(after).toContainEqual({ sourceId: a.id, targetId: g.id, strength: 0.9, kind: 'link' });
    expect(after).toContainEqual({ sourceId: b.id, targetId: g.id, strength: 0.15, kind: 'tags' });

    await api('DELETE', `/notes/${g.id}`, headers);
    expect(await conns()).toHaveLength(1);
  });

  it('keeps lessonId of a lesson of the learner; another learner’s lesson is not found', async () => {
    const me = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    const mine = await lessonOf(await userIdOf(me.headers));
    const theirs = await lessonOf(await userIdOf(other.headers));
    const note = await create(me.headers, { title: 'From a lesson', content: 'x', lessonId: mine });
    expect(note.lessonId).toBe(mine);
    const res = await api('POST', '/notes', me.headers, { title: 'Stolen', lessonId: theirs });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Lesson not found');
    expect((await api('POST', '/notes', me.headers, { title: 'Bad', lessonId: 'nope' })).statusCode).toBe(
      400,
    );
  });

  it("is scoped to its owner: another learner's note is 404 everywhere and never listed or connected", async () => {
    const owner = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    const note = await create(owner.headers, { title: 'Private', content: '[[Shared title]] #t' });
    await create(owner.headers, { title: 'Shared title', content: '#t' });
    await create(other.headers, { title: 'Private', content: '#t [[Shared title]]' });

    expect((await api('GET', `/notes/${note.id}`, other.headers)).statusCode).toBe(404);
    const put = await api('PUT', `/notes/${note.id}`, other.headers, { title: 'Hacked', content: '' });
    expect(put.statusCode).toBe(404);
    expect((await api('DELETE', `/notes/${note.id}`, other.headers)).statusCode).toBe(404);
    expect((await api('GET', `/notes/${note.id}`, owner.headers)).json()).toMatchObject({ title: 'Private' });

    expect((await api('GET', '/notes', other.headers)).json<Note[]>()).toHaveLength(1);
    // the other learner's note links to a title only the owner has: nothing to connect to
    expect((await api('GET', '/notes/connections', other.headers)).json()).toEqual([]);
    expect((await api('GET', '/notes/connections', owner.headers)).json()).toHaveLength(1);
    expect((await api('GET', `/notes/${MISSING}`, owner.headers)).statusCode).toBe(404);
  });

  it('needs a signed-in learner', async () => {
    for (const [method, url] of [
      ['GET', '/notes'],
      ['POST', '/notes'],
      ['GET', '/notes/connections'],
      ['PUT', `/notes/${MISSING}`],
      ['DELETE', `/notes/${MISSING}`],
      ['POST', '/notes/import'],
    ] as const) {
      expect(
        (await api(method, url, {}, method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined))
          .statusCode,
      ).toBe(401);
    }
  });

  it('imports an export without duplicating notes: same title and content skipped, a taken title renamed', async () => {
    const me = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    const theirLesson = await lessonOf(await userIdOf(other.headers));
    await create(me.headers, { title: 'Existing', content: 'same text' });
    await create(me.headers, { title: 'Clash', content: 'mine' });
    const notes = [
      { title: 'existing', content: 'same text\n', tags: [] },
      { title: 'Clash', content: 'theirs', tags: ['x'] },
      {
        title: 'New one',
        content: 'links to [[Clash]] #imported',
        tags: [],
        lessonId: theirLesson,
        createdAt: '2025-05-01T10:00:00.000Z',
        updatedAt: '2025-06-01T10:00:00.000Z',
      },
      { title: 'New one', content: 'links to [[Clash]] #imported', tags: [] },
    ];
    const first = await api('POST', '/notes/import', me.headers, { notes });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, skipped: 2, renamed: 1 });
    const list = (await api('GET', '/notes', me.headers)).json<Note[]>();
    expect(list.map((n) => n.title).sort()).toEqual(['Clash', 'Clash (imported)', 'Existing', 'New one']);
    const imported = list.find((n) => n.title === 'New one')!;
    expect(imported).toMatchObject({
      lessonId: null,
      createdAt: '2025-05-01T10:00:00.000Z',
      updatedAt: '2025-06-01T10:00:00.000Z',
    });
    expect(tagsOf(imported)).toEqual(['imported']);
    expect(tagsOf(list.find((n) => n.title === 'Clash (imported)')!)).toEqual(['x']);

    // the same import again changes nothing
    const again = await api('POST', '/notes/import', me.headers, { notes });
    expect(again.json()).toEqual({ created: 0, skipped: 4, renamed: 0 });
    expect((await api('GET', '/notes', me.headers)).json<Note[]>()).toHaveLength(4);

    // a title missing in one note refuses the whole import with the spec's message
    const bad = await api('POST', '/notes/import', me.headers, {
      notes: [
        { title: 'ok', content: '' },
        { title: ' ', content: '' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(NOTE_MESSAGES.titleRequired);
  });

  it('imports thousands of notes in one request (beyond the 1 MB body limit of other calls)', async () => {
    const { headers } = await registerLearner(t.app);
    const notes = Array.from({ length: 2000 }, (_, i) => ({
      title: `Bulk ${i}`,
      content: `${'lorem ipsum '.repeat(80)} [[Bulk ${(i + 1) % 2000}]]`,
      tags: [],
    }));
    const res = await api('POST', '/notes/import', headers, { notes });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json()).toEqual({ created: 2000, skipped: 0, renamed: 0 });
    const conns = (await api('GET', '/notes/connections', headers)).json<NoteConnection[]>();
    expect(conns).toHaveLength(2000);
  });

  it('documents every notes route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/notes'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/notes/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(doc.paths['/api/notes/connections'].get.description).toContain('0.75');
    expect(doc.paths['/api/notes/import'].post).toBeTruthy();
  });
});
