// The embedded PostgreSQL's own thread (pglite-thread.ts starts it): PGlite runs here, and every message
// from the API's thread is one batch of protocol bytes, answered with PostgreSQL's bytes in the order sent.
// Nothing here parses or locks: the API's thread does both, so this thread only runs PostgreSQL. A dump and
// the close come alone (the API's thread holds its locks), so their awaits interleave with nothing.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

export interface ThreadStart {
  dataDir?: string;
  /** a snapshot from `dumpDataDir` */
  loadDataDir?: Uint8Array;
  /** pglite.wasm compiled once per process, so each thread only instantiates it */
  wasmModule?: WebAssembly.Module;
}

/** what the API's thread sends besides protocol bytes */
export type ThreadCommand = { dump: 'none' | 'gzip' | 'auto' } | { close: true };

/** what this thread answers besides protocol bytes */
export type ThreadAnswer = { ready: true } | { dump: ArrayBuffer } | { closed: true } | { failed: string };

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs as a worker thread (pglite-thread.ts)');
const start = workerData as ThreadStart;

/**
 * The snapshot as PGlite's loadDataDir reads it (arrayBuffer and type, nothing else): Node's Blob would
 * give the bytes back in 64 KB steps, 0.2 s for a migrated database's 40 MB.
 */
class SnapshotBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    const whole = byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(
      (whole ? buffer : buffer.slice(byteOffset, byteOffset + byteLength)) as ArrayBuffer,
    );
  }
}

const pg = await PGlite.create({
  // pgvector, for the passages' embeddings (migration 0026 makes their table where the extension is)
  extensions: { vector },
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.loadDataDir ? { loadDataDir: new SnapshotBlob(start.loadDataDir) } : {}),
  ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
}).catch((error: unknown) => {
  port.postMessage({ failed: String((error as Error)?.stack ?? error) } satisfies ThreadAnswer);
  throw error;
});

const answer = (message: ThreadAnswer | Uint8Array, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

port.on('message', async (message: Uint8Array | ThreadCommand) => {
  try {
    if (message instanceof Uint8Array) {
      // synchronous, so batches run in the order they came. No syncToFs after it: on Node's file system
      // PostgreSQL's writes reach the files at once, and PGlite's syncToFs there only takes a mutex.
      const data = pg.execProtocolRawSync(message);
      // a large answer (its own buffer) changes hands; a statement's few rows copy faster than that
      answer(data, data.byteLength > 65_536 ? [data.buffer as ArrayBuffer] : []);
    } else if ('dump' in message) {
      const buffer = await (await pg.dumpDataDir(message.dump)).arrayBuffer();
      answer({ dump: buffer }, [buffer]);
    } else {
      await pg.close();
      answer({ closed: true });
      port.close();
    }
  } catch (error) {
    answer({ failed: String((error as Error)?.stack ?? error) });
  }
});
answer({ ready: true });
