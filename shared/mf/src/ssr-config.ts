import { type Configuration, rspack } from '@rspack/core';

export interface SsrOptions {
  /** entry name → module (relative to the app's folder, or absolute) */
  entry: Record<string, string>;
  /** where the bundles go: one `<entry>.cjs` each */
  outDir: string;
  /** the origin-relative URL the app's built assets are served under: '/' or '/remotes/auth/<version>/' */
  publicPath: string;
  /** a bare import kept out of the bundle: the absolute file Node requires instead, or undefined to bundle it */
  external: (request: string, context: string) => string | undefined;
}

/**
 * The Node twin of an app's browser build (createMfConfig's `browser`), for rendering its components with
 * React's server renderer: the same folder, `uniqueName`, mode and module rules, so CSS Modules names and
 * asset file names (content hashes) are those of the browser build, and assets resolve under `publicPath`.
 * No federation: the singletons the browser shares are `external` (one React, one router, the provider's
 * copy of a shared @mindpath module), as the federation runtime would resolve them.
 */
export function createSsrConfig(browser: Configuration, options: SsrOptions): Configuration {
  return {
    context: browser.context,
    mode: 'production',
    devtool: false,
    target: 'node',
    entry: options.entry,
    output: {
      path: options.outDir,
      publicPath: options.publicPath,
      filename: '[name].cjs',
      uniqueName: browser.output?.uniqueName,
      library: { type: 'commonjs2' },
    },
    resolve: browser.resolve,
    module: browser.module,
    externals: [
      ({ request, context }, callback) => {
        const file = request && context ? options.external(request, context) : undefined;
        if (file) callback(undefined, `commonjs ${file}`);
        else callback();
      },
    ],
    // modules kept apart: the prerender reads from the stats which shared modules each entry imports
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false, concatenateModules: false },
    performance: false,
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
  };
}
