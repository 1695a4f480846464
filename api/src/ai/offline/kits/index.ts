// The curated lesson kits by curriculum (domains.ts ids), and the kits a lesson draws on.
import { JAVASCRIPT_KITS } from './javascript.ts';
import { ML_KITS } from './machine-learning.ts';
import { PYTHON_KITS } from './python.ts';
import { SQL_KITS } from './sql.ts';
import type { LessonKit } from './types.ts';

const KITS: Readonly<Record<string, readonly LessonKit[]>> = {
  sql: SQL_KITS,
  python: PYTHON_KITS,
  javascript: JAVASCRIPT_KITS,
  'machine-learning': ML_KITS,
};

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The kit of a lesson of a curated curriculum, if it has one. */
export function kitFor(domainId: string, lessonTitle: string): LessonKit | undefined {
  return KITS[domainId]?.find((k) => norm(k.lesson) === norm(lessonTitle));
}

/** The kits of a section's lessons (for its review and mini-project lessons), in curriculum order. */
export function kitsOf(domainId: string, lessonTitles: readonly string[]): LessonKit[] {
  return lessonTitles.flatMap((t) => kitFor(domainId, t) ?? []);
}

export type { KitCheck, KitConcept, LessonKit } from './types.ts';
