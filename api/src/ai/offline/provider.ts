// The offline provider: the same interface as a model, answered by the deterministic generators.
import type { ChatMessage } from '@mindpath/contracts/ai';
import { AiError } from '../errors.ts';
import type { LessonContentInput, LessonQuizInput } from '../prompts/lesson.ts';
import type { AiProvider, CallMeta, CallOptions, StreamTextRequest } from '../types.ts';
import {
  offlineGradeOpenAnswers,
  offlineKnowledgeAssessment,
  offlinePrerequisites,
  offlineRoadmap,
  offlineSectionLessons,
} from './generators.ts';
import { groundedLessonContent, groundedLessonMarkdown, groundedLessonQuiz } from './grounded-lesson.ts';
import {
  offlineLessonContent,
  offlineLessonMarkdown,
  offlineLessonQuiz,
  offlineLessonResources,
} from './lesson.ts';
import { offlineChatReply } from './tutor.ts';

// biome-ignore lint/suspicious/noExplicitAny: each generator takes its own prompt's input
type Gen = (input: any) => unknown;

/** A lesson's prompt given passages of the learner's material: the lesson is written from them. */
const grounded = (input: { passages?: readonly unknown[] }) => (input.passages?.length ?? 0) > 0;

/** Structured outputs by prompt id. */
const OBJECTS: Record<string, Gen> = {
  roadmap: offlineRoadmap,
  'section-lessons': offlineSectionLessons,
  'knowledge-assessment': offlineKnowledgeAssessment,
  'grade-open-answers': offlineGradeOpenAnswers,
  prerequisites: offlinePrerequisites,
  'lesson-content': (input: LessonContentInput) =>
    grounded(input) ? groundedLessonContent(input) : offlineLessonContent(input),
  // a grounded lesson's quiz asks what its passages state; when they give too little, about its text
  'lesson-quiz': (input: LessonQuizInput) =>
    (grounded(input) && groundedLessonQuiz(input)) || offlineLessonQuiz(input),
  'lesson-resources': offlineLessonResources,
};

/** Text outputs by prompt id. */
const TEXTS: Record<string, (input: never) => string> = {
  'lesson-markdown': (input: LessonContentInput) =>
    grounded(input) ? groundedLessonMarkdown(input) : offlineLessonMarkdown(input),
  chat: offlineChatReply,
};

export const OFFLINE_MODEL = 'mindpath-offline-1';

const meta = (started: number, promptId?: string, promptVersion?: number): CallMeta => ({
  source: 'offline',
  provider: 'offline',
  model: OFFLINE_MODEL,
  promptId,
  promptVersion,
  requests: 1,
  reasked: false,
  repaired: false,
  mode: 'offline',
  durationMs: Date.now() - started,
  usage: undefined,
});

/** Splits text into word-sized deltas, whitespace kept, so a stream reads like a model's. */
export function* textDeltas(text: string, wordsPerDelta = 3): Generator<string> {
  const parts = text.match(/\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < parts.length; i += wordsPerDelta) yield parts.slice(i, i + wordsPerDelta).join('');
}

/**
 * The pause between streamed pieces: the offline text streams at a reading pace like a model's, so the
 * page shows a lesson being written and the streaming path is the same offline as with a provider.
 */
export const OFFLINE_STREAM_DELAY_MS = 5;

export function createOfflineProvider(options: { streamDelayMs?: number } = {}): AiProvider {
  const streamDelayMs = options.streamDelayMs ?? OFFLINE_STREAM_DELAY_MS;
  return {
    name: 'offline',
    source: 'offline',
    async generateObject(request) {
      const started = Date.now();
      if (request.signal?.aborted) throw new AiError('aborted', 'cancelled', { task: request.prompt.task });
      const gen = OBJECTS[request.prompt.id];
      if (!gen) {
        throw new AiError(
          'bad_request',
          `the offline generator has no template for prompt '${request.prompt.id}'`,
        );
      }
      const parsed = request.schema.safeParse(gen(request.prompt.input));
      if (!parsed.success) {
        // a bug in the templates, never the learner's fault: say so loudly
        throw new AiError(
          'invalid_output',
          `offline '${request.prompt.id}' output failed validation: ${parsed.error.message}`,
        );
      }
      return { object: parsed.data, meta: meta(started, request.prompt.id, request.prompt.version) } as never;
    },
    streamText(request: StreamTextRequest) {
      const text = TEXTS[request.prompt.id];
      if (!text)
        throw new AiError(
          'bad_request',
          `the offline generator has no text template for prompt '${request.prompt.id}'`,
        );
      const signal = request.signal;
      const body = text(request.prompt.input as never);
      return (async function* () {
        for (const delta of textDeltas(body)) {
          if (streamDelayMs > 0) await new Promise((r) => setTimeout(r, streamDelayMs));
          if (signal?.aborted) throw new AiError('aborted', 'cancelled', { task: request.prompt.task });
          yield delta;
        }
      })();
    },
    async chat(
      messages: ChatMessage[],
      options?: CallOptions & { promptId?: string; promptVersion?: number },
    ) {
      const started = Date.now();
      return {
        content: offlineChatReply(messages),
        meta: meta(started, options?.promptId ?? 'chat', options?.promptVersion),
      };
    },
  };
}
