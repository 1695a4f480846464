// Lessons, their content, media and assessments (spec 2 §3–§9; spec 1 §4 lesson-open gate, §9 free lessons).
import { z } from 'zod';
import { AiSourceSchema, LESSON_SECTIONS } from './ai.ts';
import { LessonCitationSchema } from './citations.ts';
import { RateLimitInfoSchema } from './errors.ts';
import { GenerationJobSchema } from './jobs.ts';

/** spec 2 §9 */
export const PASSING_SCORE = 60;

/** spec 1 §9: free plan, 1 lesson content generation per 24 h. */
export const LESSON_LIMITS = { freeLessonsPerWindow: 1, windowHours: 24 } as const;
/** spec 1 §9, word for word */
export const LESSON_LIMIT_MESSAGE = 'Only 1 lesson per 24 hours allowed in free version';

/**
 * Where a link or book came from, so the UI never presents an unchecked URL as one to trust:
 * 'search' — a search page Mindpath built from the lesson's words (offline);
 * 'curated' — from Mindpath's built-in reading list (offline);
 * 'suggestion' — named by the AI model and not checked: shown as a suggestion.
 */
export const ResourceKindSchema = z.enum(['search', 'curated', 'suggestion']);
export type ResourceKind = z.infer<typeof ResourceKindSchema>;

export const ResourceLinkSchema = z.object({ title: z.string(), url: z.string(), kind: ResourceKindSchema });
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;
export const BookSchema = z.object({ title: z.string(), author: z.string(), kind: ResourceKindSchema });
export type Book = z.infer<typeof BookSchema>;

/** The JSON inside `videoUrls` (spec: a list of videos, each with title and url). */
export const VideoUrlsSchema = z.array(ResourceLinkSchema);
/** The JSON inside `resourceLinks` (spec: articles with title and url, books with title and author). */
export const ResourceLinksSchema = z.object({
  articles: z.array(ResourceLinkSchema),
  books: z.array(BookSchema),
});
export type ResourceLinks = z.infer<typeof ResourceLinksSchema>;

/** A lesson as the lesson page reads it (spec 2 §3 Lesson, plus its section and plan facts). */
export const LessonSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  roadmapId: z.uuid(),
  /** spec: a roadmap has a name */
  roadmap: z.object({ id: z.uuid(), name: z.string() }),
  goalId: z.uuid().nullable(),
  position: z.number().int(),
  estimatedTimeInMinutes: z.number().int(),
  /** Markdown; null until generated, and withheld while the lesson-open gate holds (see `limit`) */
  content: z.string().nullable(),
  /** who wrote the content: the offline generator or a model */
  contentSource: AiSourceSchema.nullable(),
  /** media: their owner's signed /api/media URLs (the same for an hour, valid one to two); null before made */
  imageUrl: z.string().nullable(),
  hasAudio: z.boolean(),
  audioUrl: z.string().nullable(),
  /** JSON text of VideoUrlsSchema */
  videoUrls: z.string().nullable(),
  /** JSON text of ResourceLinksSchema */
  resourceLinks: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  /** the passing score, null until passed */
  grade: z.number().int().nullable(),
  /** a content generation job is queued or running */
  isGenerating: z.boolean(),
  /**
   * a lesson written from the goal's sources: the passages its [n] markers name, numbered from 1; empty for
   * a lesson written from the goal's title alone (defaulted, for an API instance of the release before)
   */
  citations: z.array(LessonCitationSchema).default([]),
  /** set when the free plan's lesson-open gate holds (spec 1 §4): the Free Plan Limit Reached modal's data */
  limit: RateLimitInfoSchema.nullable(),
  updatedAt: z.string(),
});
export type Lesson = z.infer<typeof LessonSchema>;

/** What starting (or joining) a generation answers: the lesson as it is, and the job to follow (if any). */
export const ContentGenerationSchema = z.object({
  lesson: LessonSchema,
  job: GenerationJobSchema.nullable(),
  joined: z.boolean(),
});
export type ContentGeneration = z.infer<typeof ContentGenerationSchema>;

/** "Is content generating / wait for content generation". */
export const ContentStatusSchema = z.object({
  isGenerating: z.boolean(),
  hasContent: z.boolean(),
  job: GenerationJobSchema.nullable(),
});
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/** Events of GET /lessons/{id}/content-stream (text/event-stream; `event:` names the type). */
export const ContentStreamEventSchema = z.discriminatedUnion('type', [
  /**
   * text to append to what was received so far; reset: it replaces it (a connection's first delta, which a
   * client reconnecting after its API instance stopped needs, or the generation started over)
   */
  z.object({ type: z.literal('delta'), text: z.string(), reset: z.boolean() }),
  /** the content is stored: the lesson as saved */
  z.object({ type: z.literal('done'), lesson: LessonSchema }),
  /** the generation failed (or none is under way); `message` is for the learner */
  z.object({ type: z.literal('error'), reason: z.string(), message: z.string() }),
]);
export type ContentStreamEvent = z.infer<typeof ContentStreamEventSchema>;

/** a signed /api/media URL, as Lesson.imageUrl */
export const ImageResultSchema = z.object({ imageUrl: z.string() });
export const AudioResultSchema = z.object({ audioUrl: z.string().nullable() });

export const NextLessonSchema = z.object({ lesson: LessonSchema.nullable() });

// ---------------------------------------------------------------------------------------------------
// Lesson assessment

/** A question as the learner sees it before submitting: no correct answer. No options: answered in text. */
export const AssessmentQuestionViewSchema = z.object({ question: z.string(), options: z.array(z.string()) });

