// A goal's sources: added from a file, pasted text or a web address (answered at once as processing; the
// source-ingest job reads it into passages), replaced (the old passages stay until the new ones are written),
// removed, searched and shown passage by passage. Limits by plan: sources per goal (429, the spec's
// rate-limit body) and bytes per source (413 too_large); the same bytes twice on a goal are refused (409
// duplicate). Everything is the owner's: another learner's ids answer 404.
import { createHash, randomUUID } from 'node:crypto';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import type {
  GoalSources,
  PassageHit,
  PassageView,
  PastedSourceBody,
  Source,
  UrlSourceBody,
} from '@mindpath/contracts/sources';
import {
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  type SourceFormat,
  type SourceMessageCode,
  type SourceOrigin,
  type SourceState,
} from '@mindpath/contracts/sources-constants';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { findOwnGoal } from '../goals/index.ts';
import { enqueueJob, findLatestJob } from '../jobs/index.ts';
import { lockUser, PlanLimitError, userIsPro } from '../limits/service.ts';
import type { MediaStore } from '../media/store.ts';
import {
  embeddingsClientOf,
  embeddingsTableReady,
  goalHasEmbeddings,
  nearestPassages,
} from './passage-embeddings.ts';
import {
  countGoalSources,
  deleteSource,
  findOwnPassageWindow,
  findOwnSource,
  findSameBytes,
  goalSources,
  insertSource,
  type ListedSource,
  lockSource,
  pendingOf,
  searchGoalPassages,
  sourceText,
  updateSource,
} from './repository.ts';
import { fuseByReciprocalRank } from './retrieval/fusion.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'media' | 'jobs' | 'now' | 'log'>;

export const SOURCE_INGEST_JOB = 'source-ingest' satisfies JobKind;
export const SOURCE_NOT_FOUND = 'Source not found';
export const PASSAGE_NOT_FOUND = 'Passage not found';
export const GOAL_NOT_FOUND = 'Goal not found';

const UPGRADE_SOURCES = 'Upgrade to Pro to add up to 50 sources to a goal, up to 50 MB each.';
const PRO_SOURCES_FULL = 'Remove a source from this goal to add another.';

/** A refusal in the learner's words, with its code. */
export const sourceError = (status: number, code: SourceMessageCode) =>
  new AppError(status, code, SOURCE_MESSAGES[code]);

/** The learner's plan's limits for sources. */
export async function sourceLimits(db: Db | Tx, userId: string, now: Date) {
  const { perGoal, maxBytes } = (await userIsPro(db, userId, now)) ? SOURCE_LIMITS.pro : SOURCE_LIMITS.free;
  return { perGoal, maxBytes };
}

