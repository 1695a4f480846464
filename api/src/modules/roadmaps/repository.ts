import type { GeneratedLesson, GeneratedSection } from '@mindpath/contracts/ai';
import type { SourceSpan } from '@mindpath/contracts/citations';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { namedStatement, tableRow } from '../../db/named-statements.ts';
import {
  generationJobs,
  goals,
  type learningPlans,
  lessonAssessments,
  lessons,
  planEdits,
  roadmaps,
  subscriptions,
  usageEvents,
  users,
} from '../../db/schema.ts';

export type RoadmapRow = typeof roadmaps.$inferSelect;

/** A lesson to write: generated, or built from the material with the passages it covers. */
export type NewLesson = GeneratedLesson & { span?: SourceSpan | null };
/** A section to write with its lessons. */
export type NewSection = Omit<GeneratedSection, 'lessons'> & { lessons: NewLesson[] };
export type LessonRow = typeof lessons.$inferSelect;

export async function findOwnRoadmap(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<RoadmapRow | undefined> {
  const [row] = await db
    .select()
    .from(roadmaps)
    .where(and(eq(roadmaps.id, id), eq(roadmaps.userId, userId)))
    .limit(1);
  return row;
}

const sectionsOfGoal = (db: Db | Tx, goalId: string) =>
  db
    .select()
    .from(roadmaps)
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(roadmaps.createdAt));

export async function roadmapsOfGoal(db: Db | Tx, goalId: string): Promise<RoadmapRow[]> {
  return sectionsOfGoal(db, goalId);
}

export async function lessonsOfRoadmap(db: Db | Tx, roadmapId: string): Promise<LessonRow[]> {
  return db.select().from(lessons).where(eq(lessons.roadmapId, roadmapId)).orderBy(asc(lessons.position));
}

/**
 * A lesson as a plan lists it (spec 1 §3 "Lesson (in a plan)"): no content, media or resources, which the
 * roadmap screen never shows; its assessment's id and, once submitted, the score.
 */
const planLessonColumns = {
  id: lessons.id,
  title: lessons.title,
  summary: lessons.summary,
  roadmapId: lessons.roadmapId,
  position: lessons.position,
  isCompleted: lessons.isCompleted,
  completedAt: lessons.completedAt,
  grade: lessons.grade,
  estimatedTimeInMinutes: lessons.estimatedTimeInMinutes,
  updatedAt: lessons.updatedAt,
  assessmentId: lessonAssessments.id,
  assessmentScore: sql<number | null>`(${lessonAssessments.submission} ->> 'score')::int`,
  // as the plan body counts them (learning-plans/plan-body.ts)
  exercisesTotal: sql<number>`(select count(*) from exercises e
    where e.lesson_id = lessons.id and e.hidden_at is null)::int`,
  exercisesDone: sql<number>`(select count(*) from exercises e where e.lesson_id = lessons.id
    and e.hidden_at is null and exists (select 1 from exercise_attempts x where x.exercise_id = e.id and x.passed))::int`,
};

function planLessons(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(planLessonColumns)
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .leftJoin(lessonAssessments, eq(lessonAssessments.lessonId, lessons.id))
    .where(where)
    .orderBy(asc(roadmaps.position), asc(lessons.position));
}

export type PlanLessonRow = Awaited<ReturnType<typeof planLessons>>[number];

/** Every lesson of a goal's sections in one query, in section then lesson order. */
export const planLessonsOfGoal = (db: Db | Tx, goalId: string) =>
  planLessons(db, eq(roadmaps.goalId, goalId));

export const planLessonsOfRoadmap = (db: Db | Tx, roadmapId: string) =>
  planLessons(db, eq(lessons.roadmapId, roadmapId));

export async function findPlanLesson(db: Db | Tx, id: string): Promise<PlanLessonRow | undefined> {
  const [row] = await planLessons(db, eq(lessons.id, id));
  return row;
}

export async function findOwnLesson(db: Db | Tx, userId: string, id: string): Promise<LessonRow | undefined> {
  const [row] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.userId, userId)))
    .limit(1);
  return row;
}

