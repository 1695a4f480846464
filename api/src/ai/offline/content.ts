// The offline generator's curated knowledge, kept as YAML data under content/ (YAML rather than JSON so code
// examples stay readable as block text and TeX needs no doubled backslashes): which curriculum a goal is
// about (curated.yaml), each curriculum (domains/), the lesson kits that teach its lessons (kits/), and the
// template for any other subject (domains/generic.yaml). Every file is checked against the schemas below
// when first read; a malformed one fails with its path and the field at fault.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GoalLevelSchema, PrerequisiteSchema } from '@mindpath/contracts/ai';
import { type ExerciseSpec, ExerciseSpecSchema } from '@mindpath/contracts/exercises';
import { load } from 'js-yaml';
import { z } from 'zod';

// not .trim(): the schemas check the content, they never change it
const text = z.string().regex(/\S/, 'must not be blank');
/** Four choices, the correct one first: generators shuffle them. */
const options = z.tuple([text, text, text, text]);

const DomainSectionSchema = z.strictObject({
  name: text,
  /** 0 beginner, 1 practitioner, 2 advanced */
  level: z.literal([0, 1, 2]),
  lessons: z.array(text).min(1),
});

export const DomainSchema = z.strictObject({
  id: text,
  label: text,
  sections: z.array(DomainSectionSchema).min(1),
  /** the knowledge check's multiple-choice questions, each about one section (its topic) */
  mc: z.array(z.strictObject({ topic: text, q: text, options })),
  open: z.array(z.strictObject({ topic: text, q: text, keyPoints: text })),
  books: z.array(z.strictObject({ title: text, author: text })),
  docs: z.strictObject({ name: text, search: z.url() }),
  prerequisites: z.partialRecord(GoalLevelSchema, z.array(PrerequisiteSchema)),
});
export type Domain = z.infer<typeof DomainSchema>;
export type DomainSection = Domain['sections'][number];
export type McItem = Domain['mc'][number];

/** One key idea: a short term and one accurate sentence that teaches it. */
const KitConceptSchema = z.strictObject({ term: text, text });

/** A multiple-choice check whose answer the kit's concepts or example state. */
const KitCheckSchema = z.strictObject({ q: text, options });

/** A practice exercise written with the kit; the test suite runs its solution (and its starter, which must fail). */
const KitExerciseSchema = ExerciseSpecSchema.strict();

/** The example languages the learner's browser runs: such a kit's exercises are in its example's language. */
const RUNNABLE = new Set<string>(['sql', 'python', 'javascript', 'typescript']);

/**
 * What the offline generator teaches in one lesson of a curated curriculum: the lesson's key concepts,
 * example, formula and illustration all come from its kit, and its quiz asks only what the kit teaches.
 */
export const LessonKitSchema = z
  .strictObject({
    /** the lesson's title exactly as its curriculum spells it */
    lesson: text,
    concepts: z.tuple([KitConceptSchema, KitConceptSchema, KitConceptSchema, KitConceptSchema]),
    example: z.strictObject({
      /** a fenced-code language tag */
      lang: z.enum(['sql', 'python', 'javascript', 'typescript', 'bash', 'json', 'text', 'markdown']),
      /** one sentence leading into the code */
      intro: text,
      code: text,
      /** one or two sentences on what the example shows or prints */
      takeaway: text,
    }),
    /** only where a formula belongs to the topic (complexity, a metric, a loss): most lessons have none */
    formula: z.strictObject({ tex: text, caption: text }).optional(),
    checks: z.tuple([KitCheckSchema, KitCheckSchema]),
    /**
     * sql: creates and fills the tables the example reads without creating them (with the data its comments
     * state) and those its exercises read; each exercise runs on a fresh copy of them
     */
    setup: text.optional(),
    /** practice after the lesson: in the example's language, its solution verified by the test suite */
    exercises: z.array(KitExerciseSchema).min(1).max(3).optional(),
  })
  .superRefine((kit, ctx) => {
    if (kit.setup !== undefined && kit.example.lang !== 'sql')
      ctx.addIssue({ code: 'custom', path: ['setup'], message: 'only a SQL lesson has tables to set up' });
    kit.exercises?.forEach((exercise, i) => {
      // a lesson whose example is a shell command or a file (npm, package.json) practises in code all the same
      if (RUNNABLE.has(kit.example.lang) && exercise.language !== kit.example.lang)
        ctx.addIssue({
          code: 'custom',
          path: ['exercises', i, 'language'],
          message: `"${exercise.language}" in a ${kit.example.lang} lesson`,
        });
      if ((exercise.tests.kind === 'result') !== (exercise.language === 'sql'))
        ctx.addIssue({
          code: 'custom',
          path: ['exercises', i, 'tests', 'kind'],
          message: 'SQL is checked by its result, other languages by code tests',
        });
    });
  });