export function toSource(row: ListedSource): Source {
  return {
    id: row.id,
    goalId: row.goalId,
    title: row.title,
    origin: row.origin as SourceOrigin,
    format: row.format as SourceFormat | null,
    fileName: row.fileName,
    url: row.url,
    bytes: row.bytes,
    pages: row.pages,
    sections: row.sections,
    passages: row.passages,
    state: row.state as SourceState,
    progress: Math.max(0, Math.min(100, row.progress)),
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A private media name for a source's bytes: /api/media serves only goals' and lessons' names. It carries
 * the source, the bytes' hash and when it was written, so the sweep leaves a file just written alone.
 */
export const sourceMediaName = (sourceId: string, sha256: string, at: Date) =>
  `sources/${sourceId}-${sha256.slice(0, 16)}-${at.getTime().toString(36)}.bin`;

const SOURCE_FILE = /^([0-9a-f-]{36})-[0-9a-f]{16}-([0-9a-z]+)\.bin$/;

/** When a source's file (its name in the sources folder) was written, or null for another name. */
export function writtenAt(fileName: string): Date | null {
  const m = SOURCE_FILE.exec(fileName);
  if (!m) return null;
  const ms = Number.parseInt(m[2]!, 36);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

async function ownGoal(db: Db | Tx, userId: string, goalId: string) {
  const goal = await findOwnGoal(db, userId, goalId);
  if (!goal) throw notFound(GOAL_NOT_FOUND);
  return goal;
}

/** The learner's source, or 404 (another learner's too). */
async function ownSource(db: Db | Tx, userId: string, id: string) {
  const row = await findOwnSource(db, userId, id);
  if (!row) throw notFound(SOURCE_NOT_FOUND);
  return row;
}

/** Whether the source is the learner's (routes answer another learner's 404 before reading a body). */
export async function isOwnSource(db: Db, userId: string, id: string): Promise<boolean> {
  return (await findOwnSource(db, userId, id)) !== undefined;
}

/** Whether the goal is the learner's. */
export async function isOwnGoal(db: Db, userId: string, goalId: string): Promise<boolean> {
  return (await findOwnGoal(db, userId, goalId)) !== undefined;
}

function assertRoom(count: number, limits: { perGoal: number }, pro: boolean) {
  if (count < limits.perGoal) return;
  throw new PlanLimitError({
    message: SOURCE_MESSAGES.too_many_sources,
    hoursUntilReset: 0,
    subscriptionMessage: pro ? PRO_SOURCES_FULL : UPGRADE_SOURCES,
    currentCount: count,
    maxRequests: limits.perGoal,
  });
}

/**
 * Records why a source's reading failed. A replacement that fails keeps the source's passages (it stays
 * ready, with the reason shown) and drops the new file; a first reading that fails leaves it failed.
 */
export async function recordFailure(
  db: Db,
  id: string,
  code: SourceMessageCode,
  media: MediaStore,
): Promise<void> {
  const dropped = await db.transaction(async (tx) => {
    const row = await lockSource(tx, id);
    if (row?.state !== 'processing') return null;
    const pending = pendingOf(row);
    const kept = row.passages > 0;
    await updateSource(tx, id, {
      state: kept ? 'ready' : 'failed',
      progress: kept ? 100 : 0,
      errorCode: code,
      errorMessage: SOURCE_MESSAGES[code],
      pending: null,
    });
    return pending && pending.mediaName !== row.mediaName ? pending.mediaName : null;
  });
  if (dropped) await media.remove(dropped);
}

const isSourceCode = (code: unknown): code is SourceMessageCode =>
  typeof code === 'string' && Object.hasOwn(SOURCE_MESSAGES, code);

/**
 * A source still processing whose job failed without saying so on the source (a worker that crashed, or gave
 * up on it after its retries) is settled as failed, so it does not spin forever.
 */
async function settled(deps: Deps, rows: ListedSource[]): Promise<ListedSource[]> {
  const out: ListedSource[] = [];
  for (const row of rows) {
    if (row.state !== 'processing') {
      out.push(row);
      continue;
    }
    const job = await findLatestJob(deps.db, SOURCE_INGEST_JOB, row.id);
    if (job && job.status !== 'failed') {
      out.push(row);
      continue;
    }
    const reason = (job?.error as { reason?: unknown } | null)?.reason;
    await recordFailure(deps.db, row.id, isSourceCode(reason) ? reason : 'processing_failed', deps.media);
    out.push((await findOwnSource(deps.db, row.userId, row.id)) ?? row);
  }
  return out;
}

export async function listSources(deps: Deps, userId: string, goalId: string): Promise<GoalSources> {
  await ownGoal(deps.db, userId, goalId);
  const [rows, limits] = await Promise.all([
    goalSources(deps.db, goalId),
    sourceLimits(deps.db, userId, deps.now()),
  ]);
  return { sources: (await settled(deps, rows)).map(toSource), limits };
}

export async function getSource(deps: Deps, userId: string, id: string): Promise<Source> {
  const [row] = await settled(deps, [await ownSource(deps.db, userId, id)]);
  return toSource(row!);
}

/** What a new source starts from: a file's or pasted text's bytes, or a web address fetched by its job. */
interface NewSourceInput {
  origin: SourceOrigin;
  title: string;
  fileName: string | null;
  url: string | null;
  contentType: string | null;
  bytes: Uint8Array | null;
}

async function addSource(deps: Deps, userId: string, goalId: string, input: NewSourceInput): Promise<Source> {
  const { db, media } = deps;
  await ownGoal(db, userId, goalId);
  const now = deps.now();
  const pro = await userIsPro(db, userId, now);
  const limits = pro ? SOURCE_LIMITS.pro : SOURCE_LIMITS.free;
  if (input.bytes && input.bytes.length > limits.maxBytes) throw sourceError(413, 'too_large');
  const sha256 = input.bytes ? sha256Of(input.bytes) : null;
  // refused before anything is stored; checked again under the learner's lock
  const check = async (tx: Db | Tx) => {
    assertRoom(await countGoalSources(tx, goalId), limits, pro);
    if (sha256 && (await findSameBytes(tx, goalId, sha256))) throw sourceError(409, 'duplicate');
  };
  await check(db);
  const id = randomUUID();
  const mediaName = input.bytes && sha256 ? sourceMediaName(id, sha256, now) : null;
  // the bytes are stored before the row names them, so the job never finds its row without its file
  if (mediaName && input.bytes) await media.save(mediaName, Buffer.from(input.bytes));
  try {
    const row = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await check(tx);
      const inserted = await insertSource(tx, {
        id,
        userId,
        goalId,
        title: input.title,
        origin: input.origin,
        fileName: input.fileName,
        url: input.url,
        contentType: input.contentType,
        bytes: input.bytes?.length ?? 0,
        sha256,
        mediaName,
        state: 'processing',
        progress: 0,
      });
      await enqueueJob(tx, { kind: SOURCE_INGEST_JOB, target: id, userId });
      return inserted;
    });
    deps.jobs.wake();
    return toSource(row);
  } catch (err) {
    if (mediaName) await media.remove(mediaName).catch(() => {});
    throw err;
  }
}

/** A file's name without its folders, as the learner's system gave it (shown, never used as a path). */
const baseName = (name: string | null | undefined) => {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return base ? base.slice(0, SOURCE_LIMITS.maxTitle) : null;
};

/** A title until the file is read: its name without the extension. */
const titleOfFile = (fileName: string | null) => fileName?.replace(/\.[^.]+$/, '').trim() || 'Untitled';

export interface UploadedFile {
  bytes: Uint8Array;
  fileName: string | null;
  contentType: string | null;
}

export function addFileSource(deps: Deps, userId: string, goalId: string, file: UploadedFile) {
  const fileName = baseName(file.fileName);
  return addSource(deps, userId, goalId, {
    origin: 'file',
    title: titleOfFile(fileName),
    fileName,
    url: null,
    contentType: file.contentType,
    bytes: file.bytes,
  });
}

export function addPastedSource(deps: Deps, userId: string, goalId: string, body: PastedSourceBody) {
  return addSource(deps, userId, goalId, {
    origin: 'paste',
    title: body.title,
    fileName: null,
    url: null,
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from(body.text, 'utf8'),
  });
}

export function addUrlSource(deps: Deps, userId: string, goalId: string, body: UrlSourceBody) {
  const url = new URL(body.url);
  return addSource(deps, userId, goalId, {
    origin: 'url',
    title: url.hostname.slice(0, SOURCE_LIMITS.maxTitle),
    fileName: null,
    url: body.url,
    contentType: null,
    bytes: null,
  });
}

/**
 * Reads the source again from a new file: same id, processing meanwhile, its passages kept (and searchable)
 * until the new ones are written; a replacement that fails keeps them and records why.
 */
export async function replaceSource(
  deps: Deps,
  userId: string,
  id: string,
  file: UploadedFile,
): Promise<Source> {
  const { db, media } = deps;
  const current = await ownSource(db, userId, id);
  if (current.state === 'processing') throw sourceError(409, 'still_processing');
  const now = deps.now();
  const { maxBytes } = await sourceLimits(db, userId, now);
  if (file.bytes.length > maxBytes) throw sourceError(413, 'too_large');
  const sha256 = sha256Of(file.bytes);
  if (await findSameBytes(db, current.goalId, sha256, id)) throw sourceError(409, 'duplicate');
  const mediaName = sourceMediaName(id, sha256, now);
  await media.save(mediaName, Buffer.from(file.bytes));
  try {
    const row = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const locked = await lockSource(tx, id);
      if (!locked) throw notFound(SOURCE_NOT_FOUND);
      if (locked.state === 'processing') throw sourceError(409, 'still_processing');
      if (await findSameBytes(tx, current.goalId, sha256, id)) throw sourceError(409, 'duplicate');
      const updated = await updateSource(tx, id, {
        state: 'processing',
        progress: 0,
        errorCode: null,
        errorMessage: null,
        pending: {
          mediaName,
          fileName: baseName(file.fileName),
          contentType: file.contentType,
          bytes: file.bytes.length,
          sha256,
        },
      });
      await enqueueJob(tx, { kind: SOURCE_INGEST_JOB, target: id, userId });
      return updated!;
    });
    deps.jobs.wake();
    return toSource(row);
  } catch (err) {
    await media.remove(mediaName).catch(() => {});
    throw err;
  }
}

