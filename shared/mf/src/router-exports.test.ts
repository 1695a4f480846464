import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_EXPORTS } from './create-config.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const APP_SOURCES = [
  'shell/src',
  ...readdirSync(ROOT)
    .filter((d) => d.startsWith('mf-'))
    .map((d) => `${d}/src`),
  ...readdirSync(join(ROOT, 'shared')).map((d) => `shared/${d}/src`),
].flatMap((d) => sourceFiles(join(ROOT, d)));

/** The value names a file imports from react-router or react-router-dom (type-only imports excluded). */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router(?:-dom)?'/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe('the tree-shaken react-router singleton', () => {
  it('parses named imports, skipping type-only ones', () => {
    const src = `import { Link, type To, useNavigate as nav } from 'react-router';\nimport type { Location } from 'react-router';`;
    expect(routerImports(src)).toEqual(['Link', 'useNavigate']);
  });

  it('covers every react-router export the apps import', () => {
    expect(APP_SOURCES.length).toBeGreaterThan(20);
    const allowed = new Set<string>(ROUTER_EXPORTS);
    const outside = APP_SOURCES.flatMap((file) =>
      routerImports(readFileSync(file, 'utf8'))
        .filter((name) => !allowed.has(name))
        .map((name) => `${file.slice(ROOT.length + 1)}: ${name}`),
    );
    // An import outside the list would be missing from the shared build at run time: add it to ROUTER_EXPORTS.
    expect(outside).toEqual([]);
  });
});
