import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip siblings that decode to the original, in subfolders too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(join(dir, 'main.0123456789.js'), js);
    writeFileSync(join(dir, 'assets', 'mf-manifest.json'), JSON.stringify({ a: 'x'.repeat(2000) }));
    const done = await precompressDir(dir);
    expect(done).toHaveLength(2);
    const br = readFileSync(join(dir, 'main.0123456789.js.br'));
    const gz = readFileSync(join(dir, 'main.0123456789.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
    expect(existsSync(join(dir, 'assets', 'mf-manifest.json.br'))).toBe(true);
  });

  it('leaves small files, images and already compressed files alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'shot.jpg'), Buffer.alloc(5000, 1));
    writeFileSync(join(dir, 'main.js.br'), Buffer.alloc(5000, 1));
    expect(await precompressDir(dir)).toEqual([]);
    expect(existsSync(join(dir, 'small.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'shot.jpg.gz'))).toBe(false);
    expect(existsSync(join(dir, 'main.js.br.br'))).toBe(false);
  });

  it('compresses WebAssembly, and leaves a file that came with its siblings as it is', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(dir, 'runtime.wasm'), Buffer.alloc(5000, 7));
    writeFileSync(join(dir, 'copied.wasm'), Buffer.alloc(5000, 7));
    writeFileSync(join(dir, 'copied.wasm.br'), 'made by an earlier step');
    expect(await precompressDir(dir)).toEqual([join(dir, 'runtime.wasm')]);
    expect(existsSync(join(dir, 'runtime.wasm.br'))).toBe(true);
    expect(readFileSync(join(dir, 'copied.wasm.br'), 'utf8')).toBe('made by an earlier step');
    expect(existsSync(join(dir, 'copied.wasm.gz'))).toBe(false);
  });
});
