import path from 'node:path';
import type { Compilation, Compiler } from '@rspack/core';

/**
 * mf-stats.json / mf-manifest.json that are the same for the same sources, so a remote's content hash (its
 * release version, shared/deploy/src/release.ts) changes only when its code does. Rspack's manifest plugin lists
 * `shared` in hash-map order, and fills `shared[].usedIn` and `exposes[].requires` from each shared
 * module's *issuer*: whichever importer its parallel build queue reached first (rspack issue #4139), so
 * both vary from build to build. Here the lists are sorted and the two relations recomputed from every
 * import in the module graph: a shared package is "used in" each exposed module that imports it directly.
 */

/** The parts of the plugin's stats this touches (@module-federation/sdk's `Stats`, structurally). */
export interface FederationStats {
  shared: { id: string; name: string; usedIn: string[]; usedExports: string[] }[];
  exposes: { id: string; file: string; requires: string[] }[];
}

/** Shared package name → absolute paths of the modules that import it. */
export type SharedImporters = Map<string, Set<string>>;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `consume shared module (default) @mindpath/ui/modal@^0.1.0 (strict) (fallback: …)` → `@mindpath/ui/modal` */
export function consumedPackageOf(identifier: string): string | undefined {
  const token = /^consume shared module \([^)]*\) (\S+)/.exec(identifier)?.[1];
  const at = token?.lastIndexOf('@') ?? -1;
  return at > 0 ? token!.slice(0, at) : undefined;
}

/** Every importer of every consumed shared package, read from the compilation's module graph. */
export function sharedImportersOf(compilation: Compilation): SharedImporters {
  const importers: SharedImporters = new Map();
  for (const module of compilation.modules) {
    const pkg = module.type === 'consume-shared-module' ? consumedPackageOf(module.identifier()) : undefined;
    if (!pkg) continue;
    const files = importers.get(pkg) ?? new Set<string>();
    for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
      const file = connection.originModule?.nameForCondition();
      if (file) files.add(file);
    }
    importers.set(pkg, files);
  }
  return importers;
}

/** Sorts the stats' lists and derives usedIn/requires from `importers` (paths resolved against `context`). */
export function stabilizeStats<S extends FederationStats>(
  stats: S,
  importers: SharedImporters,
  context: string,
): S {
  const exposes = [...stats.exposes].sort(byId);
  const shared = [...stats.shared].sort(byId).map((entry) => {
    const files = importers.get(entry.name) ?? new Set<string>();
    return {
      ...entry,
      usedIn: exposes.filter((e) => files.has(path.resolve(context, e.file))).map((e) => e.file),
      usedExports: [...entry.usedExports].sort(),
    };
  });
  return {
    ...stats,
    shared,
    exposes: exposes.map((expose) => ({
      ...expose,
      requires: shared.filter((s) => s.usedIn.includes(expose.file)).map((s) => s.name),
    })),
  };
}

/** The Module Federation plugin's `manifest.additionalData` hook that applies the above. */
export function stableManifestData<S extends FederationStats>(options: {
  stats: S;
  compilation: Compilation;
  compiler: Compiler;
}): S {
  return stabilizeStats(options.stats, sharedImportersOf(options.compilation), options.compiler.context);
}
