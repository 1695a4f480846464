// A lesson's versions: a lesson regenerated with an instruction keeps what it said before as a
// version; any version can be made current again (Restore), and the lessons of a goal not yet started can be
// written again (their content cleared, kept as a version, and written again when opened). The current
// content stays the lesson's own (Lesson.content), so every reader of a lesson reads it as before.
import { z } from 'zod';
import { AiSourceSchema } from './ai.ts';
import { ContentGenerationSchema, LessonSchema } from './lessons.ts';
import {
  LESSON_INSTRUCTION_MAX,
  LESSON_VERSION_MESSAGES,
  REMAINING_OUTCOMES,
} from './lessons-versions-constants.ts';

export * from './lessons-versions-constants.ts';

/** POST /lessons/{id}/regenerate: what the new version should do differently ("simpler", "more examples"…). */
export const RegenerateLessonSchema = z.object({
  instruction: z
    .string()
    .trim()
    .max(LESSON_INSTRUCTION_MAX, LESSON_VERSION_MESSAGES.instructionTooLong)
    .nullish(),
});
export type RegenerateLesson = z.infer<typeof RegenerateLessonSchema>;

/**
 * How an instruction is read: the offline generator follows only what it recognises (`followed`, in its
 * words: "simpler", "focus on Window functions") and names what it cannot (`notFollowed`, as written); a model
 * is given the whole instruction (`followed` holds it).
 */
export const InstructionReadingSchema = z.object({
  text: z.string(),
  readBy: AiSourceSchema,
  followed: z.array(z.string()),
  notFollowed: z.array(z.string()),
});
export type InstructionReading = z.infer<typeof InstructionReadingSchema>;

/** The new version's generation (the content job, followed as a first generation is) and its instruction. */
export const RegenerateLessonResultSchema = ContentGenerationSchema.extend({
  instruction: InstructionReadingSchema.nullable(),
});
export type RegenerateLessonResult = z.infer<typeof RegenerateLessonResultSchema>;

/** One version of a lesson's content (without the text; GET …/versions/{versionId} has it). */
export const LessonVersionSchema = z.object({
  id: z.uuid(),
  lessonId: z.uuid(),
  /** 1, 2, 3… in the order they were written */
  version: z.number().int().min(1),
  contentSource: AiSourceSchema.nullable(),
  /** what the learner asked of it; null for a version written without one */
  instruction: z.string().nullable(),
  /** the lesson shows this version now */
  isCurrent: z.boolean(),
  characters: z.number().int().min(0),
  createdAt: z.string(),
});
export type LessonVersion = z.infer<typeof LessonVersionSchema>;

/** A lesson's versions, newest first (empty until it is first regenerated). */
export const LessonVersionsSchema = z.object({ versions: z.array(LessonVersionSchema) });
export type LessonVersions = z.infer<typeof LessonVersionsSchema>;

export const LessonVersionContentSchema = LessonVersionSchema.extend({ content: z.string() });
export type LessonVersionContent = z.infer<typeof LessonVersionContentSchema>;

/** POST …/versions/{versionId}/restore: the lesson with that version's content, and the versions now. */
export const RestoreLessonVersionResultSchema = z.object({
  lesson: LessonSchema,
  versions: z.array(LessonVersionSchema),
});
export type RestoreLessonVersionResult = z.infer<typeof RestoreLessonVersionResultSchema>;

export const RemainingOutcomeSchema = z.enum(REMAINING_OUTCOMES);

/**
 * POST /lessons/goal/{goalId}/regenerate-remaining: each lesson of the goal in plan order and what became of
 * it. 'cleared': its content was kept as a version and is written again when opened; 'completed' and
 * 'started' (an assessment answered, notes, a chat or focus time on it) are kept as they are; 'not-written'
 * had no content; 'generating' is being written now.
 */
export const RegenerateRemainingResultSchema = z.object({
  goalId: z.uuid(),
  cleared: z.number().int().min(0),
  lessons: z.array(z.object({ id: z.uuid(), title: z.string(), outcome: RemainingOutcomeSchema })),
});
export type RegenerateRemainingResult = z.infer<typeof RegenerateRemainingResultSchema>;
