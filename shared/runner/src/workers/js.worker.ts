// JavaScript and TypeScript's module Worker: QuickJS's .wasm is beside this file (runtimes/quickjs-<version>/).
// The time limit is QuickJS's own interrupt handler, so a runaway loop leaves this Worker usable.
import { JsCore } from '../js-core.ts';
import { serveRuntime } from '../worker-host.ts';

serveRuntime(self, async () => {
  const core = await JsCore.load();
  return {
    run: ({ code, language, timeoutMs }, started) => {
      started();
      return core.run(code, language === 'typescript', { timeoutMs });
    },
    check: ({ code, tests, language, timeoutMs }, started) => {
      started();
      return core.check(code, tests, language === 'typescript', { timeoutMs });
    },
    reset: () => undefined,
  };
});
