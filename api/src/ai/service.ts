// The product's AI tasks over one provider: each builds its versioned prompt, asks for a zod-validated
// object (or text), and stamps the result with where it came from.
import {
  type AssessmentAnswers,
  type ChatReply,
  type EvaluationResult,
  type GeneratedKnowledgeAssessment,
  GeneratedKnowledgeAssessmentSchema,
  GeneratedLessonContentSchema,
  GeneratedLessonQuizSchema,
  GeneratedLessonResourcesSchema,
  GeneratedOpenAnswerGradesSchema,
  GeneratedPrerequisitesSchema,
  GeneratedRoadmapSchema,
  GeneratedSectionLessonsSchema,
  type KnowledgeAssessmentResult,
  type LessonContentResult,
  type LessonQuizResult,
  type LessonResourcesResult,
  type OldStyleAssessmentResult,
  type OpenAnswerGradesResult,
  type PrerequisitesResult,
  type RoadmapResult,
  type SectionLessonsResult,
  toOldStyleAssessment,
} from '@mindpath/contracts/ai';
import { type GeneratedExercises, GeneratedExercisesSchema } from '@mindpath/contracts/exercises';
import type { InstructionReading } from '@mindpath/contracts/lessons-versions';
import type { z } from 'zod';
import { AiError } from './errors.ts';
import { openAnswersToGrade, scoreAssessment } from './evaluation.ts';
import { directiveLabel } from './offline/instruction.ts';
import { offlineLessonInstruction } from './offline/lesson.ts';
import {
  gradeOpenAnswersPrompt,
  type KnowledgeAssessmentInput,
  knowledgeAssessmentPrompt,
  type OpenAnswerGradingInput,
  type PrerequisitesInput,
  prerequisitesPrompt,
} from './prompts/assessment.ts';
import { type ChatInput, chatPrompt } from './prompts/chat.ts';
import type { PromptDefinition } from './prompts/define.ts';
import { type ExercisesInput, lessonExercisesPrompt } from './prompts/exercises.ts';
import {
  type LessonContentInput,
  type LessonQuizInput,
  lessonContentPrompt,
  lessonMarkdownPrompt,
  lessonQuizPrompt,
  lessonResourcesPrompt,
} from './prompts/lesson.ts';
import {
  type RoadmapInput,
  roadmapPrompt,
  type SectionLessonsInput,
  sectionLessonsPrompt,
} from './prompts/roadmap.ts';
import type { AiProvider, CallMeta, CallOptions } from './types.ts';

/** A result and how it was made. `meta` is null when no provider call was needed. */
export interface AiOutcome<T> {
  data: T;
  meta: CallMeta | null;
}

export interface EvaluateInput {
  goal: string;
  assessment: GeneratedKnowledgeAssessment;
  answers: AssessmentAnswers;
}

