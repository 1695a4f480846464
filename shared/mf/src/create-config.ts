import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  LIFECYCLES_EXPOSE,
  REMOTE_NAMES,
  REMOTES,
  type RemoteExpose,
  type RemoteName,
} from '@mindpath/contracts/remotes';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Compiler, type Configuration, rspack } from '@rspack/core';
import { contractVersion, withContractVersion } from './contract-version.ts';
import { chunkLoadingGlobalOf } from './globals.ts';
import { API_PORT, DEV_PORTS } from './ports.ts';
import { PrecompressPlugin } from './precompress.ts';
import { stableManifestData } from './stable-stats.ts';

/** What a remote must expose: its pages from the contract plus the single-spa lifecycles. */
export type RemoteExposes<N extends RemoteName> = Record<RemoteExpose<N> | typeof LIFECYCLES_EXPOSE, string>;

/** Files copied as they are into the output (`to` relative to it): a remote's static Workers and their runtimes. */
export type CopiedFiles = { from: string; to: string }[];

export type MfAppOptions =
  | { name: 'shell'; dir: string; devPort?: number }
  | {
      [N in RemoteName]: {
        name: N;
        dir: string;
        exposes: RemoteExposes<N>;
        devPort?: number;
        copy?: CopiedFiles;
      };
    }[RemoteName];

/** Shared as singletons (DESIGN §3). Trailing-slash keys share every subpath import of the package. */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
  '@mindpath/sdk/',
  '@mindpath/events',
  '@mindpath/ui/',
  '@mindpath/contracts/',
] as const;

/**
 * The react-router exports the platform uses. A shared singleton is not tree-shaken by default, and the
 * whole of react-router (data routers, SSR, cookies) is ~61 KB gz of the shell's first paint; every app
 * ships the same subset instead (~13 KB gz). A unit test keeps every import in the workspace inside it.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'MemoryRouter',
  'Routes',
  'Route',
  'Navigate',
  'Outlet',
  'Link',
  'NavLink',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
  'useMatch',
  'generatePath',
  'matchPath',
] as const;

/** The federation `name` of an app: the contract's scope for remotes, 'shell' for the host. */
export const scopeOf = (name: RemoteName | 'shell'): string =>
  name === 'shell' ? 'shell' : REMOTES[name].scope;

/** Throws when a remote's exposes differ from the contract (missing or unexpected keys). */
export function checkExposes(name: RemoteName, exposes: Record<string, string>): void {
  const expected = new Set<string>([...REMOTES[name].exposes, LIFECYCLES_EXPOSE]);
  const actual = new Set(Object.keys(exposes));
  const missing = [...expected].filter((k) => !actual.has(k));
  const extra = [...actual].filter((k) => !expected.has(k));
  if (missing.length || extra.length) {
    throw new Error(
      `mf-${name}: exposes do not match shared/contracts/src/remotes.ts` +
        (missing.length ? ` (missing ${missing.join(', ')})` : '') +
        (extra.length ? ` (not in the contract ${extra.join(', ')})` : ''),
    );
  }
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** requiredVersion of a shared key, from the app's package.json (workspace:* → the package's own version). */
export function requiredVersionOf(dir: string, key: string): string {
  const pkgName = key.endsWith('/') ? key.slice(0, -1) : key;
  const pkg = readJson(path.join(dir, 'package.json'));
  const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) } as Record<
    string,
    string
  >;
  const range = deps[pkgName];
  if (!range) throw new Error(`${dir}/package.json: shared package ${pkgName} is not a dependency`);
  if (!range.startsWith('workspace:')) return range;
  const own = readJson(path.join(dir, 'node_modules', pkgName, 'package.json'));
  return `^${String(own.version)}`;
}

/**
 * The workspace packages whose every module the shell provides, imported by it or not. A module the shell
 * did not import was a remote's own copy, carrying the contracts and zod with it: /home fetched zod three
 * times (the shell, mf-goals, mf-pomodoro; 26 KB gz each). Provided by the shell, a remote's copy is only its
 * fallback.
 */
const PROVIDED_BY_SHELL = ['@mindpath/sdk', '@mindpath/contracts'] as const;

