import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTRACT_DECLARATIONS,
  contractsSrc,
  contractVersion,
  withContractVersion,
} from './contract-version.ts';

let dir: string;

/** A copy of the contract's files in a temp folder, `change` applied to one of them. */
async function variant(file: keyof typeof CONTRACT_DECLARATIONS, change: (source: string) => string) {
  for (const f of Object.keys(CONTRACT_DECLARATIONS)) {
    const source = await readFile(join(contractsSrc(), f), 'utf8');
    await writeFile(join(dir, f), f === file ? change(source) : source);
  }
  return contractVersion(dir);
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mp-contract-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('contractVersion', () => {
  it('is a short hash of the contract, the same for the same sources', async () => {
    expect(contractVersion()).toMatch(/^[0-9a-f]{12}$/);
    expect(await variant('notes.ts', (s) => s)).toBe(contractVersion());
  });

  it('ignores comments, layout and the rest of the files', async () => {
    const same = contractVersion();
    expect(
      await variant('remotes-constants.ts', (s) =>
        s
          .replace(
            "roadmap: { scope: 'mf_roadmap',",
            "// a comment\n  roadmap: {\n    scope: 'mf_roadmap', /* another */",
          )
          .concat('\nexport const UNRELATED = 1;\n'),
      ),
    ).toBe(same);
    expect(
      await variant('notes.ts', (s) =>
        s.replace('  selection: string;', '  /** more words */\n  selection:   string ;'),
      ),
    ).toBe(same);
  });

  it('changes with an expose or a props type', async () => {
    const before = contractVersion();
    expect(
      await variant('remotes-constants.ts', (s) => s.replace("'./FocusTimer'", "'./FocusTimer', './Stats'")),
    ).not.toBe(before);
    expect(
      await variant('notes.ts', (s) => s.replace('  selection: string;', '  selection: string[];')),
    ).not.toBe(before);
    expect(
      await variant('remotes-constants.ts', (s) =>
        s.replace('initialPath?: string;', 'initialPath: string;'),
      ),
    ).not.toBe(before);
  });

  it('refuses a contract without one of its declarations', async () => {
    await expect(
      variant('notes.ts', (s) => s.replace('CreateNoteDialogModule', 'NoteDialogModule')),
    ).rejects.toThrow(/notes\.ts: the contract's CreateNoteDialogModule not found/);
  });

  it('goes into the manifest’s metaData beside what is there', () => {
    expect(withContractVersion({ id: 'x', metaData: { name: 'shell' } }, 'abc')).toEqual({
      id: 'x',
      metaData: { name: 'shell', contractVersion: 'abc' },
    });
  });
});
