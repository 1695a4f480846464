// A goal's sources and their passages: what the API answers and accepts. The text of a source is the
// learner's; it is shown as text everywhere, never as HTML.
import { z } from 'zod';
import {
  SOURCE_FORMATS,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  SOURCE_ORIGINS,
  SOURCE_STATES,
} from './sources-constants.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable.ts';

export const SourceErrorSchema = z.object({ code: z.string(), message: z.string() });

export const SourceSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  title: z.string(),
  origin: z.enum(SOURCE_ORIGINS),
  /** null until its bytes are read */
  format: z.enum(SOURCE_FORMATS).nullable(),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  /** the bytes added (the file, the pasted text, the fetched answer) */
  bytes: z.number().int(),
  /** a PDF's pages; null for other formats */
  pages: z.number().int().nullable(),
  /** the headings found (0 for a text without any) */
  sections: z.number().int(),
  passages: z.number().int(),
  state: z.enum(SOURCE_STATES),
  /** 0–100 while processing */
  progress: z.number().int().min(0).max(100),
  error: SourceErrorSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Source = z.infer<typeof SourceSchema>;

export const GoalSourcesSchema = z.object({
  sources: z.array(SourceSchema),
  /** the learner's plan's limits, so the page can say them before a refusal */
  limits: z.object({ perGoal: z.number().int(), maxBytes: z.number().int() }),
});
export type GoalSources = z.infer<typeof GoalSourcesSchema>;

const storableLine = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

export const PastedSourceBodySchema = z.object({
  title: storableLine(SOURCE_LIMITS.maxTitle, SOURCE_MESSAGES.title_required),
  text: z
    .string()
    .trim()
    .min(1, SOURCE_MESSAGES.text_required)
    .max(SOURCE_LIMITS.maxChars, SOURCE_MESSAGES.too_much_text)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
});
export type PastedSourceBody = z.infer<typeof PastedSourceBodySchema>;

export const UrlSourceBodySchema = z.object({
  url: z
    .string()
    .trim()
    .max(SOURCE_LIMITS.maxUrl, SOURCE_MESSAGES.url_invalid)
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), SOURCE_MESSAGES.url_invalid),
});
export type UrlSourceBody = z.infer<typeof UrlSourceBodySchema>;

/** Where a passage sits in its source. */
export const PassagePositionSchema = z.object({
  /** 1-based page of a PDF; null otherwise */
  page: z.number().int().nullable(),
  /** the headings above it, outermost first */
  headingPath: z.array(z.string()),
  /** character offsets into the source's text */
  start: z.number().int(),
  end: z.number().int(),
});
export type PassagePosition = z.infer<typeof PassagePositionSchema>;

/** One search hit: the passage, where it is, and the words that matched. */
export const PassageHitSchema = PassagePositionSchema.extend({
  passageId: z.uuid(),
  sourceId: z.uuid(),
  sourceTitle: z.string(),
  ordinal: z.number().int(),
  text: z.string(),
  /** the passage's text with matches between «…» (ts_headline's markers), shown as text */
  snippet: z.string(),
  rank: z.number(),
});
export type PassageHit = z.infer<typeof PassageHitSchema>;

export const PassageSearchSchema = z.object({ hits: z.array(PassageHitSchema) });

/** A passage as the viewer shows it: the text around it, and it. */
export const PassageViewSchema = PassagePositionSchema.extend({
  passageId: z.uuid(),
  sourceId: z.uuid(),
  sourceTitle: z.string(),
  format: z.enum(SOURCE_FORMATS),
  ordinal: z.number().int(),
  before: z.string(),
  text: z.string(),
  after: z.string(),
});
export type PassageView = z.infer<typeof PassageViewSchema>;

/**
 * What the learner's material takes, for Settings: the text of every source counts (that is what lessons
 * and the tutor read), by goal, with the original files' bytes beside it.
 */
export const SourceStorageSchema = z.object({
  sources: z.number().int(),
  /** UTF-8 bytes of all sources' extracted text */
  textBytes: z.number().int(),
  /** bytes of the files and pages as added */
  originalBytes: z.number().int(),
  goals: z.array(
    z.object({
      goalId: z.uuid(),
      /** the goal's text, as its learner wrote it */
      goal: z.string(),
      sources: z.number().int(),
      textBytes: z.number().int(),
      originalBytes: z.number().int(),
    }),
  ),
});
export type SourceStorage = z.infer<typeof SourceStorageSchema>;
