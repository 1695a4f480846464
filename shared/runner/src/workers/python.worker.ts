// Python's module Worker: Pyodide's files are beside this file (runtimes/pyodide-<version>/).
import { PythonCore } from '../python-core.ts';
import { serveRuntime } from '../worker-host.ts';

serveRuntime(self, async () => {
  const core = await PythonCore.load({ indexURL: new URL('./', import.meta.url).href });
  return {
    run: ({ code, timeoutMs }, started) => {
      started();
      return core.run(code, { timeoutMs });
    },
    check: ({ code, tests, timeoutMs }, started) => {
      started();
      return core.check(code, tests, { timeoutMs });
    },
    // every run has fresh globals already
    reset: () => undefined,
  };
});
