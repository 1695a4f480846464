// The source-ingest job (target: the source's id): fetches a web address's page, reads the stored bytes (a
// file, pasted text, a replacement's new file) into text and passages, and writes them in the transaction
// that marks the job succeeded, with the source's progress on its row meanwhile. A refusal (SourceRejected)
// or a failure is recorded on the source in the learner's words; a failed replacement keeps the old passages.
// With AI_EMBEDDING_MODEL set, the passages are embedded before that transaction and stored in it; an
// embeddings failure leaves the source ready and searchable by full text, and says why in the job's result.
import { SOURCE_LIMITS, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { AiError } from '../../ai/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { JobFailure, type JobHandler } from '../jobs/worker.ts';
import type { MediaStore } from '../media/store.ts';
import type { ExtractedPassage } from './extract/document.ts';
import { extractPastedText, extractSource, SourceRejected } from './extract/index.ts';
import { fetchSourceUrl } from './fetch-url.ts';
import {
  embeddingsClientOf,
  embeddingsTableReady,
  embeddingText,
  MAX_DIMENSIONS,
  writePassageEmbeddings,
} from './passage-embeddings.ts';
import {
  ANALYZE_FROM_PASSAGES,
  analyzePassages,
  findSameBytes,
  findSource,
  type ListedSource,
  lockSource,
  pendingOf,
  replacePassages,
  setProgress,
  updateSource,
} from './repository.ts';
import { recordFailure, sha256Of, sourceLimits, sourceMediaName } from './service.ts';

type IngestDeps = AppParts<'db' | 'media' | 'config' | 'log' | 'now'>;

/** Progress: fetching takes the first tenth, reading up to 90, embedding up to 98, writing the passages the rest. */
const READ_FROM = 10;
const READ_TO = 90;
const EMBED_TO = 98;

/** Writes progress as it moves, at most every few percent or half a second, one write at a time. */
function progressWriter(deps: IngestDeps, id: string) {
  let last = -1;
  let at = 0;
  let chain: Promise<void> = Promise.resolve();
  const write = (percent: number) => {
    const p = Math.max(0, Math.min(99, Math.round(percent)));
    if (p <= last || (p - last < 5 && Date.now() - at < 500)) return;
    last = p;
    at = Date.now();
    chain = chain
      .then(() => setProgress(deps.db, id, p))
      .catch((err) => deps.log.warn({ err, sourceId: id }, 'source progress not written'));
  };
  return { write, done: () => chain };
}

async function readStored(media: MediaStore, name: string | null): Promise<Buffer> {
  const stream = name ? await media.read(name) : null;
  if (!stream) throw new SourceRejected('processing_failed');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A web address's page, fetched within the plan's bytes and stored as the source's own bytes. The same
 * page already on the goal is a duplicate.
 */
async function fetchPage(deps: IngestDeps, source: ListedSource, signal: AbortSignal) {
  const { maxBytes } = await sourceLimits(deps.db, source.userId, deps.now());
  const fetched = await fetchSourceUrl(source.url ?? '', {
    signal,
    allowHosts: deps.config.sourceFetchAllowHosts,
    maxBytes: Math.min(maxBytes, SOURCE_LIMITS.maxFetchBytes),
  });
  const sha256 = sha256Of(fetched.bytes);
  if (await findSameBytes(deps.db, source.goalId, sha256, source.id)) throw new SourceRejected('duplicate');
  const mediaName = sourceMediaName(source.id, sha256, deps.now());
  await deps.media.save(mediaName, Buffer.from(fetched.bytes));
  try {
    await updateSource(deps.db, source.id, {
      mediaName,
      sha256,
      bytes: fetched.bytes.length,
      contentType: fetched.contentType,
      fileName: fetched.fileName,
    });
  } catch (err) {
    await deps.media.remove(mediaName).catch(() => {});
    if (isUniqueViolation(err)) throw new SourceRejected('duplicate');
    throw err;
  }
  return fetched;
}

/** Passages given the client at once (it sends them in its own batches): the progress moves between them. */
const EMBED_STEP = 256;

/**
 * What the job's result (which its learner may read) says of the embeddings: how many were made, or why none
 * were as a code (an AI error's reason, or pgvector_unavailable); the provider's own words go to the log.
 */
type EmbeddingsOutcome = { model: string; embedded: number } | { model: string; embedded: 0; error: string };

/**
 * The passages' embeddings by ordinal (null: none asked, AI_EMBEDDING_MODEL unset), and what the job's result
 * says of them. A failure is logged and said there; the worker stopping goes back to the caller.
 */
async function embedPassages(
  deps: IngestDeps,
  sourceId: string,
  passages: readonly ExtractedPassage[],
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<{ byOrdinal: Map<number, number[]> | null; outcome?: EmbeddingsOutcome }> {
  const client = embeddingsClientOf(deps.config);
  if (!client || passages.length === 0) return { byOrdinal: null };
  const { model } = client;
  if (!(await embeddingsTableReady(deps.db))) {
    return {
      byOrdinal: null,
      outcome: {
        model,
        embedded: 0,
        error: 'pgvector_unavailable',
      },
    };
  }
  const byOrdinal = new Map<number, number[]>();
  try {
    for (let i = 0; i < passages.length; i += EMBED_STEP) {
      const part = passages.slice(i, i + EMBED_STEP);
      const vectors = await client.embed(part.map(embeddingText), { signal });
      for (const [j, p] of part.entries()) byOrdinal.set(p.ordinal, vectors[j]!);
      onProgress((i + part.length) / passages.length);
    }
    const dimensions = byOrdinal.values().next().value?.length ?? 0;
    if (dimensions > MAX_DIMENSIONS)
      throw new AiError(
        'invalid_output',
        `${dimensions} dimensions: pgvector stores ${MAX_DIMENSIONS} at most`,
        {
          task: 'embeddings',
        },
      );
    return { byOrdinal, outcome: { model, embedded: byOrdinal.size } };
  } catch (err) {
    if (signal.aborted) throw err;
    deps.log.warn({ err, sourceId }, 'passages not embedded: the source is searched by full text');
    return {
      byOrdinal: null,
      outcome: { model, embedded: 0, error: err instanceof AiError ? err.reason : 'failed' },
    };
  }
}

export function sourceIngestHandler(deps: IngestDeps): JobHandler {
  return async (job, { signal }) => {
    const source = await findSource(deps.db, job.target);
    // removed meanwhile, or settled already: nothing to read
    if (source?.state !== 'processing') return { result: { read: false } };
    const pending = pendingOf(source);
    const progress = progressWriter(deps, source.id);
    try {
      let doc: ReturnType<typeof extractPastedText>;
      if (!pending && source.origin === 'paste') {
        const text = (await readStored(deps.media, source.mediaName)).toString('utf8');
        doc = extractPastedText(source.title, text);
      } else {
        let input: { bytes: Uint8Array; fileName: string | null; contentType: string | null };
        if (pending) {
          input = { ...pending, bytes: await readStored(deps.media, pending.mediaName) };
        } else if (source.origin === 'url' && !source.mediaName) {
          input = await fetchPage(deps, source, signal);
        } else {
          input = { ...source, bytes: await readStored(deps.media, source.mediaName) };
        }
        progress.write(READ_FROM);
        doc = await extractSource(
          {
            // a plain Uint8Array of its own: pdf.js refuses a Buffer and may transfer what it is given
            bytes: new Uint8Array(input.bytes),
            fileName: input.fileName,
            contentType: input.contentType,
            fallbackTitle: source.title,
          },
          { signal, onProgress: (p) => progress.write(READ_FROM + ((READ_TO - READ_FROM) * p) / 100) },
        );
      }
      progress.write(READ_TO);
      const embeddings = await embedPassages(deps, source.id, doc.passages, signal, (f) =>
        progress.write(READ_TO + (EMBED_TO - READ_TO) * f),
      );
      await progress.done();
      return {
        result: {
          passages: doc.passages.length,
          ...(embeddings.outcome ? { embeddings: embeddings.outcome } : {}),
        },
        apply: async (tx) => {
          const row = await lockSource(tx, source.id);
          // removed, or replaced again, while it was read: this reading is no longer wanted
          if (row?.state !== 'processing' || pendingOf(row)?.mediaName !== pending?.mediaName) return;
          await replacePassages(tx, row, doc.passages);
          if (doc.passages.length >= ANALYZE_FROM_PASSAGES) await analyzePassages(tx);
          const { byOrdinal } = embeddings;
          if (byOrdinal && embeddings.outcome) {
            const { model } = embeddings.outcome;
            // in a savepoint: embeddings the database refuses leave the passages written, searchable by full text
            await tx
              .transaction((sp) => writePassageEmbeddings(sp, row, model, byOrdinal))
              .catch((err) => deps.log.warn({ err, sourceId: row.id }, 'passage embeddings not stored'));
          }
          await updateSource(tx, row.id, {
            // a pasted text keeps the learner's title
            title:
              row.origin === 'paste' && !pending ? row.title : doc.title.slice(0, SOURCE_LIMITS.maxTitle),
            format: doc.format,
            pages: doc.pages,
            sections: doc.sections,
            passages: doc.passages.length,
            text: doc.text,
            state: 'ready',
            progress: 100,
            errorCode: null,
            errorMessage: null,
            ...(pending
              ? {
                  origin: 'file',
                  url: null,
                  mediaName: pending.mediaName,
                  fileName: pending.fileName,
                  contentType: pending.contentType,
                  bytes: pending.bytes,
                  sha256: pending.sha256,
                  pending: null,
                }
              : {}),
          });
          // the replaced file goes; a failure here leaves it to the sweep
          if (pending && row.mediaName && row.mediaName !== pending.mediaName)
            await deps.media
              .remove(row.mediaName)
              .catch((err) => deps.log.warn({ err }, 'old source file kept'));
        },
      };
    } catch (err) {
      await progress.done();
      // the worker is stopping: the job goes back to the queue untouched
      if (signal.aborted && !(err instanceof SourceRejected)) throw err;
      const code = err instanceof SourceRejected ? err.code : 'processing_failed';
      if (!(err instanceof SourceRejected))
        deps.log.error({ err, sourceId: source.id }, 'source reading failed');
      await recordFailure(deps.db, source.id, code, deps.media);
      throw new JobFailure(code, SOURCE_MESSAGES[code]);
    }
  };
}
