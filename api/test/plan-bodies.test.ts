// The plan body the database keeps per goal (migration 0009, plan-body.ts): every write to a goal's sections,
// lessons or assessments moves its version, whichever code makes it; a body is kept only as the version it
// was built from; and a goal's deletion goes through its triggers.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJobs, goals, lessonAssessments, lessons, planBodies, roadmaps } from '../src/db/schema.ts';
import { buildPlanBody } from '../src/modules/learning-plans/plan-body.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' });
});
afterAll(() => t.close());

const versionOf = async (goalId: string) => {
  const [row] = await t.database.db
    .select({ version: planBodies.version })
    .from(planBodies)
    .where(eq(planBodies.goalId, goalId));
  return row?.version ?? 0;
};

/** The body kept as that version's, if any. */
const keptBody = async (goalId: string, version: number) => {
  const [row] = await t.database.db
    .select({
      stats: planBodies.stats,
      sections: planBodies.sections,
      lessonsBySection: planBodies.lessonsBySection,
      firstOpenLesson: planBodies.firstOpenLesson,
    })
    .from(planBodies)
    .where(and(eq(planBodies.goalId, goalId), eq(planBodies.bodyVersion, version)));
  return row;
};

const planOf = (sections: number, lessonsEach: number) =>
  learnerWithRoadmap(t.app, t.database.db, sections, lessonsEach);

const read = (plan: { headers: Record<string, string>; goalId: string }) =>
  t.app.inject({ url: `/api/learningplan/optimized-data/${plan.goalId}`, headers: plan.headers });

