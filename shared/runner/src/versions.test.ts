import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_VERSION, PYODIDE_VERSION, QUICKJS_VERSION } from './versions.ts';

const installed = (name: string) =>
  (
    JSON.parse(
      readFileSync(
        path.join(realpathSync(path.join(import.meta.dirname, '..', 'node_modules', name)), 'package.json'),
        'utf8',
      ),
    ) as { version: string }
  ).version;

describe('runtime versions', () => {
  it('name the installed packages (the served folders are versioned by them)', () => {
    expect(PYODIDE_VERSION).toBe(installed('pyodide'));
    expect(PGLITE_VERSION).toBe(installed('@electric-sql/pglite'));
    expect(QUICKJS_VERSION).toBe(installed('@jitl/quickjs-wasmfile-release-sync'));
    expect(QUICKJS_VERSION).toBe(installed('quickjs-emscripten-core'));
  });
});
