// A learner with a generated plan (through the API), and a reader of server-sent events over real HTTP.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sseData } from '../../src/ai/openai.ts';
import type { Db } from '../../src/db/client.ts';
import { planLessonsOfGoal, replaceRoadmap } from '../../src/modules/roadmaps/repository.ts';
import { setTierByEmail } from '../../src/modules/subscriptions/service.ts';
import { registerLearner } from './app.ts';

export interface PlannedLearner {
  id: string;
  email: string;
  headers: Record<string, string>;
  goalId: string;
  /** every lesson of the plan, in plan order */
  lessonIds: string[];
  /** the lessons of each section, in order */
  sections: { id: string; lessonIds: string[] }[];
}

export async function learnerWithPlan(
  app: FastifyInstance,
  options: { pro?: boolean; goal?: string } = {},
): Promise<PlannedLearner> {
  const l = await registerLearner(app);
  if (options.pro) await setTierByEmail(app.db, l.email, 'pro');
  const id = (await app.inject({ url: '/api/user', headers: l.headers })).json().id as string;
  const goal = await app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: l.headers,
    payload: { description: options.goal ?? 'Beginner: Learn Python', metadata: '{"level":"Beginner"}' },
  });
  expect(goal.statusCode, goal.body).toBe(201);
  const goalId = goal.json().id as string;
  const started = await app.inject({
    method: 'POST',
    url: `/api/roadmaps/${id}/${goalId}`,
    headers: l.headers,
    payload: {},
  });
  expect(started.statusCode, started.body).toBe(202);
  const status = (
    await app.inject({ url: `/api/roadmaps/goal/${goalId}/generation?waitMs=30000`, headers: l.headers })
  ).json();
  expect(status.job?.status, JSON.stringify(status.job)).toBe('succeeded');
  const data = (
    await app.inject({ url: `/api/learningplan/optimized-data/${goalId}`, headers: l.headers })
  ).json();
  const sections = (data.roadmaps as { id: string }[]).map((r) => ({
    id: r.id,
    lessonIds: (data.lessonsForRoadmaps[r.id] as { id: string }[]).map((x) => x.id),
  }));
  return {
    id,
    email: l.email,
    headers: l.headers,
    goalId,
    sections,
    lessonIds: sections.flatMap((s) => s.lessonIds),
  };
}

export interface SseEvent {
  type: string;
  [key: string]: unknown;
}

/** Reads a whole event stream with fetch over a real socket. */
export function readSse(url: string, headers: Record<string, string>, init: RequestInit = {}) {
  return readSseUntil(url, headers, init, () => false);
}

/**
 * Reads an event stream over a real socket until `enough` holds for the events so far, then cuts the
 * connection as a client (or a dying instance) would; to its end when `enough` never holds.
 */
export async function readSseUntil(
  url: string,
  headers: Record<string, string>,
  init: RequestInit,
  enough: (events: SseEvent[]) => boolean,
): Promise<{ status: number; contentType: string | null; events: SseEvent[] }> {
  const cut = new AbortController();
  const res = await fetch(url, {
    ...init,
    headers: { ...headers, ...(init.headers as object) },
    signal: cut.signal,
  });
  const events: SseEvent[] = [];
  const contentType = res.headers.get('content-type');
  if (!res.body || !contentType?.startsWith('text/event-stream')) {
    return { status: res.status, contentType, events };
  }
  try {
    for await (const data of sseData(res.body)) {
      events.push({ ...(JSON.parse(data) as SseEvent), at: Date.now() });
      if (enough(events)) {
        cut.abort();
        break;
      }
    }
  } catch (err) {
    if (!cut.signal.aborted) throw err;
  }
  return { status: res.status, contentType, events };
}

/** The text the deltas of a stream add up to. */
export function applyDeltas(events: SseEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.type !== 'delta') continue;
    text = e.reset ? (e.text as string) : text + (e.text as string);
  }
  return text;
}

/**
 * A new learner whose active goal has `sections` × `lessonsEach` lessons, written straight to the database
 * (no generation job): 'Lesson s.l' in 'Section s'.
 */
export async function learnerWithRoadmap(
  app: FastifyInstance,
  db: Db,
  sections: number,
  lessonsEach: number,
  goal = 'Beginner: Learn Rust',
) {
  const learner = await registerLearner(app);
  const userId = (await app.inject({ url: '/api/user', headers: learner.headers })).json().id as string;
  const created = await app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: learner.headers,
    payload: { description: goal },
  });
  expect(created.statusCode, created.body).toBe(201);
  const goalId = created.json().id as string;
  const generated = Array.from({ length: sections }, (_, s) => ({
    name: `Section ${s + 1}`,
    description: `About section ${s + 1}`,
    lessons: Array.from({ length: lessonsEach }, (_, l) => ({
      title: `Lesson ${s + 1}.${l + 1}`,
      summary: 'A lesson',
      estimatedTimeInMinutes: 30,
    })),
  }));
  await db.transaction((tx) => replaceRoadmap(tx, userId, goalId, generated, 'offline'));
  const lessonIds = (await planLessonsOfGoal(db, goalId)).map((l) => l.id);
  return { headers: learner.headers, userId, goalId, lessonIds };
}
