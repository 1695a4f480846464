// Component-test fixtures and a network stub for mf-lessons: fetch answers JSON or, for event streams, SSE
// text in chunks, so the real SDK (validation, errors, the stream reader) runs.
import type { Lesson, LessonAssessment, Submission } from '@mindpath/contracts/lessons';
import { vi } from 'vitest';

export const LESSON_ID = '11111111-1111-4111-8111-111111111111';
export const NEXT_ID = '22222222-2222-4222-8222-222222222222';
export const ROADMAP_ID = '33333333-3333-4333-8333-333333333333';
export const ASSESSMENT_ID = '44444444-4444-4444-8444-444444444444';
const T0 = '2026-01-01T00:00:00.000Z';

export const CONTENT = [
  '## Overview',
  'Loops repeat work.',
  '{{image: A diagram of a loop}}',
  '**Key Concepts**',
  'A `for` loop.',
  '$$x = 1$$',
  '## Summary',
  'Done.',
].join('\n');

export function lesson(patch: Partial<Lesson> = {}): Lesson {
  return {
    id: LESSON_ID,
    title: 'Loops in Rust',
    summary: 'for and while',
    roadmapId: ROADMAP_ID,
    roadmap: { id: ROADMAP_ID, name: 'Control flow' },
    goalId: null,
    position: 0,
    estimatedTimeInMinutes: 45,
    content: CONTENT,
    contentSource: 'offline',
    imageUrl: '/api/media/loop.svg',
    hasAudio: false,
    audioUrl: null,
    videoUrls: JSON.stringify([
      { title: 'Videos: Loops', url: 'https://www.youtube.com/results?search_query=loops', kind: 'search' },
    ]),
    resourceLinks: JSON.stringify({
      articles: [
        { title: 'Rust docs: Loops', url: 'https://doc.rust-lang.org/search?q=loops', kind: 'search' },
      ],
      books: [{ title: 'Programming Rust', author: 'Blandy', kind: 'suggestion' }],
    }),
    isCompleted: false,
    completedAt: null,
    grade: null,
    isGenerating: false,
    citations: [],
    limit: null,
    updatedAt: T0,
    ...patch,
  };
}

export const SOURCE_ID = '55555555-5555-4555-8555-555555555555';
export const PASSAGE_1 = '66666666-6666-4666-8666-666666666661';
export const PASSAGE_2 = '66666666-6666-4666-8666-666666666662';

/** A lesson written from the learner's material: cited paragraphs, one that cites nothing, one a [7]. */
export const GROUNDED_CONTENT = [
  '## Overview',
  '',
  'A loop repeats its body while a condition holds [1].',
  '',
  '- `for` walks an iterator [1, 2]',
  '- `loop` runs until a break',
  '',
  'Rust has three kinds of loop.',
  '',
  'Labels name an outer loop [7].',
  '',
  '```rust',
  'for i in 0..3 { println!("{i} [1]"); }',
  '```',
].join('\n');

export function groundedLesson(patch: Partial<Lesson> = {}): Lesson {
  return lesson({
    content: GROUNDED_CONTENT,
    contentSource: 'model',
    citations: [
      {
        n: 1,
        passageId: PASSAGE_1,
        sourceId: SOURCE_ID,
        sourceTitle: 'The Rust Book',
        page: 4,
        headingPath: ['Control flow', 'Loops'],
      },
      {
        n: 2,
        passageId: PASSAGE_2,
        sourceId: SOURCE_ID,
        sourceTitle: 'The Rust Book',
        page: 5,
        headingPath: ['Control flow', 'Iterators'],
      },
    ],
    ...patch,
  });
}

/** GET /passages/{id}: passage 1 of the Rust Book, a PDF's page 4. */
export function passageView(passageId = PASSAGE_1) {
  return {
    passageId,
    sourceId: SOURCE_ID,
    sourceTitle: 'The Rust Book',
    format: 'pdf',
    ordinal: 3,
    page: 4,
    headingPath: ['Control flow', 'Loops'],
    start: 1200,
    end: 1260,
    before: 'Programs often do the same work many times. ',
    text: 'A loop repeats its body while a condition holds.',
    after: ' Rust has three kinds of loops: loop, while and for.',
  };
}

export function assessment(patch: Partial<LessonAssessment> = {}): LessonAssessment {
  return {
    id: ASSESSMENT_ID,
    lessonId: LESSON_ID,
    questions: [
      { question: 'Which keyword starts an endless loop?', options: ['for', 'loop', 'while'] },
      { question: 'Explain what a while loop does.', options: [] },
    ],
    source: 'offline',
    createdAt: T0,
    submission: null,
    ...patch,
  };
}

export function submission(score: number, patch: Partial<Submission> = {}): Submission {
  return {
    score,
    passed: score >= 60,
    message: `Server says ${score}`,
    results: [
      {
        questionIndex: 0,
        question: 'Which keyword starts an endless loop?',
        selectedAnswer: 'loop',
        correctAnswer: 'loop',
        credit: 1,
        correct: true,
        method: 'choice',
        feedback: null,
      },
      {
        questionIndex: 1,
        question: 'Explain what a while loop does.',
        selectedAnswer: 'It repeats while a condition holds',
        correctAnswer: 'Repeats its body while the condition is true',
        credit: 0.7,
        correct: true,
        method: 'rubric',
        feedback: null,
      },
    ],
    rubric: 'Open answers were graded by the built-in offline rubric, not an AI.',
    submittedAt: T0,
    ...patch,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** What a call answers: [status, JSON body], or SSE events sent one chunk each. */
export type Answer = [number, unknown] | { sse: { event: string; data: object }[] };

/** Stubs fetch: `answer` gets the call (path without /api) and says what the server answers. */
export function answerApi(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, '') + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const out = answer(call);
      if ('sse' in out) {
        const enc = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const e of out.sse) {
              await new Promise((r) => setTimeout(r, 5));
              controller.enqueue(
                enc.encode(`event: ${e.event}\ndata: ${JSON.stringify({ type: e.event, ...e.data })}\n\n`),
              );
            }
            controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      const [status, json] = out;
      return new Response(json === undefined ? null : JSON.stringify(json), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