export async function insertLessons(
  db: Db | Tx,
  userId: string,
  roadmapId: string,
  items: NewLesson[],
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(lessons).values(
    items.map((l, i) => ({
      userId,
      roadmapId,
      position: i,
      title: l.title,
      summary: l.summary,
      estimatedTimeInMinutes: l.estimatedTimeInMinutes,
      sourceSpan: l.span ?? null,
    })),
  );
}

/** A roadmap's sections and lessons as the JSON rows its insert reads (json_to_recordset). */
function roadmapRows(sections: NewSection[]) {
  const sectionRows = sections.map((s, i) => ({ position: i, name: s.name, content: s.description }));
  const lessonRows = sections.flatMap((s, section) =>
    s.lessons.map((l, position) => ({
      section,
      position,
      title: l.title,
      summary: l.summary,
      minutes: l.estimatedTimeInMinutes,
      span: l.span ?? null,
    })),
  );
  return { sections: JSON.stringify(sectionRows), lessons: JSON.stringify(lessonRows) };
}

/** PGlite answers { rows }, postgres-js the rows themselves. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

/**
 * Replaces a goal's roadmap with generated sections and their lessons (progress starts over); answers the
 * new sections' ids in order. The sections and lessons go in one statement, each list as one JSON parameter:
 * on PGlite a statement's parameters cost more than its rows (a roadmap's lessons as seven parameters each
 * took twice the time of the same rows from JSON), and one statement fires the tables' triggers once.
 */
