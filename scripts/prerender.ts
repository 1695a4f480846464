// The last step of `pnpm build`: the public pages as HTML that already holds their content, so they paint
// before any script has run (issues 14, 23). No browser: each page is the live app's own tree (the shell's
// App at the page's path, with the released remotes' pages and slots) rendered by React's server renderer
// (shell/src/prerender/server.tsx). The shell and the remotes the public pages load are compiled for Node
// first (shared/mf/src/ssr-config.ts: the browser builds' settings, so CSS Modules names and asset file
// names are theirs, assets under the released remote's origin-relative URL). Each page's markup goes into
// a copy of the shell's index.html with its title, description, Open Graph tags and the rules of the
// stylesheets the live page loads, inline: those its first paint needs in the head, all of them after the
// markup, on once it has painted (scripts/lib/prerender-html.ts): shell/dist/prerendered/<file>,
// precompressed like every other file. In the browser the
// shell renders the live app beside that markup and swaps it in once settled (shell/src/prerender/take-over.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import type { RemoteModuleId, RemoteName, RemotesManifest } from '@mindpath/contracts/remotes';
import type { Configuration, MultiStats, StatsCompilation } from '@rspack/core';
import { precompressDir } from '../shared/mf/src/precompress.ts';
import { createSsrConfig } from '../shared/mf/src/ssr-config.ts';
import type { renderPath } from '../shell/src/prerender/server.tsx';
import {
  cspSource,
  oncePerContent,
  pageStylesheets,
  preparePrerendered,
  renderPage,
  type Sheet,
  undefinedClasses,
} from './lib/prerender-html.ts';

// the apps' configs read the mode from here (createMfConfig), as `rspack build` does
process.env.NODE_ENV = 'production';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shellDir = join(root, 'shell');
// SHELL_DIST and DEPLOY_DIR as the API reads them: a build elsewhere (the bench's) is prerendered too
const shellDist = resolve(process.env.SHELL_DIST || join(shellDir, 'dist'));
const deployDir = resolve(process.env.DEPLOY_DIR || join(root, '.deploy'));
const outDir = join(shellDist, 'prerendered');
/** the remotes the public pages render (their pages, and the landing's billing/PlanCards) */
const PRERENDERED_REMOTES: readonly RemoteName[] = ['auth', 'billing'];

/** The federation singletons from npm (DESIGN §3): one copy in Node too, as in the browser. */
const NPM_SINGLETON =
  /^(?:react|react-dom|react-router|react-router-dom|@tanstack\/react-query|@tanstack\/query-core)(?:\/|$)/;

interface BuiltManifest {
  shared: { name: string; assets: { css: { sync: string[] } } }[];
  exposes: { name: string; file?: string; assets: { css: { sync: string[] } } }[];
}
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

