// One list of job kinds (JOB_KINDS in @mindpath/contracts): the code's job constants are typed by it, and the
// kinds the migrations' SQL names (triggers and functions compare job kinds) must all be in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_KINDS } from '@mindpath/contracts/jobs-constants';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { ACCOUNT_DELETION_JOB } from '../account/deletion.ts';
import { CHAT_ANSWER_JOB } from '../chat/answer-job.ts';
import { DATA_EXPORT_JOB } from '../data-export/job.ts';
import { LESSON_EXERCISES_JOB } from '../exercises/service.ts';
import { LESSON_ASSESSMENT_JOB, LESSON_CONTENT_JOB } from '../lessons/service.ts';
import { ROADMAP_JOB, SECTION_LESSONS_JOB } from '../roadmaps/service.ts';
import { SOURCE_INGEST_JOB } from '../sources/service.ts';

/** The kinds a piece of SQL compares `kind` with: `kind = 'x'`, `kind <> 'x'`, `kind in ('x', 'y')`. */
function kindsNamedIn(sql: string): string[] {
  const named: string[] = [];
  for (const m of sql.matchAll(/\bkind\s*(?:=|<>|!=)\s*'([^']*)'/gi)) named.push(m[1]!);
  for (const m of sql.matchAll(/\bkind\s+(?:not\s+)?in\s*\(([^)]*)\)/gi))
    for (const q of m[1]!.matchAll(/'([^']*)'/g)) named.push(q[1]!);
  return named;
}

describe('job kinds', () => {
  it('reads the kinds a piece of SQL names', () => {
    expect(kindsNamedIn("IF job.kind <> 'roadmap' OR j.kind = 'chat-answer' AND kind IN ('a', 'b')")).toEqual(
      ['roadmap', 'chat-answer', 'a', 'b'],
    );
  });

  it('are the code’s job constants, one each, in one naming style', () => {
    const constants = [
      ROADMAP_JOB,
      SECTION_LESSONS_JOB,
      LESSON_CONTENT_JOB,
      LESSON_ASSESSMENT_JOB,
      LESSON_EXERCISES_JOB,
      CHAT_ANSWER_JOB,
      SOURCE_INGEST_JOB,
      DATA_EXPORT_JOB,
      ACCOUNT_DELETION_JOB,
    ];
    expect([...constants].sort()).toEqual([...JOB_KINDS].sort());
    for (const kind of JOB_KINDS) expect(kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('include every kind the migrations name', () => {
    const named = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => kindsNamedIn(readFileSync(join(MIGRATIONS_DIR, f), 'utf8')));
    // the triggers of the plan and home bodies follow roadmap jobs
    expect(named).toContain('roadmap');
    for (const kind of named) expect(JOB_KINDS).toContain(kind);
  });
});