/** Removes the source, its passages and its stored bytes. */
export async function removeSource(deps: Deps, userId: string, id: string): Promise<void> {
  await ownSource(deps.db, userId, id);
  const row = await deleteSource(deps.db, id);
  if (!row) return;
  const names = [row.mediaName, pendingOf(row)?.mediaName].filter((n): n is string => !!n);
  for (const name of new Set(names)) await deps.media.remove(name);
}

export const SEARCH_LIMIT = { default: 10, max: 50 } as const;

/** What a search by meaning uses besides the database: the embeddings server (config) and the log. */
export type SearchDeps = AppParts<'db' | 'config' | 'log'>;

/** Hits each search gives the fusion: enough for agreement between them to lift a passage. */
const FUSED_CANDIDATES = 20;
/** A search waits this long at most for the question's embedding, then answers by full text. */
const QUERY_EMBEDDING_MS = 10_000;

const isSearchDeps = (from: Db | Tx | SearchDeps): from is SearchDeps => 'config' in from && 'db' in from;

/** The database of what a search was given. */
export const searchDb = (from: Db | Tx | SearchDeps): Db | Tx => (isSearchDeps(from) ? from.db : from);

/**
 * The goal's passages best matching `query` (the learner's words, or a lesson's or tutor's question), best
 * first, for the learner only. For other modules: grounded lessons and the tutor. Given the app's parts
 * (`SearchDeps`) rather than a database alone, and with AI_EMBEDDING_MODEL set and the goal's passages
 * embedded, it searches by meaning too and fuses both lists by reciprocal rank (a hit found by meaning only
 * has the passage's opening as its snippet and its cosine similarity as its rank); otherwise, or when the
 * question's embedding fails, by full text alone.
 */
