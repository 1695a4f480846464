import {
  AssessmentGenerationSchema,
  AssessmentStatusSchema,
  AudioResultSchema,
  ContentGenerationSchema,
  ContentStatusSchema,
  type ContentStreamEvent,
  ContentStreamEventSchema,
  ImageResultSchema,
  LessonAssessmentSchema,
  LessonSchema,
  NextLessonSchema,
  SubmitResultSchema,
  type SubmittedAnswer,
} from '@mindpath/contracts/lessons';
import { z } from 'zod';
import { authorizedFetch, request } from './http.ts';
import { parseLessonQuestions } from './lesson-questions.ts';
import { camelizeKeys } from './normalize.ts';
import { readSse } from './sse.ts';

/** The contract's assessment with `questions` read leniently: the parsed list, or why there is none. */
const Assessment = LessonAssessmentSchema.extend({ questions: z.unknown().transform(parseLessonQuestions) });
export type ParsedLessonAssessment = z.infer<typeof Assessment>;
const Generation = AssessmentGenerationSchema.extend({ assessment: Assessment.nullable() });
const Submitted = SubmitResultSchema.extend({ assessment: Assessment });

const id = encodeURIComponent;
const lesson = (lessonId: string) => `/lessons/${id(lessonId)}`;

/** The lesson calls of spec 2 §7 (content, media, assessment, completion, next lesson). */
export const lessonsApi = {
  get: (lessonId: string) => request('GET', lesson(lessonId), LessonSchema),
  generateContent: (lessonId: string) =>
    request('POST', `${lesson(lessonId)}/generate-content`, ContentGenerationSchema),
  contentStatus: (lessonId: string) =>
    request('GET', `${lesson(lessonId)}/content-status`, ContentStatusSchema),
  generateImage: (lessonId: string) =>
    request('POST', `${lesson(lessonId)}/generate-image`, ImageResultSchema),
  audio: (lessonId: string) => request('GET', `${lesson(lessonId)}/audio`, AudioResultSchema),
  generateAudio: (lessonId: string) =>
    request('POST', `${lesson(lessonId)}/generate-audio`, AudioResultSchema),
  assessment: (lessonId: string) => request('GET', `${lesson(lessonId)}/assessment`, Assessment),
  generateAssessment: (lessonId: string) =>
    request('POST', `${lesson(lessonId)}/assessment/generate`, Generation),
  regenerateAssessment: (lessonId: string) =>
    request('POST', `${lesson(lessonId)}/assessment/regenerate`, Generation),
  assessmentStatus: (lessonId: string) =>
    request('GET', `${lesson(lessonId)}/assessment/status`, AssessmentStatusSchema),
  /** spec 2 §7: the answers as JSON text; the score is the server's to compute, so none is sent */
  submitAssessment: (assessmentId: string, answers: SubmittedAnswer[]) =>
    request('POST', `/lessons/assessments/${id(assessmentId)}/submit`, Submitted, {
      answers: JSON.stringify(answers),
    }),
  complete: (lessonId: string, score: number) =>
    request('POST', `${lesson(lessonId)}/complete`, LessonSchema, { lessonId, score }),
  next: (lessonId: string) => request('GET', `${lesson(lessonId)}/next`, NextLessonSchema),

  /**
   * Follows the content as it is written (SSE): `onEvent` gets each delta, then done or error. Resolves
   * when the stream ends; aborting the signal stops reading.
   */
  async streamContent(
    lessonId: string,
    onEvent: (event: ContentStreamEvent) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const res = await authorizedFetch('GET', `${lesson(lessonId)}/content-stream`, undefined, {
      accept: 'text/event-stream',
      signal,
    });
    if (!res.body) return;
    for await (const e of readSse(res.body)) {
      const parsed = ContentStreamEventSchema.safeParse(camelizeKeys(JSON.parse(e.data)));
      if (parsed.success) onEvent(parsed.data);
    }
  },
};
