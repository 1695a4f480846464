// Shapes of what the AI layer produces (spec 1 §3, spec 2 §3), shared by the API (which validates every
// model answer and every offline result against them) and the front ends (which render them).
//
// Two layers per output: the *generated* schema is what a model is asked for (every field required, no
// `source`: a model must not claim where it came from); the *result* adds `source`, stamped by the API, so
// the UI can say plainly when content comes from the offline generator.
import { z } from 'zod';

export const GoalLevelSchema = z.enum(['Beginner', 'Practitioner', 'Advanced']);
export type GoalLevel = z.infer<typeof GoalLevelSchema>;
/** spec 1 §9 */
export const DEFAULT_GOAL_LEVEL: GoalLevel = 'Beginner';
/** spec 1 §9: a lesson's estimate when none is given */
export const DEFAULT_LESSON_MINUTES = 30;

/** 'offline': the embedded deterministic generator; 'model': a configured provider's model. */
export const AiSourceSchema = z.enum(['offline', 'model']);
export type AiSource = z.infer<typeof AiSourceSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);

// ---------------------------------------------------------------------------------------------------
// Roadmap: sections (spec "Roadmap (section)": Name or Content) holding lessons (spec "Lesson in a plan":
// Title, EstimatedTimeInMinutes).

export const ROADMAP_LIMITS = { minSections: 4, maxSections: 8, minLessons: 3, maxLessons: 6 } as const;

export const GeneratedLessonSchema = z.object({
  title: text(160),
  summary: text(400),
  estimatedTimeInMinutes: z.number().int().min(5).max(240),
});
export type GeneratedLesson = z.infer<typeof GeneratedLessonSchema>;

export const GeneratedSectionSchema = z.object({
  name: text(160),
  description: text(600),
  lessons: z.array(GeneratedLessonSchema).min(ROADMAP_LIMITS.minLessons).max(ROADMAP_LIMITS.maxLessons),
});
export type GeneratedSection = z.infer<typeof GeneratedSectionSchema>;

export const GeneratedRoadmapSchema = z.object({
  title: text(160),
  summary: text(800),
  sections: z.array(GeneratedSectionSchema).min(ROADMAP_LIMITS.minSections).max(ROADMAP_LIMITS.maxSections),
});
export type GeneratedRoadmap = z.infer<typeof GeneratedRoadmapSchema>;

/** The lessons of one section, generated on their own (auto-generation of the next section, spec 1 §4). */
export const GeneratedSectionLessonsSchema = z.object({
  lessons: z.array(GeneratedLessonSchema).min(ROADMAP_LIMITS.minLessons).max(ROADMAP_LIMITS.maxLessons),
});
export type GeneratedSectionLessons = z.infer<typeof GeneratedSectionLessonsSchema>;

// ---------------------------------------------------------------------------------------------------
// Knowledge assessment, new style (spec 1 §3): topics, each with a title and questions; a question has
// type, question, options, correctAnswer, expectedLength. Open-ended questions have no options and carry
// the key points of a good answer in correctAnswer.

export const QuestionTypeSchema = z.enum(['multiple-choice', 'open-ended']);
/** How long an open-ended answer is expected to be; 'short' for multiple choice. */
export const ExpectedLengthSchema = z.enum(['short', 'medium', 'long']);

export const AssessmentQuestionSchema = z
  .object({
    type: QuestionTypeSchema,
    question: text(600),
    options: z.array(text(300)).max(6),
    correctAnswer: text(800),
    expectedLength: ExpectedLengthSchema,
  })
  .superRefine((q, ctx) => {
    if (q.type === 'multiple-choice') {
      if (q.options.length < 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'a multiple-choice question needs 2 to 6 options',
        });
      } else if (!q.options.includes(q.correctAnswer)) {
        ctx.addIssue({
          code: 'custom',
          path: ['correctAnswer'],
          message: 'correctAnswer must be exactly one of the options',
        });
      }
      if (new Set(q.options).size !== q.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'options must be distinct' });
      }
    } else if (q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'an open-ended question has no options' });
    }
  });
export type AssessmentQuestion = z.infer<typeof AssessmentQuestionSchema>;

export const AssessmentTopicSchema = z.object({
  title: text(160),
  questions: z.array(AssessmentQuestionSchema).min(1).max(6),
});
export type AssessmentTopic = z.infer<typeof AssessmentTopicSchema>;

export const GeneratedKnowledgeAssessmentSchema = z.object({
  topics: z.array(AssessmentTopicSchema).min(2).max(6),
});
export type GeneratedKnowledgeAssessment = z.infer<typeof GeneratedKnowledgeAssessmentSchema>;

// Knowledge assessment, old style (spec 1 §3): questions with an id and text lines prefixed
// Q:, A:, B:, C:, D:, Correct:. Answers are {questionId, selectedOptionIndex}.

export const OLD_STYLE_LETTERS = ['A', 'B', 'C', 'D'] as const;

