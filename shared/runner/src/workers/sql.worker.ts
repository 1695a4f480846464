// SQL's module Worker: PGlite's files and the prebuilt data directory are beside this file
// (runtimes/pglite-<version>/).
import { SqlCore } from '../sql-core.ts';
import { PGDATA_FILE } from '../versions.ts';
import { serveRuntime } from '../worker-host.ts';

const beside = (file: string) => new URL(`./${file}`, import.meta.url);
async function fetched(file: string): Promise<Response> {
  const response = await fetch(beside(file));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response;
}

serveRuntime(self, async () => {
  const core = new SqlCore({
    dataDir: async () => (await fetched(PGDATA_FILE)).blob(),
    wasm: async () => WebAssembly.compileStreaming(fetched('pglite.wasm')),
    fsBundle: async () => (await fetched('pglite.data')).blob(),
  });
  await core.prepare();
  return {
    // no time limit here: PGlite cannot interrupt a query, the client terminates this Worker instead
    run: ({ code, setup }, started) => core.run(code, setup, started),
    check: ({ code, tests, setup }, started) => core.check(code, tests, setup, started),
    reset: (setup) => core.reset(setup),
  };
});
