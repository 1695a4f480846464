// A lesson's content as the learner sees it arrive: from POST generate-content to the first
// streamed text on GET content-stream, and to the stored lesson (`done`), on the offline generator and on the
// OpenAI protocol test server answering after a fixed 500 ms and then streaming; and the offline audio: eSpeak
// NG (WASM, in a worker thread) reading a 1,000-word lesson.

import { startOpenAiServer } from '@mindpath/fake-openai';
import { createOfflineProvider } from '../../api/src/ai/offline/provider.ts';
import { sseData } from '../../api/src/ai/openai.ts';
import { createAi } from '../../api/src/ai/service.ts';
import { espeakWav, lessonSpeechText } from '../../api/src/modules/lessons/speech.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { median, type Row } from './table.ts';

const PROVIDER_LATENCY_MS = 500;
const PORT = 8097;

export async function call<T>(base: string, learner: Learner, method: string, path: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...learner.headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new learner with a generated roadmap for `goal`: the first lesson's id. */
export async function firstLesson(
  base: string,
  learner: Learner,
  goal = 'Beginner: Learn Python',
): Promise<string> {
  const { id: userId } = await call<{ id: string }>(base, learner, 'GET', '/api/user');
  const res = await fetch(`${base}/api/goals`, {
    method: 'POST',
    headers: { ...learner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ description: goal }),
  });
  const { id: goalId } = (await res.json()) as { id: string };
  await call(base, learner, 'POST', `/api/roadmaps/${userId}/${goalId}`);
  await call(base, learner, 'GET', `/api/roadmaps/goal/${goalId}/generation?waitMs=60000`);
  const plan = await call<{ firstUncompletedLesson: { id: string } | null }>(
    base,
    learner,
    'GET',
    `/api/learningplan/optimized-data/${goalId}`,
  );
  if (!plan.firstUncompletedLesson) throw new Error('the roadmap has no lesson');
  return plan.firstUncompletedLesson.id;
}

/** From the click to the first streamed text and to the stored lesson. */
async function timeLesson(base: string) {
  const learner = await registerLearner(base);
  const lessonId = await firstLesson(base, learner);
  const t0 = performance.now();
  await call(base, learner, 'POST', `/api/lessons/${lessonId}/generate-content`);
  const res = await fetch(`${base}/api/lessons/${lessonId}/content-stream`, { headers: learner.headers });
  if (!res.body) throw new Error('no stream');
  let first = 0;
  let characters = 0;
  for await (const data of sseData(res.body)) {
    const event = JSON.parse(data) as { type: string; text?: string; lesson?: { content: string } };
    if (event.type === 'delta' && !first) first = performance.now() - t0;
    if (event.type === 'error') throw new Error(`generation failed: ${data}`);
    if (event.type === 'done') characters = event.lesson?.content.length ?? 0;
  }
  return { firstMs: first, doneMs: performance.now() - t0, characters };
}

async function measureContent(deployment: Deployment, runs: number, env: Record<string, string>) {
  const api = await startApi(deployment, { port: PORT, env });
  try {
    const samples: Awaited<ReturnType<typeof timeLesson>>[] = [];
    // one warm-up run, not counted
    for (let i = 0; i <= runs; i++) {
      const s = await timeLesson(api.base);
      if (i > 0) samples.push(s);
    }
    return {
      firstMs: median(samples.map((s) => s.firstMs)),
      doneMs: median(samples.map((s) => s.doneMs)),
      characters: median(samples.map((s) => s.characters)),
    };
  } finally {
    await api.stop();
  }
}

/** A 1,000-word lesson: the offline lesson's prose, repeated, read by eSpeak NG. */
async function measureAudio() {
  const { data } = await createAi(createOfflineProvider()).generateLessonContent({
    goal: 'Learn Python',
    level: 'Beginner',
    sectionName: 'Python Basics',
    lessonTitle: 'Variables and types',
  });
  const prose = lessonSpeechText(data.title, data.content).split(/\s+/);
  const words = Array.from({ length: 1000 }, (_, i) => prose[i % prose.length]).join(' ');
  await espeakWav('Warm up.');
  const t0 = performance.now();
  const wav = await espeakWav(words);
  const ms = performance.now() - t0;
  return { ms, audioSeconds: (wav.length - 44) / wav.readUInt32LE(28) };
}

/** What a model would answer for a Python beginner: the offline lesson, its resources and the roadmap. */
export async function modelLessonAnswers() {
  const { data } = await createAi(createOfflineProvider({ streamDelayMs: 0 })).generateLessonContent({
    goal: 'Learn Python',
    level: 'Beginner',
    sectionName: 'Python Basics',
    lessonTitle: 'Variables and types',
  });
  const { source: _s, title: _t, content, ...resources } = data;
  const { data: roadmap } = await createAi(createOfflineProvider()).generateRoadmap({
    goal: 'Learn Python',
    level: 'Beginner',
    topics: [],
  });
  const { source: _r, ...roadmapAnswer } = roadmap;
  return { content, resources, roadmapAnswer };
}

export async function measureLessons(deployment: Deployment, runs: number) {
  const offline = await measureContent(deployment, runs, {});
  const { content, resources, roadmapAnswer } = await modelLessonAnswers();
  const server = await startOpenAiServer();
  // the model answers after 500 ms, then streams the lesson in 40-character pieces 10 ms apart
  server.setFallback((req) =>
    req.body?.stream
      ? { latencyMs: PROVIDER_LATENCY_MS, content, chunks: content.match(/[\s\S]{1,40}/g)!, chunkDelayMs: 10 }
      : req.body?.response_format?.json_schema?.name === 'roadmap'
        ? { content: JSON.stringify(roadmapAnswer) }
        : { latencyMs: PROVIDER_LATENCY_MS, content: JSON.stringify(resources) },
  );
  let model: Awaited<ReturnType<typeof measureContent>>;
  try {
    model = await measureContent(deployment, runs, { AI_BASE_URL: server.url, AI_API_KEY: 'bench' });
  } finally {
    await server.close();
  }
  const streamMs = Math.ceil(content.length / 40) * 10;
  const audio = await measureAudio();
  const rows: Row[] = [
    {
      area: 'Lessons',
      metric: 'content, offline: first streamed text / stored lesson',
      value: `${offline.firstMs.toFixed(0)} / ${offline.doneMs.toFixed(0)} ms`,
      note: `median of ${runs}; POST generate-content → GET content-stream; ${offline.characters} characters written at a reading pace`,
    },
    {
      area: 'Lessons',
      metric: 'content, protocol server: first streamed text / stored lesson',
      value: `${model.firstMs.toFixed(0)} / ${model.doneMs.toFixed(0)} ms`,
      note: `median of ${runs}; the model answers after ${PROVIDER_LATENCY_MS} ms and streams for ~${streamMs} ms: Mindpath adds ${(model.firstMs - PROVIDER_LATENCY_MS).toFixed(0)} ms to the first text`,
    },
    {
      area: 'Lessons',
      metric: 'audio: eSpeak NG (WASM) reading 1,000 words',
      value: `${audio.ms.toFixed(0)} ms`,
      note: `${audio.audioSeconds.toFixed(0)} s of 22.05 kHz WAV, in a worker thread`,
    },
  ];
  return { rows, results: { offline, model, audio } };
}
