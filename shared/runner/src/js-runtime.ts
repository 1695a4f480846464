// What the JavaScript/TypeScript Worker serves: QuickJS, loaded once, its own interrupt handler enforcing the
// time limit. Shared by the browser's module Worker and the Node thread the client's tests run it in.
import { JsCore } from './js-core.ts';
import type { WorkerRuntime } from './worker-host.ts';

export async function loadJsRuntime(): Promise<WorkerRuntime> {
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
}
