// The shell's build inlines a tiny theme script and the boot-screen style into index.html and records
// their sha256 sources in csp-hashes.json, so the CSP can stay free of 'unsafe-inline' for scripts.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const HashesSchema = z.object({
  scriptSrc: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/=]+'$/)),
  styleSrc: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/=]+'$/)),
});
export type ShellCspHashes = z.infer<typeof HashesSchema>;

const NONE: ShellCspHashes = { scriptSrc: [], styleSrc: [] };

/** How long the file's state is trusted: the CSP is on every answer, and two stats a tenth of a cheap one. */
const RECHECK_MS = 1_000;

/**
 * Reads `<shellDist>/csp-hashes.json`, re-reading only when the file changes (a rebuilt shell is served
 * without a restart, its hashes within RECHECK_MS). A missing or malformed file means no inline code is
 * allowed.
 */
export function shellCspHashes(shellDist: string): () => ShellCspHashes {
  const file = join(shellDist, 'csp-hashes.json');
  let cached: { mtimeMs: number; hashes: ShellCspHashes } | undefined;
  let current: { at: number; hashes: ShellCspHashes } | undefined;
  return () => {
    const now = performance.now();
    if (current && now - current.at < RECHECK_MS) return current.hashes;
    current = { at: now, hashes: read() };
    return current.hashes;
  };

  function read(): ShellCspHashes {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return NONE;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let hashes = NONE;
      try {
        hashes = HashesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        // a half-written or hand-edited file: keep inline code blocked rather than crash the request
      }
      cached = { mtimeMs, hashes };
    }
    return cached.hashes;
  }
}
