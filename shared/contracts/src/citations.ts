// What a citation names: a numbered passage of the goal's sources (a grounded lesson), or, in a tutor's
// answer, a passage, one of the learner's notes or the lesson itself. Titles and paths are the learner's
// material: shown as text, never as HTML.
import { z } from 'zod';

/** A grounded lesson's citation [n]: the passage it was written from, where that passage sits. */
export const LessonCitationSchema = z.object({
  n: z.number().int().min(1),
  passageId: z.uuid(),
  sourceId: z.uuid(),
  sourceTitle: z.string(),
  page: z.number().int().nullable(),
  headingPath: z.array(z.string()),
});
export type LessonCitation = z.infer<typeof LessonCitationSchema>;

export const CHAT_CITATION_KINDS = ['passage', 'note', 'lesson'] as const;

/** A tutor answer's citation [n]: what it quoted or used. `id` is the passage's, note's or lesson's. */
export const ChatCitationSchema = z.object({
  n: z.number().int().min(1),
  kind: z.enum(CHAT_CITATION_KINDS),
  id: z.uuid(),
  title: z.string(),
  page: z.number().int().nullable(),
  headingPath: z.array(z.string()),
});
export type ChatCitation = z.infer<typeof ChatCitationSchema>;

/** The passages a lesson of a roadmap made from material covers: one source's ordinals from…to (inclusive). */
export interface SourceSpan {
  sourceId: string;
  from: number;
  to: number;
}
