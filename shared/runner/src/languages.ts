// Which code blocks can run in the browser, and a learner-words note for those that need more than it has.
import type { RunnableLanguage } from './protocol.ts';

const BY_INFO: Record<string, RunnableLanguage> = {
  py: 'python',
  python: 'python',
  python3: 'python',
  sql: 'sql',
  postgresql: 'sql',
  postgres: 'sql',
  pgsql: 'sql',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
};

/** The runtime of a fenced code block's info string ("python", "ts title=x.ts"), or null when none runs it. */
export function runnableLanguage(info: string | undefined): RunnableLanguage | null {
  const word =
    (info ?? '')
      .trim()
      .split(/[\s{,]/)[0]
      ?.toLowerCase() ?? '';
  return BY_INFO[word] ?? null;
}

/** Python packages that are not part of the browser's Python: what each is, in learner words. */
const PYTHON_PACKAGES: Record<string, string> = {
  numpy: 'numpy',
  pandas: 'pandas',
  matplotlib: 'matplotlib',
  sklearn: 'scikit-learn',
  scipy: 'scipy',
  torch: 'PyTorch',
  tensorflow: 'TensorFlow',
  keras: 'Keras',
  seaborn: 'seaborn',
  requests: 'requests',
  httpx: 'httpx',
  flask: 'Flask',
  django: 'Django',
  fastapi: 'FastAPI',
  transformers: 'transformers',
  polars: 'polars',
  psycopg2: 'psycopg2',
  sqlalchemy: 'SQLAlchemy',
  cv2: 'OpenCV',
  PIL: 'Pillow',
  pytest: 'pytest',
};

/**
 * Standard-library modules that reach the network or other programs: nothing answers them in a browser. Files
 * are not among them: Pyodide has an in-memory file system, so an example that writes then reads its own files
 * runs (the kits' file lessons do), and a missing file is an ordinary FileNotFoundError.
 */
const PYTHON_NETWORK = ['socket', 'urllib.request', 'http.client', 'subprocess', 'smtplib', 'ftplib'];

/** Node built-ins and host APIs: the sandbox has none of them (its timers are its own: see js-core.ts). */
/** Every module an example imports (static import, re-export or require): the sandbox has none to give. */
const JS_IMPORTS =
  /^\s*(?:import\s[^'"]*?from\s*|import\s*|export\s[^'"]*?from\s*)['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)/gm;
const JS_HOST_MODULES =
  /(?:require\(\s*|from\s+|import\(\s*)['"](?:node:)?(fs|fs\/promises|path|http|https|net|child_process|os|process|worker_threads|express|axios)['"]/;
const JS_HOST_CALLS =
  /\b(fetch|XMLHttpRequest|WebSocket|localStorage|sessionStorage|document|window|navigator)\s*[(.[]/;

const pythonImports = (code: string): string[] => {
  const names: string[] = [];
  for (const m of code.matchAll(/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w., ]+))/gm)) {
    const list = m[1] ?? m[2] ?? '';
    for (const part of list.split(',')) {
      const name = part.trim().split(/\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
};

const needsOwnMachine = (what: string, language: string) =>
  `This example uses ${what}, which needs ${language} on your own machine: it cannot run in the browser.`;

/**
 * A learner-words note when the code needs what the browser's runtime does not have (numpy, pandas,
 * matplotlib, sklearn, torch, requests, file or network access), else null: Run is replaced by this note.
 */
export function cannotRunHere(language: RunnableLanguage, code: string): string | null {
  if (language === 'python') {
    const imports = pythonImports(code);
    for (const name of imports) {
      const pkg = PYTHON_PACKAGES[name.split('.')[0] ?? ''];
      if (pkg) return needsOwnMachine(pkg, 'Python');
    }
    const network = imports.find((n) => PYTHON_NETWORK.some((m) => n === m || n.startsWith(`${m}.`)));
    if (network) return needsOwnMachine(`${network} (network or other programs)`, 'Python');
    // Pyodide's event loop is the page's: asyncio.run() cannot start another one inside it
    if (/\basyncio\.run\(/.test(code)) return needsOwnMachine('asyncio.run()', 'Python');
    return null;
  }
  if (language === 'javascript' || language === 'typescript') {
    const name = language === 'javascript' ? 'JavaScript' : 'TypeScript';
    const mod = JS_HOST_MODULES.exec(code)?.[1];
    if (mod) return needsOwnMachine(mod, `Node.js`);
    for (const m of code.matchAll(JS_IMPORTS)) {
      const from = m[1] ?? m[2] ?? '';
      if (from.startsWith('.') || from.startsWith('/')) {
        return `This example imports another file of a project (${from}): it runs in that project on your own machine, not on its own here.`;
      }
      return `This example uses ${from}, which needs Node.js and \`npm install ${from
        .split('/')
        .slice(0, from.startsWith('@') ? 2 : 1)
        .join('/')}\` on your own machine: it cannot run in the browser.`;
    }
    const call = JS_HOST_CALLS.exec(code)?.[1];
    if (call) {
      return `This example uses ${call}, which needs a web page or Node.js on your own machine: the ${name} sandbox here has no such API.`;
    }
    return null;
  }
  if (language === 'sql') {
    if (/\b(?:COPY\b[\s\S]*\b(?:FROM|TO)\s+(?:'|PROGRAM)|pg_read_file|lo_import|lo_export)/i.test(code)) {
      return 'This example reads or writes files on the database server, which needs PostgreSQL on your own machine: it cannot run in the browser.';
    }
    return null;
  }
  return null;
}