export const OldStyleQuestionSchema = z.object({
  id: z.number().int().positive(),
  text: z
    .string()
    .regex(
      /^Q: .+\nA: .+\nB: .+\nC: .+\nD: .+\nCorrect: [ABCD]$/,
      'text must be the lines Q:, A:-D:, Correct:',
    ),
});
export type OldStyleQuestion = z.infer<typeof OldStyleQuestionSchema>;

export const OldStyleAssessmentSchema = z.object({ questions: z.array(OldStyleQuestionSchema).min(1) });
export type OldStyleAssessment = z.infer<typeof OldStyleAssessmentSchema>;

export const OldStyleAnswerSchema = z.object({
  questionId: z.number().int(),
  selectedOptionIndex: z.number().int().min(0).max(3),
});
export type OldStyleAnswer = z.infer<typeof OldStyleAnswerSchema>;

export interface ParsedOldStyleQuestion {
  id: number;
  question: string;
  options: string[];
  correctIndex: number;
}

/** Lines → parts. Returns null when the text is not in the old style. */
export function parseOldStyleQuestion(q: { id: number; text: string }): ParsedOldStyleQuestion | null {
  const get = (prefix: string) =>
    q.text
      .split('\n')
      .find((l) => l.startsWith(`${prefix}:`))
      ?.slice(prefix.length + 1)
      .trim();
  const question = get('Q');
  const options = OLD_STYLE_LETTERS.map((l) => get(l));
  const correct = get('Correct');
  if (!question || options.some((o) => !o) || !correct) return null;
  const correctIndex = OLD_STYLE_LETTERS.indexOf(correct as (typeof OLD_STYLE_LETTERS)[number]);
  if (correctIndex < 0) return null;
  return { id: q.id, question, options: options as string[], correctIndex };
}

/**
 * The old style from the new: every multiple-choice question with exactly four options, numbered from 1.
 * Questions with another number of options are left out (the old style has A–D only).
 */
export function toOldStyleAssessment(assessment: GeneratedKnowledgeAssessment): OldStyleAssessment {
  const questions: OldStyleQuestion[] = [];
  for (const topic of assessment.topics) {
    for (const q of topic.questions) {
      if (q.type !== 'multiple-choice' || q.options.length !== 4) continue;
      const correct = OLD_STYLE_LETTERS[q.options.indexOf(q.correctAnswer)];
      const lines = [
        `Q: ${oneLine(q.question)}`,
        ...q.options.map((o, i) => `${OLD_STYLE_LETTERS[i]}: ${oneLine(o)}`),
      ];
      questions.push({ id: questions.length + 1, text: `${lines.join('\n')}\nCorrect: ${correct}` });
    }
  }
  return { questions };
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ');

// ---------------------------------------------------------------------------------------------------
// Evaluation (spec 1 §3): topics with title and recommendToComplete. Scores are computed in code (per
// question correctness for multiple choice; a grade for open answers), never taken from a model as is.

/** Answers to a new-style assessment: one per question, in order, topic by topic. */
export const AssessmentAnswersSchema = z.array(
  z.object({
    topicIndex: z.number().int().min(0),
    questionIndex: z.number().int().min(0),
    answer: z.string(),
  }),
);
export type AssessmentAnswers = z.infer<typeof AssessmentAnswersSchema>;

/** What a model is asked when grading open-ended answers: one verdict per answer, in the order given. */
export const GeneratedOpenAnswerGradesSchema = z.object({
  grades: z.array(
    z.object({
      index: z.number().int().min(0),
      score: z.number().int().min(0).max(100),
      feedback: text(400),
    }),
  ),
});
export type GeneratedOpenAnswerGrades = z.infer<typeof GeneratedOpenAnswerGradesSchema>;

/** Below this topic score a topic is recommended. */
export const RECOMMEND_BELOW_SCORE = 70;

export const EvaluatedTopicSchema = z.object({
  title: text(160),
  recommendToComplete: z.boolean(),
  /** 0–100, computed in code */
  score: z.number().int().min(0).max(100),
});
export type EvaluatedTopic = z.infer<typeof EvaluatedTopicSchema>;

export const EvaluationResultSchema = z.object({
  topics: z.array(EvaluatedTopicSchema).min(1),
  /** 0–100 over all questions, computed in code */
  overallScore: z.number().int().min(0).max(100),
  source: AiSourceSchema,
});
export type EvaluationResult = z.infer<typeof EvaluationResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Prerequisite recommendations (spec 1 §3: a list under `recommendations`): goals worth doing first, each
// of which the learner can pick as their goal instead.

export const PrerequisiteSchema = z.object({
  title: text(160),
  description: text(400),
  level: GoalLevelSchema,
  reason: text(400),
});
export type Prerequisite = z.infer<typeof PrerequisiteSchema>;

export const GeneratedPrerequisitesSchema = z.object({ recommendations: z.array(PrerequisiteSchema).max(4) });
export type GeneratedPrerequisites = z.infer<typeof GeneratedPrerequisitesSchema>;

// ---------------------------------------------------------------------------------------------------
// Lesson content (spec 2 §3: content, videoUrls [{title,url}], resourceLinks {articles [{title,url}],
// books [{title,author}]}). Content is markdown: special sections get level-2 headings, it may hold code,
// KaTeX math and one image placeholder (below) that the image generator replaces.

/** The special sections of a lesson, each a level-2 heading (spec 2 §5). */
export const LESSON_SECTIONS = ['Overview', 'Key Concepts', 'Example', 'Practice', 'Summary'] as const;

export const IMAGE_PLACEHOLDER_RE = /\{\{image:\s*([^}]+?)\s*\}\}/;
export const imagePlaceholder = (description: string) => `{{image: ${description.replace(/[{}]/g, '')}}}`;
/** The description inside a lesson's image placeholder, or null. */
export const findImagePlaceholder = (markdown: string) => IMAGE_PLACEHOLDER_RE.exec(markdown)?.[1] ?? null;

