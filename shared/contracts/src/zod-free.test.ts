import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION, CookieConsentSchema } from './cookie-consent.ts';
import { currentConsent } from './cookie-consent-constants.ts';
import { RemotesManifestSchema } from './remotes.ts';
import { isRemotesManifest } from './remotes-constants.ts';

describe('the *-constants modules', () => {
  // the pages' first load reads them: a value import of a schema module would bring zod back
  it('import other modules for their types only, and never zod', () => {
    const dir = import.meta.dirname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('-constants.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
        (m) => m[1],
      );
      expect(valueImports, file).toEqual(valueImports.filter((m) => m?.endsWith('-constants.ts')));
    }
  });
});

describe('checks without zod agree with the schemas', () => {
  it('cookie consent', () => {
    const good = {
      necessary: true,
      analytics: false,
      marketing: true,
      functional: false,
      timestamp: 't',
      version: CONSENT_VERSION,
    };
    const samples: unknown[] = [
      good,
      { ...good, extra: 1 },
      { ...good, necessary: false },
      { ...good, analytics: 'yes' },
      { ...good, version: '0.9' },
      { ...good, timestamp: undefined },
      null,
      'x',
    ];
    for (const value of samples) {
      const parsed = CookieConsentSchema.safeParse(value);
      const expected = parsed.success && parsed.data.version === CONSENT_VERSION ? parsed.data : undefined;
      expect(currentConsent(value), JSON.stringify(value)).toEqual(expected);
    }
  });

  it('/remotes.json', () => {
    const samples: unknown[] = [
      { updatedAt: 'x', remotes: {} },
      {
        updatedAt: 'x',
        remotes: { goals: { version: '1', entry: '/g' }, auth: { version: '2', entry: '/a' } },
      },
      { updatedAt: 'x', remotes: { nope: { version: '1', entry: '/a' } } },
      { updatedAt: 'x', remotes: { goals: { version: 1, entry: '/g' } } },
      { updatedAt: 'x', remotes: { goals: null } },
      {
        updatedAt: 'x',
        remotes: { goals: { version: '1', entry: '/g', canary: { version: '2', entry: '/c', share: 10 } } },
      },
      {
        updatedAt: 'x',
        remotes: { goals: { version: '1', entry: '/g', canary: { version: '2', entry: '/c' } } },
      },
      {
        updatedAt: 'x',
        remotes: { goals: { version: '1', entry: '/g', canary: { version: '2', entry: '/c', share: 100 } } },
      },
      {
        updatedAt: 'x',
        remotes: { goals: { version: '1', entry: '/g', canary: { version: '2', entry: '/c', share: 0 } } },
      },
      { updatedAt: 'x', remotes: { goals: { version: '1', entry: '/g', canary: null } } },
      { updatedAt: 1, remotes: {} },
      { updatedAt: 'x', remotes: [] },
      { updatedAt: 'x' },
      null,
    ];
    for (const value of samples)
      expect(isRemotesManifest(value), JSON.stringify(value)).toBe(
        RemotesManifestSchema.safeParse(value).success,
      );
  });
});
