import { describe, expect, it } from 'vitest';
import { runSections, type Section, type SectionsRun, selectSections } from './sections.ts';

const section = (name: string, run: Section['run'], byNameOnly = false): Section => ({
  name,
  title: `the ${name} section`,
  byNameOnly,
  run,
});
const row = (metric: string) => ({ area: 'test', metric, value: '1' });

describe('runSections', () => {
  it('keeps the figures of the sections before and after one that fails, reporting after each', async () => {
    const reported: SectionsRun[] = [];
    const logged: string[] = [];
    const run = await runSections(
      [
        section('first', async () => [row('first')]),
        section('broken', async () => {
          throw new Error('chunk 3957 is not in the chunk map');
        }),
        section('last', async () => [row('last')]),
      ],
      {
        log: (m) => logged.push(m),
        finished: (r) => reported.push(structuredClone(r)),
      },
    );
    expect(run.rows.map((r) => [r.metric, r.check?.ok])).toEqual([
      ['first', undefined],
      ['section broken', false],
      ['last', undefined],
    ]);
    expect(run.failures).toEqual([{ section: 'broken', message: 'chunk 3957 is not in the chunk map' }]);
    // the report holds each section's figures as soon as it ends
    expect(reported.map((r) => r.rows.length)).toEqual([1, 2, 3]);
    expect(logged.some((m) => m.startsWith('broken failed: Error: chunk 3957'))).toBe(true);
  });
});

describe('selectSections', () => {
  const sections = [section('a', async () => []), section('soak', async () => [], true)];

  it('runs all but the by-name-only sections without --only, and those named with it', () => {
    expect(selectSections(sections, undefined).map((s) => s.name)).toEqual(['a']);
    expect(selectSections(sections, ['soak']).map((s) => s.name)).toEqual(['soak']);
  });

  it('refuses a name that is no section', () => {
    expect(() => selectSections(sections, ['js-size'])).toThrow('--only js-size: no such section (a, soak)');
  });
});
