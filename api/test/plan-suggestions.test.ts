// "Suggest one" through the real app on the offline provider: a lesson the plan does not have, placed after
// the milestone's last lesson, another when the first is passed over; counted as a lesson generation (free:
// 1 per 24 hours, then the plan limit's 429; Pro: no limit); the owner's only; nothing added to the plan.
import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' });
});
afterAll(() => t.close());

async function learner() {
  const l = await learnerWithRoadmap(t.app, t.database.db, 2, 3, 'Beginner: Learn SQL');
  const plan = (await t.api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json();
  const suggest = (sectionId: string, exclude?: string[]) =>
    t.api('POST', `/roadmaps/${sectionId}/suggestion`, l.headers, exclude ? { exclude } : {});
  return { ...l, plan, suggest, section: plan.roadmaps[0].id as string };
}

describe('Suggest one', () => {
  it('proposes a lesson the plan does not have, last in its milestone, and adds nothing', async () => {
    const l = await learner();
    const res = await l.suggest(l.section);
    expect(res.statusCode, res.body).toBe(200);
    const suggestion = res.json();
    const titles = Object.values(l.plan.lessonsForRoadmaps)
      .flat()
      .map((x) => (x as { title: string }).title);
    expect(suggestion).toMatchObject({ roadmapId: l.section, index: 3, source: 'offline' });
    expect(suggestion.title.length).toBeGreaterThan(0);
    expect(titles).not.toContain(suggestion.title);
    expect(suggestion.estimatedTimeInMinutes).toBeGreaterThan(0);
    const after = (await t.api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json();
    expect(after.lessonsForRoadmaps).toEqual(l.plan.lessonsForRoadmaps);
  });

  it('counts as a lesson generation: a free learner’s second within 24 hours is refused; Pro has no limit', async () => {
    const l = await learner();
    const first = await l.suggest(l.section);
    expect(first.statusCode).toBe(200);
    const second = await l.suggest(l.section, [first.json().title]);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'PLAN_LIMIT', maxRequests: 1 });
    const { email } = (await t.api('GET', '/user', l.headers)).json();
    await setTierByEmail(t.database.db, email, 'pro');
    const pro = await l.suggest(l.section, [first.json().title]);
    expect(pro.statusCode, pro.body).toBe(200);
    // passed over, so another
    expect(pro.json().title).not.toBe(first.json().title);
  });

  it('says so in the learner’s words when nothing new is left to suggest', async () => {
    const l = await learner();
    const { email } = (await t.api('GET', '/user', l.headers)).json();
    await setTierByEmail(t.database.db, email, 'pro');
    const seen: string[] = [];
    let res = await l.suggest(l.section);
    for (let i = 0; i < 20 && res.statusCode === 200; i++) {
      seen.push(res.json().title);
      res = await l.suggest(l.section, seen);
    }
    expect(res.statusCode, `${seen.length} suggested, then ${res.body}`).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_SUGGESTION', message: PLAN_EDIT_MESSAGES.noSuggestion });
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('is the owner’s only, and validated', async () => {
    const l = await learner();
    const other = await registerLearner(t.app);
    const theirs = await t.api('POST', `/roadmaps/${l.section}/suggestion`, other.headers, {});
    expect(theirs.statusCode).toBe(404);
    const tooMany = await l.suggest(
      l.section,
      Array.from({ length: 21 }, (_, i) => `t${i}`),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});