export async function replaceRoadmap(
  tx: Tx,
  userId: string,
  goalId: string,
  sections: NewSection[],
  source: string,
): Promise<string[]> {
  await tx.delete(roadmaps).where(eq(roadmaps.goalId, goalId));
  if (sections.length === 0) return [];
  const rows = roadmapRows(sections);
  const result = await tx.execute<{ id: string }>(sql`
    with sections as (
      insert into ${roadmaps} (user_id, goal_id, position, name, content, source)
      select ${userId}::uuid, ${goalId}::uuid, s.position, s.name, s.content, ${source}::text
      from json_to_recordset(${rows.sections}::json) as s(position integer, name text, content text)
      returning id, position
    ), added as (
      insert into ${lessons} (user_id, roadmap_id, position, title, summary, estimated_time_in_minutes, source_span)
      select ${userId}::uuid, sections.id, l.position, l.title, l.summary, l.minutes, l.span
      from json_to_recordset(${rows.lessons}::json)
        as l(section integer, position integer, title text, summary text, minutes integer, span jsonb)
      join sections on sections.position = l.section
    ), closed as (
      -- a new roadmap closes the old one's edit history: its changes no longer have anything to take back
      delete from ${planEdits} where goal_id = ${goalId}::uuid
    )
    select id from sections order by position`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export interface GeneratedRoadmap {
  userId: string;
  goalId: string;
  sections: NewSection[];
  source: string;
  /** the roadmap follows the goal's material, so a roadmap generated again follows it again */
  fromMaterial: boolean;
  /** kept on the goal's plan when given */
  assessmentResults: string | null;
  /** when the generation counts against the plan's limit */
  usedAt: Date;
}

const storeRoadmap = namedStatement<{ found: boolean }>(
  'roadmap_store_generated',
  `with goal as (
     update goals set from_material = $3 where id = $2::uuid and user_id = $1::uuid
     returning id
   ), old as (
     delete from roadmaps where goal_id = (select id from goal)
   ), sections as (
     insert into roadmaps (user_id, goal_id, position, name, content, source)
     select $1::uuid, goal.id, s.position, s.name, s.content, $6::text
     from goal, json_to_recordset($4::json) as s(position integer, name text, content text)
     returning id, position
   ), added as (
     insert into lessons (user_id, roadmap_id, position, title, summary, estimated_time_in_minutes, source_span)
     select $1::uuid, sections.id, l.position, l.title, l.summary, l.minutes, l.span
     from json_to_recordset($5::json)
       as l(section integer, position integer, title text, summary text, minutes integer, span jsonb)
     join sections on sections.position = l.section
   ), closed as (
     -- a new roadmap closes the old one's edit history: its changes no longer have anything to take back
     delete from plan_edits where goal_id = (select id from goal)
   ), plan as (
     update learning_plans
     set roadmap_id = (select id from sections order by position limit 1), completion_status = null,
       assessment_results = coalesce(nullif($7::text, ''), assessment_results)
     where goal_id = (select id from goal)
     returning id
   ), new_plan as (
     insert into learning_plans (user_id, goal_id, roadmap_id, assessment_results)
     select $1::uuid, goal.id, (select id from sections order by position limit 1), $7::text
     from goal where not exists (select 1 from plan)
   ), used as (
     insert into usage_events (user_id, kind, created_at)
     select $1::uuid, 'roadmap_generation', $8::timestamptz from goal
   )
   select exists (select 1 from goal) as found`,
  // planning this statement took 5-6 ms on PGlite, twice its run; its parameters never change the plan
  { genericPlan: true },
);

/**
 * Stores a generated roadmap in one statement: the goal (the learner's, still there) takes the roadmap's
 * origin, its old sections go (their lessons with them) and the new ones come in with their lessons, its
 * edit history closes, its plan points at the first new section (created when missing) and the generation
 * is counted. These were seven statements in the job's transaction, each a round trip that an embedded
 * database runs in turn on the way to the learner, who waits for the roadmap. Answers false, having
 * written nothing, when the goal is no longer the learner's.
 */
export async function storeGeneratedRoadmap(tx: Tx, r: GeneratedRoadmap): Promise<boolean> {
  const rows = roadmapRows(r.sections);
  const [row] = await storeRoadmap(tx, [
    r.userId,
    r.goalId,
    r.fromMaterial,
    rows.sections,
    rows.lessons,
    r.source,
    r.assessmentResults,
    r.usedAt.toISOString(),
  ]);
  return row?.found === true;
}

/** A section is completed once all its lessons are. */
export async function syncRoadmapCompletion(db: Db | Tx, roadmapId: string): Promise<void> {
  await db
    .update(roadmaps)
    .set({
      isCompleted: sql`exists (select 1 from ${lessons} where ${lessons.roadmapId} = ${roadmapId}) and not exists (select 1 from ${lessons} where ${lessons.roadmapId} = ${roadmapId} and not ${lessons.isCompleted})`,
      updatedAt: sql`now()`,
    })
    .where(eq(roadmaps.id, roadmapId));
}

export async function setRoadmap(
  db: Db | Tx,
  id: string,
  set: Partial<Pick<RoadmapRow, 'isCompleted' | 'goalId' | 'position'>>,
): Promise<RoadmapRow> {
  const [row] = await db
    .update(roadmaps)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(roadmaps.id, id))
    .returning();
  if (!row) throw new Error('roadmap vanished');
  return row;
}

export async function setLesson(db: Db | Tx, id: string, isCompleted: boolean): Promise<LessonRow> {
  const [row] = await db
    .update(lessons)
    .set({
      isCompleted,
      // the lesson-open gate (spec 1 §4) counts completions by time
      completedAt: isCompleted ? sql`coalesce(${lessons.completedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(lessons.id, id))
    .returning();
  if (!row) throw new Error('lesson vanished');
  return row;
}

/** Sets every lesson of a section that is not yet in that state (a lesson already done keeps its time). */
export async function setLessonsOfRoadmap(
  db: Db | Tx,
  roadmapId: string,
  isCompleted: boolean,
): Promise<void> {
  await db
    .update(lessons)
    .set({
      isCompleted,
      completedAt: isCompleted ? sql`coalesce(${lessons.completedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(lessons.roadmapId, roadmapId), ne(lessons.isCompleted, isCompleted)));
}

export async function deleteRoadmapsOfGoal(db: Db | Tx, goalId: string): Promise<void> {
  await db.delete(roadmaps).where(eq(roadmaps.goalId, goalId));
}

export async function nextPosition(db: Db | Tx, goalId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${roadmaps.position})` })
    .from(roadmaps)
    .where(eq(roadmaps.goalId, goalId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export type PlanRow = typeof learningPlans.$inferSelect;

export async function roadmapIdsWithLessons(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: lessons.roadmapId })
    .from(lessons)
    .where(inArray(lessons.roadmapId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The learner's goal with their subscription, the learner's row locked (their limited actions take turns):
 * one statement where the goal, the lock and the plan tier were three.
 */
export async function lockOwnGoal(tx: Tx, userId: string, goalId: string) {
  const [row] = await tx
    .select({
      goal: goals,
      tier: subscriptions.tier,
      isActive: subscriptions.isActive,
      endDate: subscriptions.endDate,
    })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, goals.userId))
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .for('update', { of: users });
  return row;
}

const LIVE_JOB = `status in ('queued', 'running')`;

// The roadmap's two reads on the learner's way, as SQL run by name: built by drizzle they cost 0.5-1.1 ms
// of JavaScript a call on top of the database's own work (a CPU profile of the pipeline bench's runs).
const jobGate = namedStatement(
  'roadmap_job_gate',
  `select j.*,
     (select count(*) from generation_jobs p
       where p.user_id = $2::uuid and p.kind = $1 and p.${LIVE_JOB})::int as gate_pending,
     (select count(*) from usage_events u
       where u.user_id = $2::uuid and u.kind = 'roadmap_generation' and u.created_at > $5::timestamptz)::int
       as gate_used,
     (select min(u.created_at) from usage_events u
       where u.user_id = $2::uuid and u.kind = 'roadmap_generation' and u.created_at > $5::timestamptz)
       as gate_oldest
   from users
   left join generation_jobs j on j.id = (
     select g.id from generation_jobs g
     where g.kind = $1 and g.target = $3
       and (g.${LIVE_JOB}
         or (g.status = 'succeeded' and g.created_at > now() - make_interval(secs => $4::double precision)))
     order by g.${LIVE_JOB} desc, g.created_at desc
     limit 1
   )
   where users.id = $2::uuid`,
);

/** A job's columns read with others (`j.*`), as a drizzle select answers the job: null when none joined. */
const jobOf = (row: Record<string, unknown>) => (row.id == null ? null : tableRow(generationJobs, row));

/**
 * What starting a roadmap job of the goal depends on, read in one statement (after the learner's row is
 * locked): the job to join (the live one, else one that succeeded less than `joinMs` ago), the learner's
 * live roadmap jobs and their roadmap generations since `since` (how many, the oldest).
 */
export async function roadmapJobGate(
  tx: Tx,
  kind: string,
  userId: string,
  goalId: string,
  joinMs: number,
  since: Date,
) {
  const [row] = await jobGate(tx, [kind, userId, goalId, joinMs / 1000, since.toISOString()]);
  if (!row) throw new Error(`no user ${userId} to gate a roadmap job on`);
  const oldest = row.gate_oldest;
  return {
    job: jobOf(row),
    pending: Number(row.gate_pending),
    used: Number(row.gate_used),
    oldest: oldest == null ? null : (usageEvents.createdAt.mapFromDriverValue(oldest as string) as Date),
  };
}

const latestJob = namedStatement(
  'roadmap_latest_job',
  `select goals.id as goal_id, j.*
   from goals
   left join generation_jobs j on j.id = (
     select g.id from generation_jobs g where g.kind = $1 and g.target = $3 order by g.created_at desc limit 1
   )
   where goals.id = $4::uuid and goals.user_id = $2::uuid`,
);

/**
 * The newest job of a kind for one of the learner's goals, in one statement (the owner's check and the job
 * were two): undefined when the goal is not theirs, `{ job: null }` when it has none. A long poll reads it
 * again as soon as the job ends, on the way to the learner.
 */
export async function latestJobOfOwnGoal(db: Db | Tx, kind: string, userId: string, goalId: string) {
  const [row] = await latestJob(db, [kind, userId, goalId, goalId]);
  return row && { goalId: row.goal_id as string, job: jobOf(row) };
}