export interface Ai {
  readonly provider: AiProvider;
  generateRoadmap(input: RoadmapInput, opts?: CallOptions): Promise<AiOutcome<RoadmapResult>>;
  generateSectionLessons(
    input: SectionLessonsInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<SectionLessonsResult>>;
  generateKnowledgeAssessment(
    input: KnowledgeAssessmentInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<KnowledgeAssessmentResult>>;
  /** the old style (Q:/A:–D:/Correct: lines) from a new-style assessment's four-option questions */
  generateOldStyleAssessment(
    input: KnowledgeAssessmentInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<OldStyleAssessmentResult>>;
  evaluateAssessment(input: EvaluateInput, opts?: CallOptions): Promise<AiOutcome<EvaluationResult>>;
  generatePrerequisites(
    input: PrerequisitesInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<PrerequisitesResult>>;
  generateLessonContent(
    input: LessonContentInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<LessonContentResult>>;
  /** the lesson's Markdown as it is written (a new version: with the learner's instruction in the input) */
  streamLessonMarkdown(input: LessonContentInput, opts?: CallOptions): AsyncIterable<string>;
  /**
   * How the lesson's writer reads the input's instruction (null without one): the offline generator follows
   * what it recognises and names the rest; a model is given all of it.
   */
  readLessonInstruction(input: LessonContentInput): InstructionReading | null;
  /** the lesson's videos, articles and books (asked for beside the streamed Markdown) */
  generateLessonResources(
    input: LessonContentInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<LessonResourcesResult>>;
  generateLessonQuiz(input: LessonQuizInput, opts?: CallOptions): Promise<AiOutcome<LessonQuizResult>>;
  /** a 0–100 grade and feedback per open answer, against its expected answer (offline: the rubric) */
  gradeOpenAnswers(
    input: OpenAnswerGradingInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<OpenAnswerGradesResult>>;
  /**
   * A programming lesson's exercises, written by a model; null from the offline generator, which writes
   * exercises only with its kits (none rather than one whose tests prove nothing).
   */
  generateExercises(
    input: ExercisesInput,
    opts?: CallOptions,
  ): Promise<AiOutcome<GeneratedExercises & { source: 'model' }> | null>;
  chat(input: ChatInput, opts?: CallOptions): Promise<AiOutcome<ChatReply>>;
  streamChat(input: ChatInput, opts?: CallOptions): AsyncIterable<string>;
}

export function createAi(provider: AiProvider): Ai {
  const source = provider.source;

  async function object<I, S extends z.ZodObject>(
    prompt: PromptDefinition<I>,
    schema: S,
    input: I,
    opts: CallOptions = {},
  ): Promise<AiOutcome<z.output<S> & { source: typeof source }>> {
    const { object: data, meta } = await provider.generateObject({
      ...opts,
      schema,
      schemaName: prompt.id.replace(/[^a-zA-Z0-9_-]/g, '_'),
      prompt: prompt.build(input),
    });
    return { data: { ...(data as z.output<S>), source }, meta };
  }

  return {
    provider,
    generateRoadmap: (input, opts) => object(roadmapPrompt, GeneratedRoadmapSchema, input, opts),
    generateSectionLessons: (input, opts) =>
      object(sectionLessonsPrompt, GeneratedSectionLessonsSchema, input, opts),
    generateKnowledgeAssessment: (input, opts) =>
      object(knowledgeAssessmentPrompt, GeneratedKnowledgeAssessmentSchema, input, opts),
    async generateOldStyleAssessment(input, opts) {
      const { data, meta } = await object(
        knowledgeAssessmentPrompt,
        GeneratedKnowledgeAssessmentSchema,
        input,
        opts,
      );
      const old = toOldStyleAssessment(data);
      if (old.questions.length === 0) {
        throw new AiError('invalid_output', 'the assessment has no four-option multiple-choice questions', {
          task: 'assessment',
        });
      }
      return { data: { ...old, source: data.source }, meta };
    },
    async evaluateAssessment({ goal, assessment, answers }, opts) {
      const open = openAnswersToGrade(assessment, answers);
      const grades = new Map<string, number>();
      let meta: CallMeta | null = null;
      if (open.length > 0) {
        const graded = await provider.generateObject({
          ...opts,
          schema: GeneratedOpenAnswerGradesSchema,
          schemaName: 'grade_open_answers',
          prompt: gradeOpenAnswersPrompt.build({
            goal,
            items: open.map(({ index, topic, question, keyPoints, answer }) => ({
              index,
              topic,
              question,
              keyPoints,
              answer,
            })),
          }),
        });
        meta = graded.meta;
        for (const g of graded.object.grades) {
          const ref = open[g.index];
          if (ref) grades.set(`${ref.topicIndex}:${ref.questionIndex}`, g.score);
        }
      }
      // scores are computed here; the grader only gave open answers a grade
      return {
        data: scoreAssessment(assessment, answers, grades, open.length > 0 ? source : 'offline'),
        meta,
      };
    },
    generatePrerequisites: (input, opts) =>
      object(prerequisitesPrompt, GeneratedPrerequisitesSchema, input, opts),
    generateLessonContent: (input, opts) =>
      object(lessonContentPrompt, GeneratedLessonContentSchema, input, opts),
    streamLessonMarkdown: (input, opts) =>
      provider.streamText({ ...opts, prompt: lessonMarkdownPrompt.build(input) }),
    readLessonInstruction(input) {
      const text = input.instruction?.trim();
      if (!text) return null;
      if (source === 'model') return { text, readBy: 'model', followed: [text], notFollowed: [] };
      const read = offlineLessonInstruction(input)!;
      return {
        text,
        readBy: 'offline',
        followed: read.directives.map(directiveLabel),
        notFollowed: read.notFollowed,
      };
    },
    generateLessonResources: (input, opts) =>
      object(lessonResourcesPrompt, GeneratedLessonResourcesSchema, input, opts),
    generateLessonQuiz: (input, opts) => object(lessonQuizPrompt, GeneratedLessonQuizSchema, input, opts),
    gradeOpenAnswers: (input, opts) =>
      object(gradeOpenAnswersPrompt, GeneratedOpenAnswerGradesSchema, input, opts),
    async generateExercises(input, opts) {
      if (source !== 'model') return null;
      const { data, meta } = await object(lessonExercisesPrompt, GeneratedExercisesSchema, input, opts);
      return { data: { ...data, source: 'model' as const }, meta };
    },
    async chat(input, opts) {
      const prompt = chatPrompt.build(input);
      const { content, meta } = await provider.chat(prompt.messages, {
        ...opts,
        promptId: prompt.id,
        promptVersion: prompt.version,
      });
      if (!content) throw new AiError('empty_answer', 'the chat answer is empty', { task: 'chat' });
      return { data: { content, source }, meta };
    },
    streamChat: (input, opts) => provider.streamText({ ...opts, prompt: chatPrompt.build(input) }),
  };
}
