import { describe, expect, it } from 'vitest';
import { cannotRunHere, runnableLanguage } from './languages.ts';

describe('runnableLanguage', () => {
  it('maps fenced code info strings to runtimes', () => {
    expect(runnableLanguage('py')).toBe('python');
    expect(runnableLanguage('Python3')).toBe('python');
    expect(runnableLanguage('postgresql')).toBe('sql');
    expect(runnableLanguage('pgsql')).toBe('sql');
    expect(runnableLanguage('mjs')).toBe('javascript');
    expect(runnableLanguage('ts title="a.ts"')).toBe('typescript');
    expect(runnableLanguage('bash')).toBeNull();
    expect(runnableLanguage(undefined)).toBeNull();
    expect(runnableLanguage('')).toBeNull();
  });
});

describe('cannotRunHere', () => {
  it('names the package a Python example needs', () => {
    expect(cannotRunHere('python', 'import numpy as np\nnp.zeros(3)')).toBe(
      'This example uses numpy, which needs Python on your own machine: it cannot run in the browser.',
    );
    expect(cannotRunHere('python', 'from sklearn.linear_model import LinearRegression')).toContain(
      'scikit-learn',
    );
    expect(cannotRunHere('python', 'import os, requests')).toContain('requests');
    expect(cannotRunHere('python', 'import urllib.request')).toContain('network');
  });

  it("notes asyncio.run(), which cannot start a loop inside the page's own", () => {
    expect(cannotRunHere('python', 'import asyncio\nasync def main(): pass\nasyncio.run(main())')).toBe(
      'This example uses asyncio.run(), which needs Python on your own machine: it cannot run in the browser.',
    );
    expect(cannotRunHere('python', 'import asyncio\nasync def main(): return 1')).toBeNull();
  });

  it('lets the standard library run', () => {
    expect(
      cannotRunHere('python', 'from collections import Counter\nimport json, math\nprint(1)'),
    ).toBeNull();
  });

  it('notes host APIs in JavaScript, but not the timers the sandbox has', () => {
    expect(cannotRunHere('javascript', "const fs = require('fs');")).toContain('fs');
    expect(cannotRunHere('typescript', "import { readFile } from 'node:fs/promises';")).toContain(
      'fs/promises',
    );
    expect(cannotRunHere('javascript', "document.querySelector('#todo')")).toContain('document');
    expect(cannotRunHere('javascript', "await fetch('/api')")).toContain('fetch');
    expect(cannotRunHere('javascript', 'setTimeout(() => console.log(1), 0);')).toBeNull();
  });

  it("notes a JavaScript example's imports: another file of its project, or a package", () => {
    expect(cannotRunHere('javascript', "import shout, { slugify } from './text.js';\nshout('hi');")).toBe(
      'This example imports another file of a project (./text.js): it runs in that project on your own machine, not on its own here.',
    );
    expect(cannotRunHere('typescript', "import { describe, expect, it } from 'vitest';")).toBe(
      'This example uses vitest, which needs Node.js and `npm install vitest` on your own machine: it cannot run in the browser.',
    );
    expect(cannotRunHere('javascript', "import { z } from '@scope/pkg/sub';")).toContain(
      '`npm install @scope/pkg`',
    );
    expect(
      cannotRunHere('javascript', 'export function streak(days) {\n  return days.length;\n}'),
    ).toBeNull();
  });

  it('notes server files in SQL', () => {
    expect(cannotRunHere('sql', "COPY t FROM '/tmp/x.csv'")).toContain('files');
    expect(cannotRunHere('sql', 'SELECT * FROM customers')).toBeNull();
  });
});
