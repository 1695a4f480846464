// A programming lesson's exercises, written by a model as structured output (GeneratedExercisesSchema). The
// learner's browser runs each reference solution against its tests before showing the exercise, so the prompt
// asks for what those runtimes can run: core Python, PostgreSQL, JavaScript or TypeScript without host APIs.
import type { ExerciseLanguage } from '@mindpath/contracts/exercises-constants';
import { definePrompt, quote } from './define.ts';

export interface ExercisesInput {
  goal: string;
  level: string;
  lessonTitle: string;
  /** the lesson's Markdown (trimmed to a budget) */
  content: string;
  language: ExerciseLanguage;
  /** how many to write (1–3) */
  count: number;
  /** a rewrite: the tables the lesson's other exercises read (kept as they are) */
  setup?: string | null;
  /** a rewrite: the exercise whose reference solution failed its own tests, and the runner's message */
  failed?: { title: string; message: string } | null;
}

const RUNTIMES: Record<ExerciseLanguage, string> = {
  python:
    'Python 3 (Pyodide): the standard library only, no numpy, pandas, files, network or input(). Tests are {"kind":"code","cases":[{"name","code"}]}: each case is Python run after the learner\'s code in the same globals, passing when it raises nothing (use assert).',
  javascript:
    'JavaScript (QuickJS): the language only, no DOM, fetch, timers, require or import. Tests are {"kind":"code","cases":[{"name","code"}]}: each case runs after the learner\'s code in the same globals and passes when it throws nothing; it may call assert(cond, message) and assertEqual(actual, expected) (deep equality).',
  typescript:
    'TypeScript (types stripped, then run in QuickJS): the language only, no DOM, fetch, timers, require or import. Tests are {"kind":"code","cases":[{"name","code"}]} in plain JavaScript: each runs after the learner\'s code in the same globals and passes when it throws nothing; it may call assert(cond, message) and assertEqual(actual, expected) (deep equality).',
  sql: 'PostgreSQL 17 (PGlite), over the tables your "setup" creates and fills (a few rows each). The learner writes one query; tests are {"kind":"result","expected":{"columns":[…],"rows":[[…]]},"ordered":false}: the learner\'s last result set compared with expected as a multiset, ordered only when the task asks for an order. Write expected exactly as the reference solution returns it on that data (numbers as numbers, NULL as null).',
};

export const lessonExercisesPrompt = definePrompt<ExercisesInput>({
  id: 'lesson-exercises',
  version: 1,
  task: 'content',
  system:
    'You are Mindpath, a programming tutor. Write practice exercises for the lesson given, each answered by a short program the learner writes in the browser. Each has a title, a task in Markdown that says exactly what to write (function names, arguments, what to return or print), starter code to fill in, up to 3 visible examples (input and output as text), hidden tests, two hints in steps (the first a nudge, the second nearly the answer), and a reference solution that passes every test. Test only what the task states. Answer with JSON only.',
  user: (i) =>
    [
      `Goal:\n${quote(i.goal, 1_000)}`,
      `Level: ${i.level}`,
      `Lesson: ${i.lessonTitle}`,
      `Lesson content:\n${quote(i.content, 10_000)}`,
      `Language: ${i.language}. Runtime: ${RUNTIMES[i.language]}`,
      i.setup
        ? `Use these tables as they are and return "setup": null:\n${quote(i.setup, 4_000)}`
        : i.language === 'sql'
          ? '"setup" is the SQL that creates and fills the tables the exercises read.'
          : 'Return "setup": null.',
      i.failed
        ? `A previous exercise, "${i.failed.title.slice(0, 120)}", was dropped: its reference solution failed its own tests (${i.failed.message.slice(0, 300)}). Write a different one, and check the solution against every test.`
        : '',
      `Write ${i.count} exercise${i.count === 1 ? '' : 's'}, easiest first, in "language": "${i.language}".`,
      'Return {"setup","exercises":[{"title","task","language","starterCode","examples":[{"input","output"}],"tests","hints":[…],"solution"}]}.',
    ]
      .filter(Boolean)
      .join('\n\n'),
});
