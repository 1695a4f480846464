// The bench's sections run one after another; each one's figures are kept (and handed to `finished`, which
// writes the report) as soon as it ends, and a section that fails loses only itself: its error becomes a
// failed row and the run goes on to the next.
import type { Row } from './table.ts';

export interface Section {
  /** the name --only takes */
  name: string;
  /** what the log says while it runs */
  title: string;
  /** run only when --only names it (the 10-minute soak) */
  byNameOnly?: boolean;
  run(): Promise<Row[]>;
}

export interface SectionFailure {
  section: string;
  message: string;
}

export interface SectionsRun {
  rows: Row[];
  failures: SectionFailure[];
}

/** The sections --only picks (all but the by-name-only ones without it); an unknown name is an error. */
export function selectSections<S extends Section>(sections: S[], only: string[] | undefined): S[] {
  if (!only) return sections.filter((s) => !s.byNameOnly);
  const unknown = only.filter((name) => !sections.some((s) => s.name === name));
  if (unknown.length)
    throw new Error(
      `--only ${unknown.join(',')}: no such section (${sections.map((s) => s.name).join(', ')})`,
    );
  return sections.filter((s) => only.includes(s.name));
}

export async function runSections<S extends Section>(
  sections: S[],
  hooks: {
    log(message: string): void;
    /** after each section, with every row so far: the report is written here */
    finished(run: SectionsRun): void;
    /** before a section starts (e.g. to release what the previous ones shared) */
    starting?(section: S): Promise<void>;
  },
): Promise<SectionsRun> {
  const run: SectionsRun = { rows: [], failures: [] };
  for (const section of sections) {
    hooks.log(`${section.name}: ${section.title}`);
    try {
      await hooks.starting?.(section);
      run.rows.push(...(await section.run()));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      hooks.log(`${section.name} failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
      run.failures.push({ section: section.name, message });
      run.rows.push({
        area: 'bench',
        metric: `section ${section.name}`,
        value: 'failed',
        check: { ok: false, label: 'ran to its end' },
        note: message.split('\n')[0]!,
      });
    }
    hooks.finished(run);
  }
  return run;
}