const LinkSchema = z.object({ title: text(200), url: z.url({ protocol: /^https$/ }) });

export const GeneratedLessonContentSchema = z.object({
  title: text(160),
  content: z.string().min(200).max(40_000),
  videos: z.array(LinkSchema).max(5),
  articles: z.array(LinkSchema).max(8),
  books: z.array(z.object({ title: text(200), author: text(200) })).max(5),
});
export type GeneratedLessonContent = z.infer<typeof GeneratedLessonContentSchema>;

/** The links and books of a lesson, asked for beside its streamed Markdown. */
export const GeneratedLessonResourcesSchema = GeneratedLessonContentSchema.pick({
  videos: true,
  articles: true,
  books: true,
});
export type GeneratedLessonResources = z.infer<typeof GeneratedLessonResourcesSchema>;

// ---------------------------------------------------------------------------------------------------
// Lesson assessment (spec 2 §3): questions with question, options and correctAnswer. A question without
// options is answered in free text; its correctAnswer is the expected answer an open answer is graded against.

export const LessonQuizQuestionSchema = z
  .object({ question: text(600), options: z.array(text(300)).max(6), correctAnswer: text(800) })
  .superRefine((q, ctx) => {
    if (q.options.length === 0) return;
    if (q.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a choice question needs 2 to 6 options' });
    } else if (!q.options.includes(q.correctAnswer)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctAnswer'],
        message: 'correctAnswer must be exactly one of the options',
      });
    }
  });
export type LessonQuizQuestion = z.infer<typeof LessonQuizQuestionSchema>;

export const GeneratedLessonQuizSchema = z.object({
  questions: z.array(LessonQuizQuestionSchema).min(3).max(10),
});
export type GeneratedLessonQuiz = z.infer<typeof GeneratedLessonQuizSchema>;

// ---------------------------------------------------------------------------------------------------
// Chat (spec 2 §3: role system, user or assistant; content).

export const ChatRoleSchema = z.enum(['system', 'user', 'assistant']);
export const ChatMessageSchema = z.object({ role: ChatRoleSchema, content: z.string() });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

// ---------------------------------------------------------------------------------------------------
// Results: what the API hands on, stamped with where it came from.

const sourced = { source: AiSourceSchema };

export const RoadmapResultSchema = GeneratedRoadmapSchema.extend(sourced);
export type RoadmapResult = z.infer<typeof RoadmapResultSchema>;
export const SectionLessonsResultSchema = GeneratedSectionLessonsSchema.extend(sourced);
export type SectionLessonsResult = z.infer<typeof SectionLessonsResultSchema>;
export const KnowledgeAssessmentResultSchema = GeneratedKnowledgeAssessmentSchema.extend(sourced);
export type KnowledgeAssessmentResult = z.infer<typeof KnowledgeAssessmentResultSchema>;
export const OldStyleAssessmentResultSchema = OldStyleAssessmentSchema.extend(sourced);
export type OldStyleAssessmentResult = z.infer<typeof OldStyleAssessmentResultSchema>;
export const PrerequisitesResultSchema = GeneratedPrerequisitesSchema.extend(sourced);
export type PrerequisitesResult = z.infer<typeof PrerequisitesResultSchema>;
export const LessonContentResultSchema = GeneratedLessonContentSchema.extend(sourced);
export type LessonContentResult = z.infer<typeof LessonContentResultSchema>;
export const LessonResourcesResultSchema = GeneratedLessonResourcesSchema.extend(sourced);
export type LessonResourcesResult = z.infer<typeof LessonResourcesResultSchema>;
export const LessonQuizResultSchema = GeneratedLessonQuizSchema.extend(sourced);
export type LessonQuizResult = z.infer<typeof LessonQuizResultSchema>;
export const OpenAnswerGradesResultSchema = GeneratedOpenAnswerGradesSchema.extend(sourced);
export type OpenAnswerGradesResult = z.infer<typeof OpenAnswerGradesResultSchema>;
export const ChatReplySchema = z.object({ content: z.string().min(1), source: AiSourceSchema });
export type ChatReply = z.infer<typeof ChatReplySchema>;

/**
 * What the UI shows next to offline content: learner words only. How to connect a provider is operator
 * setup, told by the README and the server's start-up log.
 */
export const OFFLINE_NOTICE = "Made by Mindpath's built-in offline generator, not an AI model.";
