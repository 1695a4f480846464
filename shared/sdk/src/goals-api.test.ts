// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentsApi } from './assessments-api.ts';
import { RateLimitError } from './errors.ts';
import { goalCreateBody, goalsApi, goalTitle } from './goals-api.ts';
import { configureSdk } from './http.ts';
import { roadmapJobResult } from './roadmap-job-result.ts';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const GOAL_ID = '6f1c2a8e-3b7d-4c1e-9a2f-0d5e8b7c6a41';
const goal = {
  Id: GOAL_ID,
  Description: 'Beginner: Learn SQL',
  Metadata: '{"level":"Beginner"}',
  Level: 'Beginner',
  ImageUrl: null,
  IsActive: true,
  IsCompleted: false,
  CompletedAt: null,
  Progress: 0,
  GoalProgress: { CompletionPercentage: 0, CompletedLessons: 0, TotalLessons: 0 },
  CreatedAt: '2026-01-01T00:00:00.000Z',
  UpdatedAt: '2026-01-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  configureSdk({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '/api' });
});

const sent = (i = 0) => {
  const [url, init] = fetchMock.mock.calls[i] as [string, RequestInit];
  return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
};

describe('goalsApi', () => {
  it("creates goals as 'Level: description' with the level in metadata", async () => {
    fetchMock.mockResolvedValue(json(201, goal));
    const created = await goalsApi.create('  Learn SQL ', 'Beginner');
    expect(sent()).toEqual({
      url: '/api/goals',
      method: 'POST',
      body: { description: 'Beginner: Learn SQL', metadata: '{"level":"Beginner"}' },
    });
    expect(created.goalProgress.totalLessons).toBe(0);
    expect(goalCreateBody('x', 'Advanced').description).toBe('Advanced: x');
  });

  it('turns a plan-limit 429 into a typed RateLimitError', async () => {
    fetchMock.mockResolvedValue(
      json(429, {
        message: 'You can create 1 goal every 3 days with your current plan.',
        hoursUntilReset: 70,
        subscriptionMessage: 'Upgrade',
        currentCount: 1,
        maxRequests: 1,
        code: 'PLAN_LIMIT',
      }),
    );
    const err = await goalsApi.create('x', 'Beginner').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, hoursUntilReset: 70, currentCount: 1, maxRequests: 1 });
  });

  it('answers null for no active goal', async () => {
    fetchMock.mockResolvedValue(
      json(404, { message: 'No active goal found. Please create a goal first.', code: 'NO_ACTIVE_GOAL' }),
    );
    expect(await goalsApi.active()).toBeNull();
  });

  it('strips the level prefix for display', () => {
    expect(goalTitle('Practitioner: Rust async')).toBe('Rust async');
    expect(goalTitle('Rust async')).toBe('Rust async');
  });
});

describe('assessmentsApi', () => {
  it("parses questions sent as JSON text, with the 'General Knowledge' fallback", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        id: GOAL_ID,
        goalId: GOAL_ID,
        goalDescription: 'Learn SQL',
        level: 'Beginner',
        questions: JSON.stringify([{ question: 'What is a JOIN?' }]),
        source: 'offline',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    const a = await assessmentsApi.createForGoal(GOAL_ID);
    expect(sent().url).toBe(`/api/assessments/knowledge/create-for-goal/${GOAL_ID}`);
    expect(a.questions.topics[0]?.title).toBe('General Knowledge');
  });
});

describe('roadmapJobResult', () => {
  it("reads a finished roadmap job's sections, lessons and source", () => {
    const job = {
      id: GOAL_ID,
      kind: 'roadmap',
      target: GOAL_ID,
      status: 'succeeded' as const,
      attempts: 1,
      error: null,
      result: { title: 'SQL', sections: 5, lessons: 20, source: 'offline', model: null },
      createdAt: 'x',
      updatedAt: 'x',
      startedAt: null,
      finishedAt: null,
    };
    expect(roadmapJobResult(job)).toEqual({ title: 'SQL', sections: 5, lessons: 20, source: 'offline' });
    expect(roadmapJobResult({ ...job, result: { source: 'elsewhere' } })).toBeNull();
    expect(roadmapJobResult(null)).toBeNull();
  });
});
