// Builds the runner's static module Workers and puts each beside its runtime's files, licences and (SQL) the
// prebuilt data directory, precompressed: dist/runtimes/<runtime>-<version>/. mf-lessons copies the folder into
// its output. Skipped when nothing it is made from has changed (the stamp), so `pnpm build` pays once.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { dataDirFile } from '../src/data-dir-file.ts';
import { PGDATA_FILE, RUNTIME_DIRS, type RuntimeName } from '../src/versions.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist', 'runtimes');
/** An installed package's folder (some packages' exports hide their package.json from require.resolve). */
const pkgDir = (name: string) => realpathSync(path.join(root, 'node_modules', name));
const pgliteDist = path.join(pkgDir('@electric-sql/pglite'), 'dist');
const quickjsDist = path.join(pkgDir('@jitl/quickjs-wasmfile-release-sync'), 'dist');
const pyodideDir = pkgDir('pyodide');
const licenses = path.join(root, 'licenses');

/** The files each runtime's Worker loads at run time, and the licences that go with them. */
const FILES: Record<RuntimeName, [from: string, as: string][]> = {
  python: [
    ...['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'].map(
      (f): [string, string] => [path.join(pyodideDir, f), f],
    ),
    [path.join(licenses, 'pyodide-NOTICE.txt'), 'LICENSE-pyodide.txt'],
    [path.join(licenses, 'MPL-2.0.txt'), 'LICENSE-MPL-2.0.txt'],
    [path.join(licenses, 'python-PSF.txt'), 'LICENSE-python.txt'],
  ],
  sql: [
    [path.join(pgliteDist, 'pglite.wasm'), 'pglite.wasm'],
    [path.join(pgliteDist, 'pglite.data'), 'pglite.data'],
    [path.join(pkgDir('@electric-sql/pglite'), 'LICENSE'), 'LICENSE-pglite.txt'],
    [path.join(licenses, 'postgresql-LICENSE.txt'), 'LICENSE-postgresql.txt'],
  ],
  js: [
    [path.join(quickjsDist, 'emscripten-module.wasm'), 'emscripten-module.wasm'],
    [path.join(pkgDir('@jitl/quickjs-wasmfile-release-sync'), 'LICENSE'), 'LICENSE-quickjs.txt'],
    [path.join(pkgDir('quickjs-emscripten-core'), 'LICENSE'), 'LICENSE-quickjs-emscripten-core.txt'],
    [path.join(pkgDir('sucrase'), 'LICENSE'), 'LICENSE-sucrase.txt'],
  ],
};

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const BIG = 1024 * 1024;

/**
 * `<file>.br` and `<file>.gz` beside every file that they make smaller (mf-lessons' build copies them as they
 * are). Brotli 10 as the rest of dist, except for the megabytes of the runtimes: quality 7 with a 16 MB window
 * (measured: pglite.wasm 2.94 MB in 7 s against 2.69 MB in 61 s at 10; the data directory 1.56 MB in 2 s
 * against 2.90 MB at 10 with the default window).
 */
async function compress(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith('.zip') || name === '.stamp') continue;
    const source = await readFile(file);
    if (source.length < 1024) continue;
    const big = source.length > BIG;
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: big ? 7 : 10,
          [constants.BROTLI_PARAM_LGWIN]: big ? 24 : 22,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz(source, { level: big ? 6 : 9 }),
    ]);
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
  }
}

/** What the output is made from: this script, the sources, the licences and the runtimes' versions. */
async function stamp(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    import.meta.filename,
    path.join(root, 'package.json'),
    ...(await readdir(path.join(root, 'src'), { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort()
      .map((f) => path.join(root, 'src', f)),
    ...(await readdir(licenses)).sort().map((f) => path.join(licenses, f)),
  ];
  for (const file of files) hash.update(file.slice(root.length)).update(await readFile(file));
  for (const dir of Object.values(RUNTIME_DIRS)) hash.update(dir);
  return hash.digest('hex');
}

const NODE_ONLY = /^(?:node:.*|fs|fs\/promises|path|url|crypto|child_process|ws|vm|module|util)$/;
/**
 * The runtimes' Node-only modules: a dynamic import (their Node branches) stays as it is and never runs in a
 * browser; a static one (PGlite's Node filesystem) becomes an empty module, which a browser Worker never calls.
 */
const nodeOnly: Plugin = {
  name: 'node-only',
  setup(b) {
    b.onResolve({ filter: NODE_ONLY }, (args) =>
      args.kind === 'dynamic-import'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'node-only' },
    );
    b.onLoad({ filter: /.*/, namespace: 'node-only' }, () => ({
      contents: 'module.exports = {};',
      loader: 'js',
    }));
  },
};

const stampFile = path.join(out, '.stamp');
const want = await stamp();
if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === want) {
  console.log('runner: dist/runtimes is up to date');
  process.exit(0);
}

const started = Date.now();
await rm(out, { recursive: true, force: true });
for (const [runtime, dir] of Object.entries(RUNTIME_DIRS) as [RuntimeName, string][]) {
  const target = path.join(out, dir);
  await mkdir(target, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'src', 'workers', `${runtime}.worker.ts`)],
    outfile: path.join(target, `${runtime}.worker.js`),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    plugins: [nodeOnly],
    // licence comments of what is bundled (sucrase, the runtimes' loaders) go into <worker>.LEGAL.txt
    legalComments: 'external',
    logLevel: 'warning',
  });
  for (const [from, as] of FILES[runtime]) await copyFile(from, path.join(target, as));
  if (runtime === 'sql') await copyFile(await dataDirFile(), path.join(target, PGDATA_FILE));
  await compress(target);
}
await writeFile(stampFile, want);
console.log(`runner: dist/runtimes built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