/** Every module of a workspace package (`./*` → `./src/*.ts`) as a shared singleton, by absolute path. */
function everyModuleOf(dir: string, pkg: string) {
  const root = realpathSync(path.join(dir, 'node_modules', pkg));
  const version = String(readJson(path.join(root, 'package.json')).version);
  return readdirSync(path.join(root, 'src'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => [
      `${pkg}/${f.slice(0, -3)}`,
      // an absolute import is provided whether or not the app imports it; its version is not inferred
      { import: path.join(root, 'src', f), version, singleton: true, requiredVersion: `^${version}` },
    ]);
}

export function sharedConfig(dir: string, isShell = false) {
  const provided = isShell ? PROVIDED_BY_SHELL.flatMap((pkg) => everyModuleOf(dir, pkg)) : [];
  return Object.fromEntries([
    ...provided,
    ...SINGLETONS.map((key) => [
      key,
      {
        singleton: true,
        requiredVersion: requiredVersionOf(dir, key),
        // the plugin looks the package up by this name (by the key without it): a trailing-slash key
        // resolved as a subpath of a package whose exports are patterns ("./*") is Node's DEP0155
        ...(key.endsWith('/') ? { packageName: key.slice(0, -1) } : {}),
        ...(key === 'react-router'
          ? { treeShaking: { mode: 'runtime-infer' as const, usedExports: [...ROUTER_EXPORTS] } }
          : {}),
      },
    ]),
  ]);
}

/**
 * The federation runtime's own packages as their ES modules. Rspack and the plugin resolve them with
 * `require` (their CommonJS builds), which no bundler tree-shakes: every app carried all of
 * @module-federation/sdk (its Node helpers, the build plugins' option types) and a second copy of what it
 * used. As ES modules the shell's runtime is 35.3 → 30.2 KB gz, a remote's remoteEntry.js 18.0 → 12.4 KB gz
 * (its runtime core being the shell's). An alias maps each CommonJS file to its ES twin beside it; a package
 * without one keeps its CommonJS build.
 */
export function federationRuntimeAliases(): Record<string, string> {
  const resolveFrom = (from: string, request: string) => createRequire(from).resolve(request);
  const rspackPlugin = resolveFrom(
    resolveFrom(import.meta.filename, '@module-federation/enhanced/rspack'),
    '@module-federation/rspack/plugin',
  );
  // as @module-federation/rspack resolves the runtime tools, and Rspack the two runtimes beside them
  const runtimeTools = resolveFrom(rspackPlugin, '@module-federation/runtime-tools/bundler');
  const files = [
    resolveFrom(runtimeTools, '@module-federation/webpack-bundler-runtime'),
    resolveFrom(runtimeTools, '@module-federation/runtime'),
    resolveFrom(rspackPlugin, '@module-federation/inject-external-runtime-core-plugin'),
  ];
  const aliases: Record<string, string> = {};
  for (const cjs of files) {
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (esm !== cjs && existsSync(esm)) aliases[cjs] = esm;
  }
  const runtime = aliases[files[1]!];
  // the bare import of the runtime too: Rspack aliases it to the CommonJS file unless the config does
  if (runtime) aliases['@module-federation/runtime'] = runtime;
  return aliases;
}

/**
 * react-router's production build: its package's exports give bundlers the development one (its warnings,
 * 0.45 KB gz of the shell's first render). Every app imports the package's root only, which it replaces.
 */
function routerAlias(dir: string): Record<string, string> {
  const root = path.dirname(
    createRequire(path.join(dir, 'package.json')).resolve('react-router/package.json'),
  );
  const production = path.join(root, 'dist', 'production', 'index.mjs');
  return existsSync(production) ? { 'react-router$': production } : {};
}

/**
 * One federation runtime core per page (production): the shell provides its own as a global and the
 * remotes' containers use it instead of carrying theirs (≈23 KB gz each; /home loads three). A remote built
 * so needs a host that provides it: its standalone page is a dev server's, where every app keeps its own.
 */
function runtimeExperiments(isShell: boolean, prod: boolean) {
  // the browser only: the runtime drops its Node loaders
  const optimization = { target: 'web' as const };
  if (!prod) return { optimization };
  return isShell ? { provideExternalRuntime: true, optimization } : { externalRuntime: true, optimization };
}

/** sha256 CSP source of every inline <script> in the built html (the API's CSP allows exactly these). */
class InlineScriptHashesPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('InlineScriptHashes', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InlineScriptHashes', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const html = compilation.getAsset('index.html');
          if (!html) return;
          const source = html.source.source().toString();
          const hash = (re: RegExp) =>
            [...source.matchAll(re)].map(
              (m) =>
                `'sha256-${createHash('sha256')
                  .update(m[1] ?? '')
                  .digest('base64')}'`,
            );
          const csp = {
            scriptSrc: hash(/<script>([\s\S]*?)<\/script>/g),
            styleSrc: hash(/<style>([\s\S]*?)<\/style>/g),
          };
          compilation.emitAsset(
            'csp-hashes.json',
            new rspack.sources.RawSource(`${JSON.stringify(csp, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/** Dev `/remotes.json` of the shell dev server: every remote from its own dev server. */
export function devRemotesManifest() {
  return {
    updatedAt: new Date().toISOString(),
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((n) => [
        n,
        { version: 'dev', entry: `http://localhost:${DEV_PORTS[n]}/mf-manifest.json` },
      ]),
    ),
  };
}

