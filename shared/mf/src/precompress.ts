import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Text files worth compressing, and the runner's WebAssembly, PGlite's file bundle and data directory (3-4 times
 * smaller); images, fonts and zips are compressed formats already.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|wasm|data|tar)$/;
/** Below this the encoded file saves less than the header it costs. */
export const MIN_BYTES = 1024;
/**
 * Brotli 10, not 11: on a remote's output 11 saves another 2 % for 2.6 times the time (mf-goals: 664 KB in
 * 4.1 s against 652 KB in 10.7 s; gzip -9 gives 746 KB), and the build runs in `npm test`.
 */
const BROTLI_QUALITY = 10;

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli 10) and `<file>.gz` (gzip -9) beside every compressible file of
 * `dir` of at least MIN_BYTES, for the server to send as is (DESIGN §4: the API serves the built apps).
 * An encoding that does not make the file smaller is left out. Returns the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const path of filesIn(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    // copied in already compressed (the runner's runtimes: megabytes that each build would compress again)
    if (existsSync(`${path}.br`) || existsSync(`${path}.gz`)) continue;
    const { size } = await stat(path);
    if (size < MIN_BYTES) continue;
    const source = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gz(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < size) await writeFile(`${path}.br`, br);
    if (gzipped.length < size) await writeFile(`${path}.gz`, gzipped);
    done.push(path);
  }
  return done;
}

/** Production builds precompress their output once everything, the federation manifest too, is on disk. */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('Precompress', async (compilation) => {
      const out = compilation.outputOptions.path;
      if (out) await precompressDir(out);
    });
  }
}
