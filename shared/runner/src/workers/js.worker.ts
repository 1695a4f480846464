// JavaScript and TypeScript's module Worker: QuickJS's .wasm is beside this file (runtimes/quickjs-<version>/).
// The time limit is QuickJS's own interrupt handler, so a runaway loop leaves this Worker usable.
import { loadJsRuntime } from '../js-runtime.ts';
import { serveRuntime } from '../worker-host.ts';

serveRuntime(self, loadJsRuntime);