/** A remote's standalone page (its dev server and tests): the same for every remote but for the title. */
const standalonePage = (app: string) => `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${app} · Mindpath (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * The one Rspack + Module Federation config of every app (DESIGN §3). `dir` is the app folder;
 * `src/index.ts` is the entry (an async boundary that imports `./bootstrap`); the shell's page is its
 * `index.html`, a remote's the standalone page made here (or its own `index.html` if it has one).
 */
export function createMfConfig(options: MfAppOptions): Configuration {
  const { name, dir } = options;
  const isShell = name === 'shell';
  const prod = process.env.NODE_ENV === 'production' || process.argv.includes('build');
  const devPort = options.devPort ?? DEV_PORTS[name];
  if (!isShell) checkExposes(name, options.exposes);
  const contract = contractVersion();
  const template = path.join(dir, 'index.html');

  return {
    context: dir,
    mode: prod ? 'production' : 'development',
    devtool: prod ? false : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      filename: prod ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      uniqueName: scopeOf(name),
      chunkLoadingGlobal: chunkLoadingGlobalOf(scopeOf(name)),
      // the tree-shaken shared's fallback (the full package) is compiled into independent-packages/ first
      clean: { keep: 'independent-packages' },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { ...federationRuntimeAliases(), ...routerAlias(dir) },
    },
    module: {
      parser: {
        'css/auto': { namedExports: false },
      },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              // the browsers Mindpath runs in (module Workers, WebAssembly, ES modules) all run ES2022: without
              // a target swc writes ES5, with its helpers inlined into every module that spreads or iterates
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
            },
          },
          type: 'javascript/auto',
        },
        // *.module.css → CSS Modules (`css/auto`); every other .css (tokens, reset) → plain global CSS
        { test: /\.css$/, type: 'css/auto' },
        // screenshots and other images: emitted beside the bundle with a content hash, imported as their URL
        {
          test: /\.jpg$/,
          type: 'asset/resource',
          generator: { filename: prod ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]' },
        },
      ],
    },
    optimization: {
      minimize: prod,
      // remotes too: without it each shared module a remote brings itself (an SDK hook module the shell does
      // not provide) carried its own zod and contracts; /home fetched four copies (544 → 407 KB gz of JS)
      splitChunks: { chunks: 'async' },
    },
    performance: false,
    plugins: [
      new ModuleFederationPlugin({
        name: scopeOf(name),
        filename: 'remoteEntry.js',
        ...(isShell ? { remotes: {} } : { exposes: options.exposes }),
        shared: sharedConfig(dir, isShell),
        shareStrategy: 'loaded-first',
        experiments: runtimeExperiments(isShell, prod),
        manifest: { additionalData: (data) => withContractVersion(stableManifestData(data), contract) },
        dts: false,
      }),
      new rspack.HtmlRspackPlugin({
        ...(existsSync(template) ? { template } : { templateContent: standalonePage(path.basename(dir)) }),
        inject: 'body',
        scriptLoading: 'defer',
        minify: prod,
        // deep links (/goals/42/assessment) load the page's scripts from the root
        publicPath: '/',
      }),
      ...(isShell ? [new InlineScriptHashesPlugin()] : []),
      ...(!isShell && options.copy?.length
        ? [
            new rspack.CopyRspackPlugin({
              patterns: options.copy.map(({ from, to }) => ({
                from,
                to,
                globOptions: { ignore: ['**/.stamp'] },
              })),
            }),
          ]
        : []),
      ...(prod ? [new PrecompressPlugin()] : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development'),
      }),
    ],
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: `http://localhost:${API_PORT}`, changeOrigin: false }],
      ...(isShell
        ? {
            setupMiddlewares: (middlewares) => {
              middlewares.unshift({
                name: 'dev-remotes-json',
                path: '/remotes.json',
                middleware: (_req: IncomingMessage, res: ServerResponse) => {
                  res.setHeader('cache-control', 'no-cache');
                  res.setHeader('content-type', 'application/json');
                  res.end(JSON.stringify(devRemotesManifest()));
                },
              });
              return middlewares;
            },
          }
        : {}),
    },
  };
}
