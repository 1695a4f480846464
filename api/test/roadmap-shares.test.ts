// Sharing a roadmap by a public link through the real app: only the owner manages the link, the public read
// holds nothing private, revoking makes the link 404, a copy is a goal creation under the plan's limits, and
// /share/<slug> is served as HTML holding the roadmap (escaped) with its Open Graph tags.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMIT_MESSAGES } from '@mindpath/contracts/goals-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, lessons } from '../src/db/schema.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { type ApiCall, createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
let now = new Date('2026-05-01T09:00:00Z');
const HOUR = 3_600_000;
const api: ApiCall = (...args) => t.api(...args);
const GOAL = 'Beginner: Learn Rust <script>alert(1)</script> & friends';

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

/** A learner whose goal has 2 sections of 3 lessons, with a note's worth of private text in its lessons. */
async function owner() {
  const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3, GOAL);
  // private parts a public read must never show: a lesson's content and grade
  await t.database.db
    .update(lessons)
    .set({ content: 'PRIVATE lesson content', grade: 42, isCompleted: true, completedAt: now })
    .where(eq(lessons.id, l.lessonIds[0]!));
  return l;
}

const page = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/share/${slug}`, headers: { accept: 'text/html' } });

describe('roadmap shares', () => {
  it('is off by default; only the owner turns it on, changes and revokes it', async () => {
    const a = await owner();
    const b = await registerLearner(t.app);
    expect((await api('GET', `/goals/${a.goalId}/share`, a.headers)).json()).toBeNull();
    for (const [method, body] of [['GET'], ['PUT', {}], ['DELETE']] as const) {
      const res = await api(method, `/goals/${a.goalId}/share`, b.headers, body);
      expect(res.statusCode, `${method} by another learner`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Goal not found' });
    }
    expect((await api('PUT', `/goals/${a.goalId}/share`, {}, {})).statusCode).toBe(401);
    expect((await api('GET', `/goals/${a.goalId}/share`, a.headers)).json()).toBeNull();

    const shared = await api('PUT', `/goals/${a.goalId}/share`, a.headers, {});
    expect(shared.statusCode, shared.body).toBe(200);
    const share = shared.json();
    expect(share).toMatchObject({ showProgress: false, path: `/share/${share.slug}` });
    expect(share.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // the same link with the option changed
    const again = (await api('PUT', `/goals/${a.goalId}/share`, a.headers, { showProgress: true })).json();
    expect(again).toMatchObject({ slug: share.slug, showProgress: true });
    expect((await api('GET', `/goals/${a.goalId}/share`, a.headers)).json()).toMatchObject(again);

    const bad = await api('PUT', `/goals/${a.goalId}/share`, a.headers, { showProgress: 'yes' });
    expect(bad.statusCode).toBe(400);

    expect((await api('DELETE', `/goals/${a.goalId}/share`, a.headers)).statusCode).toBe(204);
    expect((await api('GET', `/shares/${share.slug}`, {})).statusCode).toBe(404);
    expect((await api('DELETE', `/goals/${a.goalId}/share`, a.headers)).statusCode).toBe(204);
    const renewed = (await api('PUT', `/goals/${a.goalId}/share`, a.headers, {})).json();
    expect(renewed.slug).not.toBe(share.slug);
    expect((await api('GET', `/shares/${share.slug}`, {})).statusCode).toBe(404);
    expect((await api('GET', `/shares/${renewed.slug}`, {})).statusCode).toBe(200);
  });

  it('reads publicly without a token: the goal, sections and lesson titles, progress only when shown', async () => {
    const a = await owner();
    const { slug } = (await api('PUT', `/goals/${a.goalId}/share`, a.headers, {})).json();
    const res = await api('GET', `/shares/${slug}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      slug,
      goal: 'Learn Rust <script>alert(1)</script> & friends',
      level: 'Beginner',
      sections: [1, 2].map((s) => ({
        name: `Section ${s}`,
        lessons: [1, 2, 3].map((l) => ({ title: `Lesson ${s}.${l}`, estimatedTimeInMinutes: 30 })),
      })),
    });
    for (const secret of ['PRIVATE', 'content', 'grade', a.goalId, a.userId, ...a.lessonIds])
      expect(res.body).not.toContain(secret);

    await api('PUT', `/goals/${a.goalId}/share`, a.headers, { showProgress: true });
    const withProgress = (await api('GET', `/shares/${slug}`, {})).json();
    expect(withProgress.progress).toEqual({ completedLessons: 1, totalLessons: 6, percentage: 17 });
    expect(withProgress.sections[0].lessons[0]).toEqual({
      title: 'Lesson 1.1',
      estimatedTimeInMinutes: 30,
      isCompleted: true,
    });
    expect(withProgress.sections[0].isCompleted).toBe(false);

    expect((await api('GET', '/shares/not-a-slug', {})).statusCode).toBe(404);
    const unknown = await api('GET', `/shares/${'x'.repeat(22)}`, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');

    // deleting the goal takes its link with it
    expect((await api('DELETE', `/goals/${a.goalId}`, a.headers)).statusCode).toBe(204);
    expect((await api('GET', `/shares/${slug}`, {})).statusCode).toBe(404);
  });

  it('copies a shared roadmap as a new goal, counted as a goal creation under the plan', async () => {
    const a = await owner();
    const { slug } = (await api('PUT', `/goals/${a.goalId}/share`, a.headers, { showProgress: true })).json();
    expect((await api('POST', `/shares/${slug}/copy`, {})).statusCode).toBe(401);

    const b = await registerLearner(t.app);
    const copied = await api('POST', `/shares/${slug}/copy`, b.headers);
    expect(copied.statusCode, copied.body).toBe(201);
    const { goalId } = copied.json();
    const goal = (await api('GET', `/goals/${goalId}`, b.headers)).json();
    expect(goal).toMatchObject({ description: GOAL, level: 'Beginner', isActive: true, progress: 0 });
    const plan = (await api('GET', `/learningplan/optimized-data/${goalId}`, b.headers)).json();
    expect(plan.roadmaps.map((r: { name: string }) => r.name)).toEqual(['Section 1', 'Section 2']);
    const copiedLessons = plan.roadmaps.flatMap((r: { id: string }) => plan.lessonsForRoadmaps[r.id]);
    expect(copiedLessons.map((l: { title: string }) => l.title)).toEqual([
      'Lesson 1.1',
      'Lesson 1.2',
      'Lesson 1.3',
      'Lesson 2.1',
      'Lesson 2.2',
      'Lesson 2.3',
    ]);
    // the owner's completion, content and grade stay theirs: the copy's lessons are written when opened
    const own = await t.database.db.select().from(goals).where(eq(goals.id, goalId));
    const bLessons = await t.database.db.select().from(lessons).where(eq(lessons.userId, own[0]!.userId));
    expect(bLessons).toHaveLength(6);
    for (const l of bLessons) expect(l).toMatchObject({ isCompleted: false, content: null, grade: null });
    // the owner's roadmap is untouched
    const aPlan = (await api('GET', `/learningplan/optimized-data/${a.goalId}`, a.headers)).json();
    expect(aPlan.roadmaps).toHaveLength(2);

    // free: a second goal in progress is refused with the spec's body, and nothing is made
    const refused = await api('POST', `/shares/${slug}/copy`, b.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: LIMIT_MESSAGES.freeGoalsInProgress,
      currentCount: 1,
      maxRequests: 1,
    });
    expect((await api('GET', '/goals', b.headers)).json()).toHaveLength(1);

    // the creation was counted: with the goal deleted, the 3-day window still refuses
    expect((await api('DELETE', `/goals/${goalId}`, b.headers)).statusCode).toBe(204);
    const windowed = await api('POST', `/shares/${slug}/copy`, b.headers);
    expect(windowed.statusCode).toBe(429);
    expect(windowed.json()).toMatchObject({ code: 'PLAN_LIMIT', message: LIMIT_MESSAGES.goalCreation });
    now = new Date(now.getTime() + 73 * HOUR);
    expect((await api('POST', `/shares/${slug}/copy`, b.headers)).statusCode).toBe(201);

    // Pro: copies beside other goals
    const c = await registerLearner(t.app);
    await setTierByEmail(t.database.db, c.email, 'pro');
    expect((await api('POST', '/goals', c.headers, { description: 'Beginner: Cook' })).statusCode).toBe(201);
    expect((await api('POST', `/shares/${slug}/copy`, c.headers)).statusCode).toBe(201);
    expect((await api('POST', `/shares/${slug}/copy`, c.headers)).statusCode).toBe(201);
    expect((await api('GET', '/goals', c.headers)).json()).toHaveLength(3);

    await api('DELETE', `/goals/${a.goalId}/share`, a.headers);
    expect((await api('POST', `/shares/${slug}/copy`, c.headers)).statusCode).toBe(404);
  });

  it('serves /share/<slug> as HTML in the public layout with the roadmap and its Open Graph tags', async () => {
    const a = await owner();
    const { slug } = (await api('PUT', `/goals/${a.goalId}/share`, a.headers, {})).json();
    expect((await page(slug)).statusCode).toBe(503); // no shell built yet

    // the shell's page and the prerendered About page, as the build writes them (their shape)
    const dist = t.config.shellDist;
    mkdirSync(join(dist, 'prerendered'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Mindpath</title></head><body><div id="root"><div class="boot"><div class="boot-mark"></div><span>Loading Mindpath…</span></div></div></body></html>',
    );
    const fromIndex = await page(slug);
    expect(fromIndex.statusCode).toBe(200);
    expect(fromIndex.body).toContain('<h1');
    expect(fromIndex.body).not.toContain('Loading Mindpath');

    writeFileSync(
      join(dist, 'prerendered', 'about.html'),
      '<!doctype html><html><head><title>About Mindpath</title><meta name="description" content="About"><meta property="og:type" content="website"><meta property="og:title" content="About Mindpath"><meta name="twitter:card" content="summary"><style>.x{}</style></head><body><div id="root" data-prerendered="/about"><div><header><nav><a aria-current="page" class="l active" href="/about">About</a></nav></header><main id="main" class="m"><h1>About Mindpath</h1></main><footer>© Mindpath</footer></div></div></body></html>',
    );
    const res = await page(slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(`data-prerendered="/share/${slug}"`);
    expect(html).toContain('<footer>© Mindpath</footer>');
    expect(html).not.toContain('About Mindpath');
    expect(html).not.toContain('aria-current');
    expect(html).toContain(
      '<title>Learn Rust &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends — a shared roadmap on Mindpath</title>',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Learn Rust &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends — a shared roadmap on Mindpath">',
    );
    expect(html).toMatch(
      /<meta property="og:description" content="A beginner learning roadmap: 2 sections and 6 lessons/,
    );
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/share/${slug}">`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Lesson 2.3');
    expect(html).toContain('Use this roadmap');
    expect(html).not.toContain('PRIVATE');

    await api('DELETE', `/goals/${a.goalId}/share`, a.headers);
    const gone = await page(slug);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Roadmap not found');
    expect(gone.body).not.toContain('Lesson 2.3');
    expect((await page('not-a-slug')).statusCode).toBe(404);
  });
});
