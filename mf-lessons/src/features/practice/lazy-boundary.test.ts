// The lesson page's first load carries nothing of the editor or a runtime: following only the static imports
// from the page's module (and from the exercises' panel, fetched when the page is idle) never reaches CodeMirror or the
// runner's client (nor, from the page, the Markdown renderer); they are reached only through dynamic
// import() (the editor's chunk, the runner's, the renderer's).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGE = resolve(import.meta.dirname, '../lesson/components/lesson-page.tsx');

/** Static (value) imports and re-exports of a module; `import type` erases at build and is skipped. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(re)) found.push(m[1]!);
  return found;
}

const dynamicImports = (source: string) =>
  [...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const file = resolve(dirname(from), specifier);
  return existsSync(file) ? file : null;
}

/** Every module and package reached from `entry`, through static imports only (or through both). */
function graph(entry: string, { dynamic = false } = {}) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const specifier of [...staticImports(source), ...(dynamic ? dynamicImports(source) : [])]) {
      const local = resolveLocal(file, specifier);
      if (local) {
        if (/\.(tsx?|m?js)$/.test(local)) visit(local);
      } else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages: [...packages] };
}

const HEAVY = [/^@codemirror\//, /^@lezer\//, /^@mindpath\/runner\/client$/, /^@mindpath\/markdown$/];

describe('the lesson page’s first load', () => {
  it('reaches the runnable code block statically, but no editor, runtime or renderer', () => {
    const { files, packages } = graph(PAGE);
    expect([...files].some((f) => f.endsWith('practice/components/runnable-code-block.tsx'))).toBe(true);
    expect(
      [...files].filter((f) => /code-editor|code-workbench|(?<!idle-)practice-panel|exercise-card/.test(f)),
    ).toEqual([]);
    expect(packages.filter((p) => HEAVY.some((re) => re.test(p)))).toEqual([]);
  });

  it('loads the exercises when the page is idle, and their editor only on demand', () => {
    // the exercises' panel is a chunk of its own, fetched when the page is idle: its static graph comes with
    // it, so it must not bring the editor either
    const { files, packages } = graph(resolve(import.meta.dirname, 'components/practice-panel.tsx'));
    expect([...files].filter((f) => /code-editor|code-workbench/.test(f))).toEqual([]);
    expect(packages.filter((p) => /^@codemirror\/|^@lezer\/|^@mindpath\/runner\/client$/.test(p))).toEqual(
      [],
    );
  });

  it('reaches them through dynamic imports (the test would be empty otherwise)', () => {
    const { files, packages } = graph(PAGE, { dynamic: true });
    expect([...files].some((f) => f.endsWith('practice/components/code-editor.tsx'))).toBe(true);
    expect(packages).toEqual(
      expect.arrayContaining(['@codemirror/view', '@mindpath/runner/client', '@mindpath/markdown']),
    );
  });
});