async function main() {
  const t0 = Date.now();
  const released = readJson<RemotesManifest>(join(deployDir, 'remotes.json')).remotes;
  const shellStats = readJson<BuiltManifest>(join(shellDist, 'mf-stats.json'));
  // what the shell shares, it provides to every remote at run time (loaded first): its copy is the one used
  const shellShared = new Set(
    shellStats.shared.map((s) => s.name).filter((name) => name.startsWith('@mindpath/')),
  );
  const remotes = PRERENDERED_REMOTES.map((name) => {
    const version = released[name]?.version;
    if (!version) throw new Error(`prerender: ${name} is not released (${join(deployDir, 'remotes.json')})`);
    const base = `/remotes/${name}/${version}/`;
    return { name, base, stats: readJson<BuiltManifest>(join(deployDir, base, 'mf-stats.json')) };
  });

  const work = mkdtempSync(join(tmpdir(), 'mindpath-prerender-'));
  try {
    const fromShell = createRequire(join(shellDir, 'package.json'));
    const sharedEntry = (name: string) => `shared/${name.replace(/[^\w-]/g, '_')}`;
    const external = (request: string, context: string) => {
      if (NPM_SINGLETON.test(request)) return createRequire(join(context, 'noop.js')).resolve(request);
      if (shellShared.has(request)) return join(work, 'shell', `${sharedEntry(request)}.cjs`);
      return undefined;
    };
    const configOf = async (dir: string) =>
      (await import(pathToFileURL(join(root, dir, 'rspack.config.ts')).href)).default as Configuration;
    const shellConfig = await configOf('shell');
    const remoteConfigs = await Promise.all(remotes.map((r) => configOf(`mf-${r.name}`)));
    const configs = [
      createSsrConfig(shellConfig, {
        entry: {
          server: './src/prerender/server.tsx',
          // the file, not the import: that import is external, here as everywhere
          ...Object.fromEntries([...shellShared].map((name) => [sharedEntry(name), fromShell.resolve(name)])),
        },
        outDir: join(work, 'shell'),
        publicPath: '/',
        external,
      }),
      ...(await Promise.all(
        remotes.map(async (r, i) =>
          createSsrConfig(remoteConfigs[i]!, {
            entry: Object.fromEntries(
              r.stats.exposes.flatMap((e) =>
                e.file && e.name !== 'lifecycles' ? [[e.name, `./${e.file}`]] : [],
              ),
            ),
            outDir: join(work, r.name),
            publicPath: r.base,
            external,
          }),
        ),
      )),
    ];
    const { rspack } = fromShell('@rspack/core') as typeof import('@rspack/core');
    const stats = await new Promise<MultiStats>((done, fail) =>
      rspack(configs).run((err, result) => (err || !result ? fail(err) : done(result))),
    );
    if (stats.hasErrors())
      throw new Error(`prerender: compiling for Node failed\n${stats.toString('errors-only')}`);
    const compiled =
      stats.toJson({ all: false, chunks: true, chunkModules: true, dependentModules: true, reasons: true })
        .children ?? [];

    const requireIn = createRequire(join(work, 'noop.js'));
    const { renderPath: render } = requireIn(join(work, 'shell', 'server.cjs')) as {
      renderPath: typeof renderPath;
    };
    const template = readFileSync(join(shellDist, 'index.html'), 'utf8');
    const shellCss = shellStylesheets(shellStats, uniqueNameOf(shellConfig));
    const styleSrc = new Set<string>();
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    for (const page of PUBLIC_PAGES) {
      const loaded: RemoteModuleId[] = [];
      const html = await render(page.path, async (id) => {
        const [name, expose] = id.split('/') as [RemoteName, string];
        if (!PRERENDERED_REMOTES.includes(name))
          throw new Error(`prerender ${page.path}: ${id} is not compiled`);
        loaded.push(id);
        return requireIn(join(work, name, `${expose}.cjs`));
      });
      const stylesheets: Sheet[] = [
        ...shellCss,
        ...loaded.flatMap((id) => {
          const [name, expose] = id.split('/') as [RemoteName, string];
          const remote = remotes.find((r) => r.name === name)!;
          const built = remote.stats.exposes.find((e) => e.name === expose)!;
          const i = remotes.indexOf(remote);
          return [
            ...built.assets.css.sync.map((file): Sheet => ({ href: remote.base + file })),
            ...sharedUsedBy(compiled[1 + i]!, expose, remote, uniqueNameOf(remoteConfigs[i]!), shellShared),
          ];
        }),
      ];
      const markup = preparePrerendered(html);
      const read = pageStylesheets(
        markup,
        stylesheets.map((sheet) => ({
          ...sheet,
          css: readFileSync(
            sheet.href.startsWith('/remotes/') ? join(deployDir, sheet.href) : join(shellDist, sheet.href),
            'utf8',
          ),
        })),
      );
      const missing = undefinedClasses(
        markup,
        read.map((s) => s.css),
      );
      if (missing.length)
        throw new Error(
          `prerender ${page.path}: classes no stylesheet of the page defines: ${missing.join(' ')}`,
        );
      const out = renderPage(template, page, { html: markup, stylesheets: read });
      for (const src of out.styleSrc) styleSrc.add(src);
      writeFileSync(join(outDir, page.file), out.html);
    }
    allowStyles(template, styleSrc);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  await precompressDir(outDir);
  console.log(`prerender: ${PUBLIC_PAGES.length} public pages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The shell's stylesheets, all loaded at start: its own (the bootstrap chunk's: every file of the build no
 * shared module lists) and those of the shared modules it provides.
 */
function shellStylesheets(stats: BuiltManifest, uniqueName: string): Sheet[] {
  const ofShared = new Set(stats.shared.flatMap((s) => s.assets.css.sync));
  const own = readdirSync(shellDist).filter((f) => f.endsWith('.css') && !ofShared.has(f));
  return [
    ...own.map((f) => ({ href: `/${f}` })),
    ...stats.shared.flatMap((s) => oncePerContent(s.assets.css.sync, '/', uniqueName, 'shell')),
  ];
}

/**
 * The CSP allows the pages' inline styles besides the shell's (shell/dist/csp-hashes.json, written by the
 * shell's build from index.html's; recomputed from it here, so a second run leaves no stale page's).
 */
function allowStyles(template: string, pages: Set<string>) {
  const file = join(shellDist, 'csp-hashes.json');
  const csp = readJson<{ scriptSrc: string[]; styleSrc: string[] }>(file);
  const shells = [...template.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => cspSource(m[1] ?? ''));
  csp.styleSrc = [...new Set([...shells, ...pages])];
  writeFileSync(file, `${JSON.stringify(csp, null, 2)}\n`);
}

const uniqueNameOf = (config: Configuration) => String(config.output?.uniqueName);

/** The stylesheets of the shared modules `expose` imports that the shell does not provide: the remote's copy. */
function sharedUsedBy(
  compiled: StatsCompilation,
  expose: string,
  { stats, base }: { stats: BuiltManifest; base: string },
  uniqueName: string,
  shellShared: Set<string>,
): Sheet[] {
  const own = new Set(
    stats.shared.map((s) => s.name).filter((n) => n.startsWith('@mindpath/') && !shellShared.has(n)),
  );
  const chunk = compiled.chunks?.find((c) => c.names?.includes(expose));
  const used = new Set(
    (chunk?.modules ?? [])
      .flatMap((m) => (m.reasons ?? []).map((r) => r.userRequest ?? ''))
      .filter((r) => own.has(r)),
  );
  return stats.shared
    .filter((s) => used.has(s.name))
    .flatMap((s) => oncePerContent(s.assets.css.sync, base, uniqueName, 'remote'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