export type LessonKit = z.infer<typeof LessonKitSchema>;
export type KitCheck = LessonKit['checks'][number];

/** A kit's practice: the SQL that makes the lesson's tables (null: none) and its exercises (none: []). */
export interface KitPractice {
  setup: string | null;
  exercises: readonly ExerciseSpec[];
}

export function kitPractice(kit: LessonKit): KitPractice {
  return { setup: kit.setup ?? null, exercises: kit.exercises ?? [] };
}

const CuratedSchema = z.array(
  z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'a lowercase file name (letters, digits, dashes)'),
    /** a case-insensitive regular expression tried on the goal's subject and on the goal */
    match: z.string().transform((source, ctx) => {
      try {
        return new RegExp(source, 'i');
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: `not a regular expression: ${(e as Error).message}` });
        return z.NEVER;
      }
    }),
  }),
);

/** A curated curriculum: the goals it is for, what it teaches, and a kit for each of its lessons. */
export interface Curriculum {
  match: RegExp;
  domain: Domain;
  kits: readonly LessonKit[];
}

export interface OfflineContent {
  /** in the order a goal is tried against them */
  curated: readonly Curriculum[];
  /** the curriculum of any other subject, with `{subject}` where the learner's subject goes */
  generic: Domain;
}

/** `[2].checks[0].options` */
const fieldOf = (path: readonly PropertyKey[]) =>
  path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
    .join('')
    .replace(/^\./, '') || '(the whole file)';

function readData<S extends z.ZodType>(dir: string, file: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    // js-yaml's defaults: the YAML 1.2 core schema (no dates, no `yes` booleans), duplicate keys rejected
    raw = load(readFileSync(join(dir, file), 'utf8'));
  } catch (e) {
    throw new Error(`offline content ${file}: ${(e as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${fieldOf(i.path)}: ${i.message}`);
  throw new Error(`offline content ${file}: ${issues.join('; ')}`);
}

/** Reads and checks every content file under `dir`. */
export function loadContent(dir: string): OfflineContent {
  const curated = readData(dir, 'curated.yaml', CuratedSchema).map(({ id, match }) => {
    const file = `domains/${id}.yaml`;
    const domain = readData(dir, file, DomainSchema);
    if (domain.id !== id)
      throw new Error(`offline content ${file}: id: "${domain.id}", curated.yaml names it "${id}"`);
    return { match, domain, kits: readData(dir, `kits/${id}.yaml`, z.array(LessonKitSchema)) };
  });
  return { curated, generic: readData(dir, 'domains/generic.yaml', DomainSchema) };
}

/** The content directory, beside this module in the source the API runs from. */
export const CONTENT_DIR = join(import.meta.dirname, 'content');

let loaded: OfflineContent | undefined;

/** The curated content, read on first use (only offline generation needs it) and kept. */
export function offlineContent(): OfflineContent {
  loaded ??= loadContent(CONTENT_DIR);
  return loaded;
}
