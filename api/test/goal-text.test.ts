// Both goal texts the clients send ('Level: description' from the wizard, 'description (Difficulty)' from the
// settings' Goals tab) read into the same description and level; GET /user gives the active goal's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalGoalText } from '../src/modules/goals/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' });
});
afterAll(() => t.close());

describe('canonicalGoalText', () => {
  it("turns 'description (Difficulty)' into 'Difficulty: description' and leaves the rest", () => {
    expect(canonicalGoalText('Learn Go (Advanced)')).toBe('Advanced: Learn Go');
    expect(canonicalGoalText('  Cook (Thai) food  (Practitioner) ')).toBe('Practitioner: Cook (Thai) food');
    expect(canonicalGoalText('Beginner: Learn Go')).toBe('Beginner: Learn Go');
    expect(canonicalGoalText('Learn Go (for fun)')).toBe('Learn Go (for fun)');
    expect(canonicalGoalText('(Advanced)')).toBe('(Advanced)');
  });
});

describe('goal texts through the API', () => {
  it('stores both forms alike, and GET /user shows the active goal without its level', async () => {
    const { headers } = await registerLearner(t.app);
    expect((await t.api('GET', '/user', headers)).json().goalDescription).toBeNull();
    const fromTab = await t.api('POST', '/goals', headers, {
      description: 'Learn Go (Practitioner)',
      metadata: '{"level":"Practitioner"}',
    });
    expect(fromTab.statusCode, fromTab.body).toBe(201);
    expect(fromTab.json()).toMatchObject({ description: 'Practitioner: Learn Go', level: 'Practitioner' });
    expect((await t.api('GET', '/user', headers)).json().goalDescription).toBe('Learn Go');

    const changed = await t.api('PUT', `/goals/${fromTab.json().id}`, headers, {
      description: 'Learn Zig (Advanced)',
      metadata: '{"level":"Advanced"}',
    });
    expect(changed.json()).toMatchObject({ description: 'Advanced: Learn Zig', level: 'Advanced' });
    expect((await t.api('GET', '/user', headers)).json().goalDescription).toBe('Learn Zig');

    // with no metadata the level comes from the text, either form
    const { headers: other } = await registerLearner(t.app);
    const bare = await t.api('POST', '/goals', other, { description: 'Learn Rust (Advanced)' });
    expect(bare.json()).toMatchObject({ description: 'Advanced: Learn Rust', level: 'Advanced' });
  });
});
