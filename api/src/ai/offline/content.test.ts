import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_DIR, loadContent, offlineContent } from './content.ts';
import { domainFor } from './domain-of.ts';

describe('the offline content files', () => {
  it('load and pass their schemas: the curated curricula in match order, each with its kits', () => {
    const { curated, generic } = offlineContent();
    expect(curated.map((c) => c.domain.id)).toEqual(['machine-learning', 'sql', 'javascript', 'python']);
    for (const c of curated) expect(c.kits.length, c.domain.id).toBeGreaterThan(0);
    expect(generic.label).toBe('{subject}');
  });

  it('are read once and kept', () => {
    expect(offlineContent()).toBe(offlineContent());
  });
});

describe('a malformed content file', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the content with one file's text edited. */
  function contentWith(file: string, edit: (text: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), 'mindpath-content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
    const before = readFileSync(join(dir, file), 'utf8');
    const after = edit(before);
    expect(after, 'the edit applies').not.toBe(before);
    writeFileSync(join(dir, file), after);
    return dir;
  }

  it('fails naming the file and the field: a check with three options', () => {
    const d = contentWith('kits/sql.yaml', (t) => t.replace('        - One database file on disk\n', ''));
    expect(() => loadContent(d)).toThrow(/^offline content kits\/sql\.yaml: \[0\]\.checks\[0\]\.options: /);
  });

  it('fails naming the file and the field: a misspelled key', () => {
    const d = contentWith('kits/machine-learning.yaml', (t) => t.replace('  formula:\n', '  formulas:\n'));
    expect(() => loadContent(d)).toThrow(
      /^offline content kits\/machine-learning\.yaml: \[\d+\]: Unrecognized key: "formulas"/,
    );
  });

  it("fails naming the file and the field: an exercise in another language than the lesson's example", () => {
    const d = contentWith('kits/sql.yaml', (t) =>
      t.replace('      language: sql\n', '      language: python\n'),
    );
    expect(() => loadContent(d)).toThrow(
      /^offline content kits\/sql\.yaml: \[0\]\.exercises\[0\]\.language: "python" in a sql lesson/,
    );
  });

  it('fails naming the file and the field: tables to set up in a lesson that is not SQL', () => {
    const d = contentWith('kits/python.yaml', (t) =>
      t.replace('  checks:\n', '  setup: SELECT 1;\n  checks:\n'),
    );
    expect(() => loadContent(d)).toThrow(
      'offline content kits/python.yaml: [0].setup: only a SQL lesson has tables to set up',
    );
  });

  it('fails naming the file and the field: a misspelled key in an exercise', () => {
    const d = contentWith('kits/javascript.yaml', (t) => t.replace('      starterCode: ', '      starter: '));
    expect(() => loadContent(d)).toThrow(
      /^offline content kits\/javascript\.yaml: \[0\]\.exercises\[0\]\.starterCode: .*Unrecognized key: "starter"/,
    );
  });

  it('fails naming the file and the field: a section level out of range', () => {
    const d = contentWith('domains/python.yaml', (t) => t.replace('level: 0', 'level: 3'));
    expect(() => loadContent(d)).toThrow(/^offline content domains\/python\.yaml: sections\[0\]\.level: /);
  });

  it('fails naming the file and the field: a blank text', () => {
    const d = contentWith('domains/generic.yaml', (t) => t.replace(/^label: .*$/m, 'label: " "'));
    expect(() => loadContent(d)).toThrow('offline content domains/generic.yaml: label: must not be blank');
  });

  it('fails naming the file and the field: a match that is not a regular expression', () => {
    const d = contentWith('curated.yaml', (t) => t.replace('match: python', 'match: python(')); // unclosed group
    expect(() => loadContent(d)).toThrow(
      /^offline content curated\.yaml: \[3\]\.match: not a regular expression: /,
    );
  });

  it('fails naming the file and the field: a curriculum whose id is not its name in curated.yaml', () => {
    const d = contentWith('domains/sql.yaml', (t) => t.replace('id: sql', 'id: structured-query'));
    expect(() => loadContent(d)).toThrow(
      'offline content domains/sql.yaml: id: "structured-query", curated.yaml names it "sql"',
    );
  });

  it('fails naming the file and its line and column: YAML that does not parse', () => {
    const d = contentWith('kits/python.yaml', (t) => t.replace('- lesson: ', '- lesson: [unclosed '));
    expect(() => loadContent(d)).toThrow(/^offline content kits\/python\.yaml: .*\(7:3\)/);
  });

  it('fails naming the file: a curriculum without its kits file', () => {
    const d = contentWith('curated.yaml', (t) => `${t}- id: rust\n  match: rust\n`);
    expect(() => loadContent(d)).toThrow(/^offline content domains\/rust\.yaml: .*ENOENT/);
  });
});

describe('the generic curriculum', () => {
  it("puts the learner's subject where the template says {subject}, as written", () => {
    const domain = domainFor('Baking $& bread');
    expect(domain.id).toBe('generic');
    expect(domain.label).toBe('Baking $& bread');
    expect(domain.sections[0]?.name).toBe('Foundations of Baking $& bread');
    expect(JSON.stringify(domain)).not.toContain('{subject}');
  });
});
