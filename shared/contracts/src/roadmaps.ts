// Roadmaps (sections), lessons in a plan, learning plans and the optimized plan data (spec 1 §3, §7).
import { z } from 'zod';
import { AiSourceSchema } from './ai.ts';
import { UserSchema } from './auth.ts';
import { RateLimitInfoSchema } from './errors.ts';
import { GoalSchema } from './goals.ts';
import { GenerationJobSchema } from './jobs.ts';
import { PLAN_EDIT_KINDS, PLAN_EDIT_MESSAGES, PLAN_TITLE_MAX } from './roadmaps-constants.ts';
import { freeFormJson } from './storable.ts';

export const RoadmapSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid().nullable(),
  name: z.string(),
  content: z.string(),
  position: z.number().int(),
  isCompleted: z.boolean(),
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Roadmap = z.infer<typeof RoadmapSchema>;

export const LessonAssessmentRefSchema = z.object({ id: z.uuid(), score: z.number().int() });

export const PlanLessonSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  roadmapId: z.uuid(),
  position: z.number().int(),
  isCompleted: z.boolean(),
  /** percent, null until graded */
  grade: z.number().int().nullable(),
  estimatedTimeInMinutes: z.number().int(),
  lessonAssessment: LessonAssessmentRefSchema.nullable(),
  /** the lesson's exercises (0 until its practice was first read) and those the learner solved */
  exercisesTotal: z.number().int(),
  exercisesDone: z.number().int(),
  updatedAt: z.string(),
});
export type PlanLesson = z.infer<typeof PlanLessonSchema>;

export const RoadmapWithLessonsSchema = RoadmapSchema.extend({ lessons: z.array(PlanLessonSchema) });

const TopicsSchema = z.array(z.string().trim().min(1).max(160)).max(12).optional();
/** spec 1 §7: {SelectedTopics}; the camelCase spelling is accepted too */
export const GenerateRoadmapSchema = z
  .object({
    SelectedTopics: TopicsSchema,
    selectedTopics: TopicsSchema,
    /**
     * build the roadmap from the goal's sources, following their chapters and headings (true), or from the
     * goal's text (false); left out, a goal whose roadmap followed its material does so again
     */
    fromMaterial: z.boolean().optional(),
  })
  .optional()
  .nullable();

/** What starting (or joining) a generation answers: the job to follow. */
export const GenerationStartedSchema = z.object({ job: GenerationJobSchema, joined: z.boolean() });

/** "Is generating / wait for": the newest roadmap job of a goal, or none. */
export const GenerationStatusSchema = z.object({
  isGenerating: z.boolean(),
  job: GenerationJobSchema.nullable(),
});

export const CompletionSchema = z.object({ isCompleted: z.boolean().optional() }).optional().nullable();

const PlanTitle = z
  .string(PLAN_EDIT_MESSAGES.titleRequired)
  .trim()
  .min(1, PLAN_EDIT_MESSAGES.titleRequired)
  .max(PLAN_TITLE_MAX, PLAN_EDIT_MESSAGES.titleTooLong);
/** The plan's edit version an edit was made on (0 before the first edit); only a broken page sends a bad one. */
const EditVersion = z
  .number(PLAN_EDIT_MESSAGES.stale)
  .int(PLAN_EDIT_MESSAGES.stale)
  .min(0, PLAN_EDIT_MESSAGES.stale);

export const RenameSectionSchema = z.object({ name: PlanTitle, version: EditVersion });
export const RenameLessonSchema = z.object({ title: PlanTitle, version: EditVersion });
export const UndoPlanEditSchema = z.object({ version: EditVersion });
/** The plan made as it was at version `to` (0: as generated), on the version the learner saw. */
export const RestorePlanVersionSchema = z.object({ to: EditVersion, version: EditVersion });
/** Where an item goes: its index among its new siblings (0 first; past the end means last). */
const PlanIndex = z
  .number(PLAN_EDIT_MESSAGES.badPlace)
  .int(PLAN_EDIT_MESSAGES.badPlace)
  .min(0, PLAN_EDIT_MESSAGES.badPlace);