export async function searchPassages(
  from: Db | Tx | SearchDeps,
  input: { userId: string; goalId: string; query: string; limit?: number },
): Promise<PassageHit[]> {
  const query = input.query.trim().slice(0, 1000);
  if (!query) return [];
  const limit = Math.max(1, Math.min(SEARCH_LIMIT.max, Math.floor(input.limit ?? SEARCH_LIMIT.default)));
  const { userId, goalId } = input;
  const deps = isSearchDeps(from) ? from : null;
  const db = deps ? deps.db : (from as Db | Tx);
  const client = deps ? embeddingsClientOf(deps.config, QUERY_EMBEDDING_MS) : null;
  if (!deps || !client) return searchGoalPassages(db, { userId, goalId, query, limit });
  const fullText = await searchGoalPassages(db, {
    userId,
    goalId,
    query,
    limit: Math.max(limit, FUSED_CANDIDATES),
  });
  const model = client.model;
  if (!(await embeddingsTableReady(db)) || !(await goalHasEmbeddings(db, { userId, goalId, model })))
    return fullText.slice(0, limit);
  let vector: number[];
  try {
    [vector] = (await client.embed([query])) as [number[]];
  } catch (err) {
    deps.log.warn({ err, goalId }, 'question not embedded: passages searched by full text only');
    return fullText.slice(0, limit);
  }
  const nearest = await nearestPassages(db, { userId, goalId, model, vector, limit: FUSED_CANDIDATES });
  return fuseByReciprocalRank([fullText, nearest], (hit) => hit.passageId).slice(0, limit);
}

/** The search route: the goal must be the learner's (404 otherwise). */
export async function searchGoal(
  deps: SearchDeps,
  userId: string,
  goalId: string,
  q: string,
  limit?: number,
) {
  await ownGoal(deps.db, userId, goalId);
  return { hits: await searchPassages(deps, { userId, goalId, query: q, limit }) };
}

/** About this much of the source's text is shown on each side of a passage. */
export const CONTEXT_CHARS = 600;

/** Where `text` sits in `window`: the occurrence nearest `expected`, or -1. */
function locate(window: string, text: string, expected: number): number {
  let best = -1;
  for (let i = window.indexOf(text); i !== -1; i = window.indexOf(text, i + 1)) {
    if (best === -1 || Math.abs(i - expected) < Math.abs(best - expected)) best = i;
  }
  return best;
}

/** Up to CONTEXT_CHARS before `at`, starting at a word (unless it is the text's start). */
function textBefore(text: string, at: number): string {
  const from = Math.max(0, at - CONTEXT_CHARS);
  const piece = text.slice(from, at);
  if (from === 0) return piece;
  const space = piece.search(/\s/);
  return space === -1 ? piece : piece.slice(space + 1);
}

/** Up to CONTEXT_CHARS after `at`, ending at a word (unless it is the text's end). */
function textAfter(text: string, at: number): string {
  const to = Math.min(text.length, at + CONTEXT_CHARS);
  const piece = text.slice(at, to);
  if (to === text.length) return piece;
  const space = Math.max(piece.lastIndexOf(' '), piece.lastIndexOf('\n'));
  return space <= 0 ? piece : piece.slice(0, space);
}

/** A passage as the viewer shows it: the source's text around it, and it (another learner's: 404). */
export async function getPassage(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<PassageView> {
  const row = await findOwnPassageWindow(deps.db, userId, id);
  if (!row) throw notFound(PASSAGE_NOT_FOUND);
  let text = row.window;
  let at = locate(text, row.text, row.start - row.windowStart);
  if (at === -1) {
    // characters outside the Basic Multilingual Plane before it moved the window off the passage
    text = await sourceText(deps.db, row.sourceId);
    at = text.slice(row.start, row.end) === row.text ? row.start : locate(text, row.text, row.start);
  }
  const found = at !== -1;
  return {
    passageId: row.passageId,
    sourceId: row.sourceId,
    sourceTitle: row.sourceTitle,
    format: (row.format ?? 'text') as SourceFormat,
    ordinal: row.ordinal,
    page: row.page,
    headingPath: row.headingPath,
    start: row.start,
    end: row.end,
    before: found ? textBefore(text, at) : '',
    text: row.text,
    after: found ? textAfter(text, at + row.text.length) : '',
  };
}
