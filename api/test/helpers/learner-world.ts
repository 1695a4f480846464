// A learner who owns one of every kind of resource the API addresses by id (goal, section, lesson, plan,
// knowledge and lesson assessments, job, chat turn, note, review card, chat history, media, focus session and timer
// settings, a source of the goal and one of its passages), made through the API as a learner would.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { learnerWithPlan } from './lessons.ts';

export interface LearnerWorld {
  email: string;
  headers: Record<string, string>;
  /** every id this learner owns, by kind */
  ids: Record<IdKind, string>;
  /** media paths under /api/media (no query) of this learner's goal image and lesson audio */
  mediaNames: string[];
  /** texts only this learner wrote, which no other learner's response may contain */
  secrets: string[];
}

export type IdKind =
  | 'user'
  | 'goal'
  | 'section'
  | 'lesson'
  | 'plan'
  | 'knowledgeAssessment'
  | 'lessonAssessment'
  | 'job'
  | 'chatTurn'
  | 'note'
  | 'reviewCard'
  | 'source'
  | 'passage';

export async function learnerWorld(app: FastifyInstance, tag: string): Promise<LearnerWorld> {
  const secret = `secret-${tag}-${Math.random().toString(36).slice(2)}`;
  const l = await learnerWithPlan(app, { pro: true, goal: `Beginner: Learn SQL ${secret}` });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: l.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const lesson = l.lessonIds[0]!;
  await call('POST', `/lessons/${lesson}/generate-content`);
  await call('GET', `/lessons/${lesson}/content-status?waitMs=30000`);
  await call('POST', `/lessons/${lesson}/assessment/generate`);
  await call('GET', `/lessons/${lesson}/assessment/status?waitMs=30000`);
  const lessonAssessment = await call('GET', `/lessons/${lesson}/assessment`);
  const knowledge = await call('POST', `/goals/${l.goalId}/knowledge-assessment`);
  const plan = await call('GET', `/learningplans/goal/${l.goalId}`);
  const generation = await call('GET', `/roadmaps/goal/${l.goalId}/generation`);
  // its `Question :: Answer` line is a review card
  const note = await call('POST', '/notes', {
    title: `Note ${secret}`,
    content: `Body ${secret} #${tag}\nWhat is ${secret}? :: ${secret}`,
  });
  const queue = await call('GET', '/reviews/queue');
  await call('POST', '/chat', { message: `Question ${secret}`, lessonId: lesson });
  // a streamed turn: its answer is a job followed by its id (GET /chat/stream/{id})
  const streamed = await app.inject({
    method: 'POST',
    url: '/api/chat/stream',
    headers: l.headers,
    payload: { message: `Streamed ${secret}`, lessonId: lesson },
  });
  const chatTurn = /"type":"turn","id":"([0-9a-f-]{36})"/.exec(streamed.body)?.[1];
  expect(chatTurn, streamed.body).toBeDefined();
  await call('POST', '/pomodoro/sessions', {
    clientId: `focus-${tag}-${Math.random().toString(36).slice(2)}`,
    completedAt: new Date().toISOString(),
    duration: 1500,
    notes: `Focus ${secret}`,
    lessonId: lesson,
  });
  await call('PUT', '/pomodoro/settings', {
    focusDuration: 50,
    shortBreakDuration: 10,
    longBreakDuration: 30,
    sessionsBeforeLongBreak: 2,
  });
  const added = await call('POST', `/goals/${l.goalId}/sources/text`, {
    title: `Source ${secret}`,
    text: `# Indexes ${secret}\n\nA B-tree index keeps ${secret} keys sorted.`,
  });
  let source = added;
  for (let i = 0; i < 300 && source.state === 'processing'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    source = await call('GET', `/sources/${added.id}`);
  }
  expect(source.state, JSON.stringify(source)).toBe('ready');
  const passage = (await call('GET', `/goals/${l.goalId}/sources/search?q=${secret}`)).hits[0];
  const image = await call('POST', `/goals/${l.goalId}/generate-image`);
  const audio = await call('POST', `/lessons/${lesson}/generate-audio`);
  const mediaName = (url: string) => new URL(url, 'http://x').pathname.replace(/^\/api\/media\//, '');
  return {
    email: l.email,
    headers: l.headers,
    ids: {
      user: l.id,
      goal: l.goalId,
      section: l.sections[0]!.id,
      lesson,
      plan: plan.id,
      knowledgeAssessment: knowledge.id,
      lessonAssessment: lessonAssessment.id,
      job: generation.job.id,
      chatTurn: chatTurn!,
      note: note.id,
      reviewCard: queue.cards[0].id,
      source: source.id,
      passage: passage.passageId,
    },
    mediaNames: [mediaName(image.imageUrl), mediaName(audio.audioUrl)],
    secrets: [secret],
  };
}