describe('plan versions, counted by the database', () => {
  it('move with every write to a section, a lesson or an assessment, and the next read shows it', async () => {
    const plan = await planOf(2, 2);
    const db = t.database.db;
    const [sectionA, sectionB] = (await read(plan)).json().roadmaps.map((r: { id: string }) => r.id);
    const lessonId = plan.lessonIds[0]!;
    let before = await versionOf(plan.goalId);
    const moves = async (what: string, write: () => Promise<unknown>) => {
      await write();
      const now = await versionOf(plan.goalId);
      expect(now, what).toBeGreaterThan(before);
      before = now;
      return (await read(plan)).json();
    };

    expect(
      (
        await moves('section renamed', () =>
          db.update(roadmaps).set({ name: 'Renamed' }).where(eq(roadmaps.id, sectionA)),
        )
      ).roadmaps[0].name,
    ).toBe('Renamed');
    expect(
      (
        await moves('lesson retitled', () =>
          db.update(lessons).set({ title: 'Retitled' }).where(eq(lessons.id, lessonId)),
        )
      ).lessonsForRoadmaps[sectionA][0].title,
    ).toBe('Retitled');
    const [assessment] = await db
      .insert(lessonAssessments)
      .values({ userId: plan.userId, lessonId, questions: [], source: 'offline' })
      .returning();
    before = await versionOf(plan.goalId);
    expect(
      (
        await moves('assessment submitted', () =>
          db
            .update(lessonAssessments)
            .set({ submission: { score: 80 } })
            .where(eq(lessonAssessments.id, assessment!.id)),
        )
      ).lessonsForRoadmaps[sectionA][0].lessonAssessment,
    ).toEqual({ id: assessment!.id, score: 80 });
    expect(
      (
        await moves('assessment removed', () =>
          db.delete(lessonAssessments).where(eq(lessonAssessments.id, assessment!.id)),
        )
      ).lessonsForRoadmaps[sectionA][0].lessonAssessment,
    ).toBeNull();
    expect(
      (await moves('lesson removed', () => db.delete(lessons).where(eq(lessons.id, lessonId))))
        .lessonsForRoadmaps[sectionA],
    ).toHaveLength(1);
    expect(
      (
        await moves('section removed, its lessons with it', () =>
          db.delete(roadmaps).where(eq(roadmaps.id, sectionB)),
        )
      ).goal.goalProgress.totalLessons,
    ).toBe(1);
  });

  it("a section moved to another goal moves both goals' versions", async () => {
    const from = await planOf(2, 1);
    const to = await planOf(1, 1);
    const [section] = (await read(from)).json().roadmaps;
    const [fromBefore, toBefore] = [await versionOf(from.goalId), await versionOf(to.goalId)];
    await t.database.db.update(roadmaps).set({ goalId: to.goalId }).where(eq(roadmaps.id, section.id));
    expect(await versionOf(from.goalId)).toBeGreaterThan(fromBefore);
    expect(await versionOf(to.goalId)).toBeGreaterThan(toBefore);
  });

  it('move when a roadmap generation starts and ends, which the plan shows as isGenerating', async () => {
    const plan = await planOf(1, 1);
    const user = (await t.app.inject({ url: '/api/user', headers: plan.headers })).json();
    let before = await versionOf(plan.goalId);
    const generating = async (what: string, expected: boolean) => {
      const now = await versionOf(plan.goalId);
      expect(now, what).toBeGreaterThan(before);
      before = now;
      expect((await read(plan)).json().isGenerating, what).toBe(expected);
    };
    // the worker is off in this app: the job stays queued
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/roadmaps/${user.id}/${plan.goalId}`,
      headers: plan.headers,
    });
    expect(started.statusCode, started.body).toBe(202);
    await generating('queued', true);
    const job = eq(generationJobs.target, plan.goalId);
    // a claim and a claim given back leave the job live: the plan's row is not even locked (an upsert
    // that changes nothing still locks its row, which sets its xmax)
    const xmax = async () =>
      (
        await t.database.db
          .select({ xmax: sql<string>`xmax::text` })
          .from(planBodies)
          .where(eq(planBodies.goalId, plan.goalId))
      )[0]?.xmax;
    const untouched = await xmax();
    await t.database.db.update(generationJobs).set({ status: 'running' }).where(job);
    expect(await versionOf(plan.goalId), 'running is still generating').toBe(before);
    await t.database.db.update(generationJobs).set({ status: 'queued' }).where(job);
    expect(await versionOf(plan.goalId), 'given back to the queue, still generating').toBe(before);
    await t.database.db.update(generationJobs).set({ status: 'running' }).where(job);
    expect(await xmax(), 'claims leave the plan alone').toBe(untouched);
    await t.database.db.update(generationJobs).set({ status: 'failed' }).where(job);
    await generating('failed', false);
    await t.database.db.update(generationJobs).set({ status: 'queued' }).where(job);
    await generating('queued again', true);
    await t.database.db.delete(generationJobs).where(job);
    await generating('removed', false);
  });

  it('a goal with its plan and kept body deletes cleanly', async () => {
    const plan = await planOf(2, 2);
    expect((await read(plan)).statusCode).toBe(200);
    await t.database.db.delete(goals).where(eq(goals.id, plan.goalId));
    expect(await versionOf(plan.goalId)).toBe(0);
    expect((await read(plan)).statusCode).toBe(404);
  });
});

describe('keeping a body', () => {
  it('keeps it as the version it was built from, and not when the plan changed in between', async () => {
    const plan = await planOf(1, 2);
    const db = t.database.db;
    const version = await versionOf(plan.goalId);
    // built from an older version than the plan's now: a write came between reading the version and keeping
    await buildPlanBody(db, plan.goalId, version - 1, t.app.log);
    expect(await keptBody(plan.goalId, version - 1)).toBeUndefined();
    expect(await keptBody(plan.goalId, version)).toBeUndefined();
    const built = await buildPlanBody(db, plan.goalId, version, t.app.log);
    expect(await keptBody(plan.goalId, version)).toEqual(built);
  });

  it('a goal whose plan was never written is read, and its empty body kept', async () => {
    const { headers } = await registerLearner(t.app);
    const goal = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers,
      payload: { description: 'Beginner: Learn Go' },
    });
    const plan = { headers, goalId: goal.json().id as string };
    const res = await read(plan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roadmaps: [], lessonsForRoadmaps: {}, firstUncompletedLesson: null });
    expect(await keptBody(plan.goalId, 0)).toMatchObject({ sections: '[]' });
  });
});
