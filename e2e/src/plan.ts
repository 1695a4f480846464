// A learner's goal and roadmap set up through the real API (spec 1 §7 calls), for the roadmap suites.
import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';
import type { APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { type Learner, registerLearner } from './learner.ts';

export class Api {
  readonly #request: APIRequestContext;
  readonly #baseUrl: string;
  readonly #token: string;
  constructor(request: APIRequestContext, baseUrl: string, token: string) {
    this.#request = request;
    this.#baseUrl = baseUrl;
    this.#token = token;
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const res = await this.#request.fetch(`${this.#baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.#token}` },
      ...(data === undefined ? {} : { data }),
      timeout: 90_000,
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** POST /goals with the 'Level: description' text and the level in metadata (spec 1 §3). */
  async createGoal(description: string, level = 'Beginner'): Promise<string> {
    const goal = await this.call<{ id: string }>('POST', '/goals', {
      description: `${level}: ${description}`,
      metadata: JSON.stringify({ level }),
    });
    return goal.id;
  }

  /** POST /roadmaps/{userId}/{goalId}, then waits on the generation job until it has finished. */
  async generateRoadmap(goalId: string): Promise<OptimizedPlanData> {
    const user = await this.call<{ id: string }>('GET', '/user');
    await this.call('POST', `/roadmaps/${user.id}/${goalId}`);
    for (;;) {
      const status = await this.call<{ isGenerating: boolean; job: { status: string } | null }>(
        'GET',
        `/roadmaps/goal/${goalId}/generation?waitMs=20000`,
      );
      if (!status.isGenerating) {
        if (status.job?.status !== 'succeeded') throw new Error(`roadmap job ${status.job?.status}`);
        break;
      }
    }
    return this.planData(goalId);
  }

  planData(goalId: string): Promise<OptimizedPlanData> {
    return this.call('GET', `/learningplan/optimized-data/${goalId}`);
  }

  completeLesson(id: string): Promise<unknown> {
    return this.call('PUT', `/roadmaps/items/${id}/completion`, { isCompleted: true });
  }

  /** Writes a lesson's content as opening it would, and waits for the job. */
  async writeLesson(id: string): Promise<void> {
    await this.call('POST', `/lessons/${id}/generate-content`);
    await this.call('GET', `/lessons/${id}/content-status?waitMs=60000`);
  }

  /** Pro through the sandbox's hosted checkout with the test card, as the billing suite pays in the browser. */
  async becomePro(): Promise<void> {
    const session = await this.call<{ url: string }>('POST', '/subscriptions/create-checkout-session');
    const paid = await this.#request.post(new URL(session.url, this.#baseUrl).href, {
      form: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' },
      maxRedirects: 0,
    });
    if (paid.status() !== 303) throw new Error(`sandbox checkout: ${paid.status()}`);
    const { tier } = await this.call<{ tier: string }>('GET', '/subscriptions/status');
    if (tier !== 'pro') throw new Error(`after checkout the plan is ${tier}`);
  }
}

export const apiFor = (request: APIRequestContext, baseUrl: string, learner: Learner) =>
  new Api(request, baseUrl, learner.token);

/** A plan's lessons in order, section by section. */
export const lessonsOf = (plan: OptimizedPlanData) =>
  plan.roadmaps.flatMap((s) => plan.lessonsForRoadmaps[s.id] ?? []);

/** A new learner with a goal (learning Rust) and its generated roadmap, made through the API. */
export async function learnerWithRoadmap(request: APIRequestContext) {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn the Rust programming language');
  return { learner, api, goalId, plan: await api.generateRoadmap(goalId) };
}