/** How a question was scored: an exact option match, the provider's grader, or the offline rubric. */
export const GradingMethodSchema = z.enum(['choice', 'model', 'rubric']);
export type GradingMethod = z.infer<typeof GradingMethodSchema>;

export const QuestionResultSchema = z.object({
  questionIndex: z.number().int(),
  question: z.string(),
  selectedAnswer: z.string(),
  correctAnswer: z.string(),
  /** 0–1: right or wrong for a choice, the grade / 100 for an open answer */
  credit: z.number().min(0).max(1),
  correct: z.boolean(),
  method: GradingMethodSchema,
  feedback: z.string().nullable(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

/**
 * The offline rubric for open answers, returned with results graded by it (the UI says so): what it looks
 * for, never its weights and thresholds, which would read as a recipe for gaming it.
 */
export const OFFLINE_RUBRIC =
  "Open answers were graded by Mindpath's built-in grader, not an AI model: it checks how much of the expected answer's key ideas your answer explains. Compare yours with the expected answer below.";
/** Said when a configured provider could not grade and the rubric stood in. */
export const RUBRIC_FALLBACK_NOTE = 'The AI grader could not be reached, so the offline rubric was used.';

export const SubmissionSchema = z.object({
  /** computed by the server from the stored correct answers; a score sent by the client is ignored */
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  message: z.string(),
  results: z.array(QuestionResultSchema),
  /** set when open answers were graded by the offline rubric: what it is (and why it was used) */
  rubric: z.string().nullable(),
  submittedAt: z.string(),
  /** how many of the questions missed are now in spaced review (absent on submissions made before reviews) */
  reviewCards: z.number().int().min(0).optional(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const LessonAssessmentSchema = z.object({
  id: z.uuid(),
  lessonId: z.uuid(),
  questions: z.array(AssessmentQuestionViewSchema),
  source: AiSourceSchema,
  createdAt: z.string(),
  /** the last submission, with the correct answers; null before one */
  submission: SubmissionSchema.nullable(),
});
export type LessonAssessment = z.infer<typeof LessonAssessmentSchema>;

export const AssessmentGenerationSchema = z.object({
  assessment: LessonAssessmentSchema.nullable(),
  job: GenerationJobSchema.nullable(),
  joined: z.boolean(),
});

export const AssessmentStatusSchema = z.object({
  isGenerating: z.boolean(),
  hasAssessment: z.boolean(),
  job: GenerationJobSchema.nullable(),
});

/** One answer (spec 2 §3: questionIndex, selectedAnswer, question). */
export const SubmittedAnswerSchema = z.object({
  questionIndex: z.number().int().min(0),
  selectedAnswer: z.string().max(5_000),
  question: z.string().max(2_000).optional(),
});
export type SubmittedAnswer = z.infer<typeof SubmittedAnswerSchema>;
export const SubmittedAnswersSchema = z.array(SubmittedAnswerSchema).max(50);

/** A score a client sends: accepted in any form and ignored, the server computes its own. */
const ClientScoreSchema = z
  .union([z.number(), z.string().max(20)])
  .nullable()
  .optional();

/** spec 2 §7: answers as JSON text (an array is accepted too) and the client's score, which is not trusted. */
export const SubmitAssessmentSchema = z.object({
  answers: z.union([z.string().max(200_000), SubmittedAnswersSchema]),
  score: ClientScoreSchema,
});

export const SubmitResultSchema = z.object({
  assessment: LessonAssessmentSchema,
  submission: SubmissionSchema,
  lesson: LessonSchema,
});
export type SubmitResult = z.infer<typeof SubmitResultSchema>;

export const CompleteLessonSchema = z.object({ lessonId: z.uuid().optional(), score: ClientScoreSchema });

export type ScoreLevel = 'perfect' | 'excellent' | 'good' | 'review';

/** spec 2 §9: 100 perfect; 80 or more excellent; 60 or more good; below 60 review. */
export function scoreLevel(score: number): ScoreLevel {
  if (score >= 100) return 'perfect';
  if (score >= 80) return 'excellent';
  if (score >= PASSING_SCORE) return 'good';
  return 'review';
}

export const SCORE_MESSAGES: Record<ScoreLevel, string> = {
  perfect: 'Perfect score! You have mastered this lesson.',
  excellent: 'Excellent work! You know this lesson well.',
  good: 'Good job! You passed this lesson.',
  review: 'Review the lesson and try again: you need 60 or more to pass.',
};

export const scoreMessage = (score: number) => SCORE_MESSAGES[scoreLevel(score)];

/** spec 2 §5: if questions have correct answers, score = round(correct / total × 100); open answers give partial credit. */
export function computeScore(credits: readonly number[]): number {
  if (credits.length === 0) return 0;
  const sum = credits.reduce((s, c) => s + Math.max(0, Math.min(1, c)), 0);
  return Math.round((sum / credits.length) * 100);
}

// ---------------------------------------------------------------------------------------------------
// Content

const SECTION_LINE = new RegExp(
  `^\\s*(?:#{1,6}\\s*)?(?:\\*\\*|__)?(${LESSON_SECTIONS.join('|')})(?:\\*\\*|__)?\\s*:?\\s*$`,
  'i',
);

/**
 * spec 2 §5: special section names get level-2 headings. A line that is only a section name (as a heading
 * of any level, bold, or plain, with an optional colon) becomes `## Name`; fenced code is left alone.
 */
export function normalizeLessonMarkdown(markdown: string): string {
  let fenced = false;
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const m = SECTION_LINE.exec(line);
      if (!m) return line;
      const name = LESSON_SECTIONS.find((s) => s.toLowerCase() === m[1]!.toLowerCase())!;
      return `## ${name}`;
    })
    .join('\n')
    .trim()
    .concat('\n');
}
