// A goal's roadmap shared read-only by a public link (/share/<slug>): the owner's view of the link, what a
// visitor reads (never notes, scores, chats or lesson content), and the copy a visitor makes their own goal.
import { z } from 'zod';
import { GoalLevelSchema } from './ai.ts';

/** 128 random bits, base64url: 22 characters. */
export const SHARE_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A link's slug as the path carries it: one not of the pattern is answered 404, as an unknown one. */
export const ShareSlugParamSchema = z.string().min(1).max(200);

/** The public page of a share, origin-relative. */
export const sharePath = (slug: string) => `/share/${slug}`;

/** The owner's shared link of a goal. */
export const RoadmapShareSchema = z.object({
  slug: z.string(),
  /** origin-relative: /share/<slug> */
  path: z.string(),
  showProgress: z.boolean(),
  createdAt: z.string(),
});
export type RoadmapShare = z.infer<typeof RoadmapShareSchema>;

/** Turning sharing on (or changing the progress option): PUT /goals/{goalId}/share. */
export const ShareSettingsSchema = z.object({
  /** show which lessons the learner has completed; off unless ticked */
  showProgress: z.boolean().default(false),
});
export type ShareSettings = z.input<typeof ShareSettingsSchema>;

export const SharedLessonSchema = z.object({
  title: z.string(),
  estimatedTimeInMinutes: z.number().int(),
  /** only when the owner shows their progress */
  isCompleted: z.boolean().optional(),
});
export type SharedLesson = z.infer<typeof SharedLessonSchema>;

export const SharedSectionSchema = z.object({
  name: z.string(),
  lessons: z.array(SharedLessonSchema),
  /** only when the owner shows their progress */
  isCompleted: z.boolean().optional(),
});
export type SharedSection = z.infer<typeof SharedSectionSchema>;

/** What anyone with the link reads: the goal and its roadmap, nothing private. */
export const SharedRoadmapSchema = z.object({
  slug: z.string(),
  /** the goal in the learner's words, without its level prefix */
  goal: z.string(),
  level: GoalLevelSchema,
  sections: z.array(SharedSectionSchema),
  /** set only when the owner shows their progress */
  progress: z
    .object({ completedLessons: z.number().int(), totalLessons: z.number().int(), percentage: z.number() })
    .optional(),
});
export type SharedRoadmap = z.infer<typeof SharedRoadmapSchema>;

/** The goal a visitor's "Use this roadmap" made: its learning plan is /learning-plan/{goalId}. */
export const RoadmapCopySchema = z.object({ goalId: z.string() });
export type RoadmapCopy = z.infer<typeof RoadmapCopySchema>;

/** Learner words for the share page's states. */
export const SHARE_MESSAGES = {
  notFound: 'This shared roadmap is no longer available. Its owner may have stopped sharing it.',
} as const;
