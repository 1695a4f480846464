import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, type LessonKit, offlineContent } from './content.ts';

const CURATED = offlineContent().curated;
// Each curriculum whose kit file has landed, by the file's name.
const KITS: Record<string, readonly LessonKit[]> = Object.fromEntries(
  readdirSync(join(CONTENT_DIR, 'kits')).map((file) => {
    const id = basename(file, '.yaml');
    return [id, CURATED.find((c) => c.domain.id === id)?.kits ?? []];
  }),
);

// Words too common to show that an answer was taught.
const STOP = new Set([
  'that',
  'this',
  'with',
  'from',
  'into',
  'only',
  'than',
  'then',
  'them',
  'they',
  'their',
  'there',
  'what',
  'when',
  'which',
  'while',
  'have',
  'each',
  'every',
  'some',
  'more',
  'most',
  'also',
  'does',
  'will',
  'just',
  'both',
  'same',
  'other',
  'your',
  'about',
  'after',
  'before',
  'again',
]);

const words = (s: string): string[] => s.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
const stem = (w: string): string => w.slice(0, 5);

/** Significant stems of an option: words of 4+ letters and identifiers from `code`, less stop words. */
function significant(option: string): string[] {
  const out = new Set<string>();
  for (const w of words(option)) if (w.length >= 4 && !STOP.has(w)) out.add(stem(w));
  for (const span of option.match(/`[^`]+`/g) ?? [])
    for (const w of words(span)) if (w.length >= 2 && !STOP.has(w)) out.add(stem(w));
  return [...out];
}

function taughtText(kit: LessonKit): string {
  return [...kit.concepts.map((c) => c.text), kit.example.code, kit.example.takeaway].join('\n');
}

const wordCount = (s: string): number => s.trim().split(/\s+/).length;
const squash = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[`\s]+/g, ' ')
    .trim();

describe('curated lesson kits', () => {
  it('are keyed by curated domain ids', () => {
    const ids = CURATED.map(({ domain }) => domain.id);
    for (const id of Object.keys(KITS)) expect(ids).toContain(id);
  });

  for (const { domain } of CURATED) {
    const kits = KITS[domain.id];
    if (!kits) continue;
    describe(domain.id, () => {
      it('has exactly one kit per curriculum lesson', () => {
        const lessons = domain.sections.flatMap((s) => s.lessons);
        const titles = kits.map((k) => k.lesson);
        expect(new Set(titles).size).toBe(titles.length);
        expect([...titles].sort()).toEqual([...lessons].sort());
      });

      for (const kit of kits) {
        describe(kit.lesson, () => {
          it('has four distinct, well-formed concepts', () => {
            expect(kit.concepts).toHaveLength(4);
            expect(new Set(kit.concepts.map((c) => c.term.toLowerCase())).size).toBe(4);
            for (const c of kit.concepts) {
              expect(wordCount(c.term), c.term).toBeGreaterThanOrEqual(2);
              expect(wordCount(c.term), c.term).toBeLessThanOrEqual(5);
              expect(wordCount(c.text), c.text).toBeGreaterThanOrEqual(12);
              expect(wordCount(c.text), c.text).toBeLessThanOrEqual(35);
            }
          });

          it('has a short example with an intro and a takeaway', () => {
            const lines = kit.example.code.trim().split('\n').length;
            expect(lines).toBeGreaterThanOrEqual(4);
            expect(lines).toBeLessThanOrEqual(15);
            expect(kit.example.lang).toMatch(/^(sql|python|javascript|typescript|bash|json|text|markdown)$/);
            expect(kit.example.intro.trim().length).toBeGreaterThan(10);
            expect(kit.example.takeaway.trim().length).toBeGreaterThan(10);
            if (kit.formula) {
              expect(kit.formula.tex.trim()).not.toBe('');
              expect(kit.formula.caption.trim()).not.toBe('');
            }
          });

          it('asks two checks with four distinct options whose answer the kit teaches', () => {
            expect(kit.checks).toHaveLength(2);
            const taught = taughtText(kit);
            const taughtStems = new Set(words(taught).map(stem));
            for (const check of kit.checks) {
              expect(new Set(check.options.map(squash)).size, check.q).toBe(4);
              const answer = check.options[0];
              const sig = significant(answer);
              if (sig.length === 0) {
                // a bare value such as `3` or `[2, 4]`: it must appear literally in what the kit teaches
                expect(squash(taught), `${check.q} -> ${answer}`).toContain(squash(answer));
              } else {
                const hit = sig.filter((s) => taughtStems.has(s)).length;
                expect(hit / sig.length, `${check.q} -> ${answer} [${sig.join(' ')}]`).toBeGreaterThanOrEqual(
                  0.6,
                );
              }
            }
          });
        });
      }
    });
  }
});