/** A lesson moved to `index` in section `roadmapId` (its own or another of the goal's). */
export const MoveLessonSchema = z.object({ roadmapId: z.uuid(), index: PlanIndex, version: EditVersion });
export const MoveSectionSchema = z.object({ index: PlanIndex, version: EditVersion });
/** A section or lesson added at `index` (last when left out). */
export const AddSectionSchema = z.object({
  name: PlanTitle,
  index: PlanIndex.optional(),
  version: EditVersion,
});
export const AddLessonSchema = z.object({
  title: PlanTitle,
  index: PlanIndex.optional(),
  version: EditVersion,
});
/** "Suggest one": titles already suggested and passed over, so the next suggestion is another. */
export const SuggestLessonSchema = z
  .object({ exclude: z.array(z.string().max(PLAN_TITLE_MAX)).max(20).optional() })
  .optional()
  .nullable();

/** A lesson the AI proposes for a milestone, and where it fits there; nothing is added until the learner adds it. */
export const LessonSuggestionSchema = z.object({
  roadmapId: z.uuid(),
  title: z.string(),
  summary: z.string(),
  estimatedTimeInMinutes: z.number().int(),
  /** its place among the milestone's lessons */
  index: z.number().int().min(0),
  source: AiSourceSchema,
});
export type LessonSuggestion = z.infer<typeof LessonSuggestionSchema>;

/** A removal names its version in the query: `DELETE …?version=3`. */
export const RemovePlanItemQuerySchema = z.object({
  version: z.coerce
    .number(PLAN_EDIT_MESSAGES.stale)
    .int(PLAN_EDIT_MESSAGES.stale)
    .min(0, PLAN_EDIT_MESSAGES.stale),
});

export const PlanEditSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  kind: z.enum(PLAN_EDIT_KINDS),
  /** what it did, in the learner's words: 'Renamed the milestone "A" to "B"' */
  summary: z.string(),
  /** taken back by a later undo */
  undone: z.boolean(),
  createdAt: z.string(),
});
export type PlanEdit = z.infer<typeof PlanEditSchema>;

/** A goal's plan edits, newest first, and the version the next edit is made on. */
export const PlanEditsSchema = z.object({ version: z.number().int(), edits: z.array(PlanEditSchema) });
export type PlanEdits = z.infer<typeof PlanEditsSchema>;

/** An edit's answer: the plan's version now, and the edit recorded (null when it changed nothing). */
export const PlanEditResultSchema = z.object({ version: z.number().int(), edit: PlanEditSchema.nullable() });
export type PlanEditResult = z.infer<typeof PlanEditResultSchema>;

export const GenerateLessonsSchema = z
  .object({ generateContent: z.boolean().optional() })
  .optional()
  .nullable();

export const LearningPlanSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  goalId: z.uuid(),
  roadmapId: z.uuid().nullable(),
  assessmentResults: z.string().nullable(),
  duration: z.string(),
  completionStatus: z.string().nullable(),
});
export type LearningPlan = z.infer<typeof LearningPlanSchema>;

export const CreateLearningPlanSchema = z
  .object({
    goalId: z.uuid(),
    roadmapId: z.uuid().nullable().optional(),
    assessmentResults: freeFormJson({ maxDepth: 8, maxChars: 20_000 }).nullable().optional(),
    duration: z.string().trim().min(1).max(60).optional(),
  })
  .optional()
  .nullable();

export const RoadmapCompletionSchema = z.object({ completionStatus: z.string().max(100_000) });

export const OptimizedPlanDataSchema = z.object({
  user: UserSchema,
  goal: GoalSchema,
  roadmaps: z.array(RoadmapSchema),
  lessonsForRoadmaps: z.record(z.string(), z.array(PlanLessonSchema)),
  firstUncompletedLessonRoadmapId: z.uuid().nullable(),
  firstUncompletedLesson: PlanLessonSchema.nullable(),
  isGenerating: z.boolean(),
  /**
   * The free plan's lesson-open gate on the goal's next lesson (spec 1 §4): the Free Plan Limit Reached
   * info the lesson page would answer with, so the plan can say so before the click; null while it opens.
   */
  lessonGate: RateLimitInfoSchema.nullable(),
});
export type OptimizedPlanData = z.infer<typeof OptimizedPlanDataSchema>;
