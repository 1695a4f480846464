// The runtimes' versions: their files are served under runtimes/<runtime>-<version>/ (a unit test keeps these
// equal to the installed packages). Kept apart from the cores so the page's client can name the files
// without importing a runtime.
import type { RunnableLanguage } from './protocol.ts';

export const PYODIDE_VERSION = '314.0.7';
export const PGLITE_VERSION = '0.5.16';
export const QUICKJS_VERSION = '0.32.0';

export type RuntimeName = 'python' | 'sql' | 'js';

export const runtimeOf = (language: RunnableLanguage): RuntimeName =>
  language === 'python' ? 'python' : language === 'sql' ? 'sql' : 'js';

/** The folder of a runtime's Worker and files, relative to runtimes/. */
export const RUNTIME_DIRS: Record<RuntimeName, string> = {
  python: `pyodide-${PYODIDE_VERSION}`,
  sql: `pglite-${PGLITE_VERSION}`,
  js: `quickjs-${QUICKJS_VERSION}`,
};

/** The Worker file of a runtime, relative to runtimes/. */
export const workerPath = (runtime: RuntimeName) => `${RUNTIME_DIRS[runtime]}/${runtime}.worker.js`;

/** The prebuilt data directory the SQL Worker loads, beside it. */
export const PGDATA_FILE = 'pgdata.tar';
