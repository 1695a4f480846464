// The drizzle schema: the source drizzle-kit generates the migrations in ../../drizzle from.

import type { ChatCitation, LessonCitation, SourceSpan } from '@mindpath/contracts/citations';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  // Always stored lower-cased, so the unique constraint is case-insensitive in effect.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  goalDescription: text('goal_description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** refreshed at most daily by the learner's requests: retention counts from it (privacy-constants.ts) */
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  /** when retention marked the account for deletion for inactivity (cleared by the learner's next login) */
  retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
  /** the learner asked to delete the account: from then on it is gone for sign-in, and a job deletes it */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
});

export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull().default('free'),
  isActive: boolean('is_active').notNull().default(false),
  endDate: timestamp('end_date', { withTimezone: true }),
  /** cancelled: Pro stays until endDate and is not renewed (isActive is false meanwhile, spec 1 §4) */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** the payment provider's customer (reused by the next checkout) and subscription */
  customerId: text('customer_id').unique(),
  providerSubscriptionId: text('provider_subscription_id'),
  /** when the event that last set isActive/cancelAtPeriodEnd happened: an older event arriving later is stale */
  stateAt: timestamp('state_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The random stem of a row's media file names (`goals/<mediaKey>.svg`, `lessons/<mediaKey>.wav`): not the id,
 * which responses and URLs show. Rows made before it get one of their own from the migration.
 */
const mediaKey = () =>
  text('media_key').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`);
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Long AI work (DESIGN.md §5). `target` names what the job makes (a goal id for a roadmap, a section id for
 * its lessons). At most one live (queued or running) job per (kind, target): the partial unique index is
 * what lets two concurrent requests share one job. `heartbeat_at` is refreshed while running, so a job whose
 * worker died is found and re-queued.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    userId: owner(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').notNull().default({}),
    error: jsonb('error'),
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('generation_jobs_live_uq')
      .on(t.kind, t.target)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('generation_jobs_status_idx').on(t.status, t.createdAt),
    index('generation_jobs_target_idx').on(t.kind, t.target, t.createdAt),
    // retention deletes the oldest finished jobs first (modules/jobs/retention.ts)
    index('generation_jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('succeeded', 'failed')`),
  ],
);

/**
 * What a streaming job has written (a lesson's Markdown, a chat answer), in the pieces its worker stored:
 * each write appends the text since the last one at its offset `at`, so a text costs the database its own
 * length, not the sum of every prefix. A claim's pieces carry its attempt: a job started over after its
 * worker died writes anew, and readers follow the job's current attempt only.
 */
export const generationJobProgress = pgTable(
  'generation_job_progress',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => generationJobs.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: integer('at').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.attempt, t.at] })],
);

/** When each periodic task (modules/jobs/periodic.ts) last ran, on any instance: it runs once per period. */
export const periodicTaskRuns = pgTable('periodic_task_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/** A learner's goal (spec 1 §3). `metadata` is the JSON text the client sends (it holds the level). */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    description: text('description').notNull(),
    metadata: text('metadata'),
    level: text('level').notNull().default('Beginner'),
    /** the stored file's path under /api/media; responses sign it for the owner */
    imageUrl: text('image_url'),
    mediaKey: mediaKey(),
    isActive: boolean('is_active').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** its roadmap follows its sources' structure; a roadmap generated again follows them again */
    fromMaterial: boolean('from_material').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('goals_user_idx').on(t.userId, t.createdAt)],
);

/** Knowledge assessments, new style (topics) with the old style derived from them; answers once submitted. */
export const knowledgeAssessments = pgTable('knowledge_assessments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: owner(),
  goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'cascade' }),
  goalDescription: text('goal_description').notNull(),
  level: text('level').notNull(),
  topics: jsonb('topics').notNull(),
  oldStyle: jsonb('old_style'),
  source: text('source').notNull(),
  answers: jsonb('answers'),
  evaluation: jsonb('evaluation'),
  createdAt: createdAt(),
});

/** A roadmap section (milestone) of a goal. */
export const roadmaps = pgTable(
  'roadmaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull().default(''),
    isCompleted: boolean('is_completed').notNull().default(false),
    source: text('source').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('roadmaps_goal_idx').on(t.goalId, t.position),
    // the dashboard counts a learner's sections and lessons over every goal
    index('roadmaps_user_idx').on(t.userId),
  ],
);

/**
 * The edits a learner made to a goal's plan, newest last: what each did in words, and the change that takes
 * it back (`undo`). `version` counts a goal's edits; an edit names the version it was made on, and one made
 * on an older version (another tab edited meanwhile) is refused.
 */
export const planEdits = pgTable(
  'plan_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    undo: jsonb('undo').notNull(),
    /** the version of the edit that took this one back */
    undoneBy: integer('undone_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_edits_goal_version_idx').on(t.goalId, t.version)],
);

/**
 * A goal's study schedule: hours a week or a target date, on chosen weekdays, at a time of day in the
 * learner's time zone. Each lesson's planned day is computed from it (modules/schedule/planner.ts), from
 * `planned_from` on: the day the learner last set it (a plan edit plans the rest again too).
 */
export const planSchedules = pgTable(
  'plan_schedules',
  {
    goalId: uuid('goal_id')
      .primaryKey()
      .references(() => goals.id, { onDelete: 'cascade' }),
    userId: owner(),
    /** set when planned by hours a week, else null */
    minutesPerWeek: integer('minutes_per_week'),
    /** set when planned to a target date, else null */
    targetDate: date('target_date', { mode: 'string' }),
    /** the weekdays studied as a bit set: bit 0 Monday … bit 6 Sunday */
    studyDays: integer('study_days').notNull(),
    /** when a study session starts, HH:MM in the learner's time zone */
    sessionTime: text('session_time').notNull(),
    timeZone: text('time_zone').notNull(),
    plannedFrom: date('planned_from', { mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  // the calendar feed reads every schedule of its learner
  (t) => [index('plan_schedules_user_idx').on(t.userId)],
);

/** A learner's calendar feed: the secret in its URL, until revoked (a new one replaces it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/** A lesson in a plan (spec 1 §3) and its generated content and media (spec 2 §3). */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    roadmapId: uuid('roadmap_id')
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    estimatedTimeInMinutes: integer('estimated_time_in_minutes').notNull().default(30),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    grade: integer('grade'),
    content: text('content'),
    contentSource: text('content_source'),
    /** JSON text, as the spec's Lesson carries it */
    videoUrls: text('video_urls'),
    resourceLinks: text('resource_links'),
    /** the stored files' paths under /api/media; responses sign them for the owner */
    imageUrl: text('image_url'),
    audioUrl: text('audio_url'),
    mediaKey: mediaKey(),
    /** a lesson of a roadmap made from the goal's material: the passages it covers (SourceSpan) */
    sourceSpan: jsonb('source_span').$type<SourceSpan>(),
    /** the passages the content's [n] markers name (LessonCitation[]); empty when not grounded */
    citations: jsonb('citations').$type<LessonCitation[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_roadmap_idx').on(t.roadmapId, t.position),
    index('lessons_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/**
 * A lesson's assessment: questions with their correct answers (never sent before a submission), and the
 * last submission scored by the server. One per lesson; regenerating replaces it.
 */
export const lessonAssessments = pgTable(
  'lesson_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    lessonId: uuid('lesson_id')
      .notNull()
      .unique()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').notNull(),
    source: text('source').notNull(),
    answers: jsonb('answers'),
    submission: jsonb('submission'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // the learner's activity counts their passed assessments by day
    index('lesson_assessments_user_submitted_idx')
      .on(t.userId, t.submittedAt)
      .where(sql`${t.submittedAt} is not null`),
  ],
);

/**
 * The versions of a lesson's content (issue 24): kept from its first regeneration on, each with the
 * instruction it was written with. The current one is also the lesson's own content (lessons.content, which
 * every reader reads); Restore makes another current. Numbered 1, 2, 3… per lesson in the order written.
 */
export const lessonVersions = pgTable(
  'lesson_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    contentSource: text('content_source'),
    instruction: text('instruction'),
    citations: jsonb('citations').$type<LessonCitation[]>().notNull().default([]),
    /** the version lessons.content holds now: at most one per lesson (none while the lesson is cleared) */
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lesson_versions_lesson_version_idx').on(t.lessonId, t.version),
    uniqueIndex('lesson_versions_current_idx').on(t.lessonId).where(sql`${t.isCurrent}`),
    index('lesson_versions_user_idx').on(t.userId),
  ],
);

/**
 * A lesson's exercises: a kit's (source 'curated', written into the table on the lesson's first practice read
 * so attempts and review cards have a row to name) or a model's ('model'). `spec` is the ExerciseSpec as
 * written; `setup` the SQL of the tables a model's SQL exercises read (a kit's comes from the kit). A model's
 * exercise whose reference solution failed in the learner's browser is hidden (`hidden_at`) and written
 * again once: the rewrite is `rewrite` 1, and hiding it too leaves its place empty. One visible exercise
 * per place.
 */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').notNull(),
    spec: jsonb('spec').notNull(),
    setup: text('setup'),
    /** 'verified' (a kit's, checked by the test suite) or 'unchecked' (a model's) */
    status: text('status').notNull(),
    rewrite: integer('rewrite').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** the runner's message when its solution failed, kept for the logs and the rewrite's prompt */
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exercises_lesson_position_idx').on(t.lessonId, t.position).where(sql`${t.hiddenAt} is null`),
    index('exercises_user_idx').on(t.userId),
  ],
);

/**
 * One checked attempt at an exercise, as the learner's browser ran it (the server never runs code). The
 * lesson is named too, so the plan's and home's triggers find the goal and the learner as for assessments.
 */
export const exerciseAttempts = pgTable(
  'exercise_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    passed: boolean('passed').notNull(),
    testsPassed: integer('tests_passed').notNull(),
    testsTotal: integer('tests_total').notNull(),
    hintsUsed: integer('hints_used').notNull(),
    usedSolution: boolean('used_solution').notNull(),
    ms: integer('ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('exercise_attempts_exercise_idx').on(t.exerciseId),
    index('exercise_attempts_lesson_idx').on(t.lessonId),
    // home's activity counts the learner's practice by day
    index('exercise_attempts_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The plan screen's body per goal (plan-body.ts), kept by the database: triggers on roadmaps, lessons and
 * lesson_assessments add one to `version` on every change to a goal's plan (migration 0009); a read that finds
 * `body_version` behind builds the body again and stores it, unless the plan changed meanwhile.
 */
export const planBodies = pgTable('plan_bodies', {
  goalId: uuid('goal_id')
    .primaryKey()
    .references(() => goals.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  /** a roadmap job of the goal is queued or running (migration 0010's trigger on generation_jobs) */
  generating: boolean('generating').notNull().default(false),
  bodyVersion: bigint('body_version', { mode: 'number' }),
  /** the goal's progress counts and dates, as JSON */
  stats: text('stats'),
  /** Roadmap[] as JSON */
  sections: text('sections'),
  /** Record<section id, PlanLesson[]> as JSON */
  lessonsBySection: text('lessons_by_section'),
  /** the first lesson not completed (PlanLesson) as JSON, or null */
  firstOpenLesson: text('first_left'),
});

/**
 * The home dashboard's, the activity view's and the review queue's answers per learner (db/home-bodies.ts),
 * kept like plan bodies: statement triggers on the tables they read add one to `version` on every change of
 * the learner's (migrations 0012, 0014); a read that finds its part behind builds it again and stores it,
 * unless a change came in between.
 */
export const homeBodies = pgTable('home_bodies', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  dashboardVersion: bigint('dashboard_version', { mode: 'number' }),
  /** the dashboard but its active goal (read live: its image URL is signed per read), as JSON */
  dashboard: text('dashboard'),
  activityVersion: bigint('activity_version', { mode: 'number' }),
  /** the time zone and the day the activity was built for ('Europe/Paris 2026-11-26') */
  activityKey: text('activity_key'),
  /** the Activity answer as JSON */
  activity: text('activity'),
  queueVersion: bigint('queue_version', { mode: 'number' }),
  /** the time zone the queue was built for ('Europe/Paris'; its first REVIEW_QUEUE_MAX cards) */
  queueKey: text('queue_key'),
  /** when a card comes due or a day begins, and the queue built before is out of date whatever the version */
  queueValidUntil: timestamp('queue_valid_until', { withTimezone: true }),
  /** the review queue with each card's intervals as offsets from the time of the read, as JSON */
  queue: text('queue'),
});

/** The tutor chat: per lesson, or general (lesson_id null) about the active goal. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    source: text('source'),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.userId, t.lessonId, t.createdAt)],
);

/** Learning plan (spec 1 §3): one goal's plan record. */
export const learningPlans = pgTable(
  'learning_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    roadmapId: uuid('roadmap_id').references(() => roadmaps.id, { onDelete: 'set null' }),
    assessmentResults: text('assessment_results'),
    duration: text('duration').notNull().default('3 months'),
    completionStatus: text('completion_status'),
    createdAt: createdAt(),
  },
  (t) => [index('learning_plans_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Plan-limit usage (spec 1 §6, §9): one row per counted action (goal creation, successful roadmap
 * generation), kept in the database so every server instance counts the same.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('usage_events_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

/**
 * A learner's note (spec 2 §3). `tags` holds the resolved tags (lower case); `explicitTags` says they came
 * from a tags field rather than the content's #tags, so an edit that sends no tags keeps them. [[Links]] are
 * not stored: connections are derived from titles and content on read, so a link to a note that does not
 * exist yet resolves as soon as it is created.
 */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    explicitTags: boolean('explicit_tags').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * Payment provider events already handled, by the provider's event id: the unique key is what makes a
 * redelivered event change nothing twice (recorded in the transaction of its effect).
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A hosted checkout, by the provider's session id; `open` until paid. Only a card's brand and last four. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('open'),
    customerId: text('customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    index('checkout_sessions_subscription_idx').on(t.providerSubscriptionId),
  ],
);

/** Billing history: one row per charge of an invoice (paid or failed), newest first when listed. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // kept when the account is deleted, as the law requires (amount, date, invoice id), without the learner
    // and without the card's brand and last four
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_invoice_status_uq').on(t.invoiceId, t.status),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The learner's focus timer settings (spec 2 §3); a learner without a row has the defaults. */
export const pomodoroSettings = pgTable('pomodoro_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  focusDuration: integer('focus_duration').notNull(),
  shortBreakDuration: integer('short_break_duration').notNull(),
  longBreakDuration: integer('long_break_duration').notNull(),
  sessionsBeforeLongBreak: integer('sessions_before_long_break').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A completed focus period (spec 2 §3: completedAt, duration in seconds, notes). `clientId` is the client's
 * id of the period, unique per learner, so a retry, the offline queue or a second tab records it once. The
 * lesson open when focus started, and its goal, say where the time was spent; kept apart from the lesson so
 * the goal's minutes outlive a regenerated lesson list.
 */
export const pomodoroSessions = pgTable(
  'pomodoro_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    clientId: text('client_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    notes: text('notes').notNull().default(''),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pomodoro_sessions_client_idx').on(t.userId, t.clientId),
    index('pomodoro_sessions_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/**
 * The auth rate limit's counters when several API instances share PostgreSQL (and no Redis is configured):
 * one row per client IP and route, its hits in the window that ends at `resetAt` (the database's clock, so
 * instances with skewed clocks count alike). Expired rows are reset in place or swept.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * How each remote version fared in learners' browsers, counted across every API instance: successful loads,
 * failed loads and failed renders (POST /api/remote-loads and /api/client-errors). A canary's automatic
 * rollback decides from these; the metrics read them too.
 */
export const remoteLoadCounts = pgTable(
  'remote_load_counts',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    loads: bigint('loads', { mode: 'number' }).notNull().default(0),
    loadFailures: bigint('load_failures', { mode: 'number' }).notNull().default(0),
    renderFailures: bigint('render_failures', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);

/**
 * A spaced-review card (issue 12): one per (learner, source kind, source id). The FSRS memory state is kept in
 * ts-fsrs's own fields; prompt, answer and options are copied from the source, so an assessment regenerated
 * later does not change a card already made. `siblingKey` names the source for the same-day rule (a note's
 * cards share their note's id). A note's cards go with it; a lesson or goal deleted leaves its cards.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    sourceKind: text('source_kind').notNull(),
    sourceId: text('source_id').notNull(),
    siblingKey: text('sibling_key').notNull(),
    noteId: uuid('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    suspended: boolean('suspended').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_cards_source_uq').on(t.userId, t.sourceKind, t.sourceId),
    index('review_cards_due_idx').on(t.userId, t.due),
    index('review_cards_note_idx').on(t.noteId),
    index('review_cards_lesson_idx').on(t.lessonId),
  ],
);

/**
 * Every grade of a card, as ts-fsrs logs it (the card's state before the grade), for undo and for tuning
 * FSRS later. `reviewKey` is a digest of the client's id of a grade (the id itself is any uuid the client
 * chose, kept out of the learner's data): the unique key makes a resent grade change nothing. A grade from a
 * failed assessment has none. Undo marks the log (`undoneAt`) and restores the card.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    reviewKey: text('review_key'),
    rating: integer('rating').notNull(),
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_logs_review_uq').on(t.userId, t.reviewKey),
    index('review_logs_user_time_idx').on(t.userId, t.reviewedAt),
    index('review_logs_card_idx').on(t.cardId, t.reviewedAt),
  ],
);

/** A learner's review settings; no row: the defaults (DEFAULT_REVIEW_SETTINGS). */
export const reviewSettings = pgTable('review_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestRetention: doublePrecision('request_retention').notNull(),
  newPerDay: integer('new_per_day').notNull(),
  reviewsPerDay: integer('reviews_per_day').notNull(),
});

/** PostgreSQL's full-text document type; written by the database only (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A goal's source: the learner's own material (a file, pasted text or a fetched web page), read by a
 * `source-ingest` job into its passages. `text` is the whole extracted text the passages' offsets point into;
 * `media_name` the original bytes in the media store under a private name /api/media never serves. While a
 * replacement is read, `pending` holds the new file (its media name, file name, content type, bytes, sha256)
 * and the old passages stay searchable; it becomes the source's own once its passages are written. A failure
 * records `error_code` (a SourceMessageCode) and its message. One sha256 per goal: the same file twice is
 * refused.
 */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'file', 'paste' or 'url' */
    origin: text('origin').notNull(),
    /** 'pdf', 'markdown', 'text' or 'html'; null until its bytes are read */
    format: text('format'),
    fileName: text('file_name'),
    url: text('url'),
    /** the stored bytes' content type as given (the upload's, the fetched answer's) */
    contentType: text('content_type'),
    bytes: integer('bytes').notNull().default(0),
    sha256: text('sha256'),
    pages: integer('pages'),
    sections: integer('sections').notNull().default(0),
    passages: integer('passages').notNull().default(0),
    /** 'processing', 'ready' or 'failed' */
    state: text('state').notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    mediaName: text('media_name'),
    pending: jsonb('pending'),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sources_goal_idx').on(t.goalId, t.createdAt),
    index('sources_user_idx').on(t.userId),
    uniqueIndex('sources_goal_sha256_idx').on(t.goalId, t.sha256),
  ],
);

/**
 * A source's passages in order, each with its position (page, heading path, offsets into the source's
 * text). `heading_text` is the heading path joined (array_to_string is not immutable, so the generated
 * `tsv` cannot read the array): headings weigh A, the text B. Searched through the GIN index on `tsv`.
 */
export const sourcePassages = pgTable(
  'source_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    page: integer('page'),
    headingPath: text('heading_path').array().notNull().default(sql`'{}'::text[]`),
    headingText: text('heading_text').notNull().default(''),
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "heading_text"), 'A') || setweight(to_tsvector('english'::regconfig, "text"), 'B')`,
      ),
  },
  (t) => [
    index('source_passages_source_idx').on(t.sourceId, t.ordinal),
    index('source_passages_goal_idx').on(t.goalId),
    index('source_passages_user_idx').on(t.userId),
    index('source_passages_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * A learner's download of their data: a zip built by a `data-export` job, stored as media under
 * `exports/`, offered through a signed link until `expires_at` and then removed. At most one queued or
 * running export per learner (the partial unique index).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** queued | running | ready | failed | expired */
    status: text('status').notNull().default('queued'),
    /** 0..100 while running */
    progress: integer('progress').notNull().default(0),
    /** the media name of the zip once ready */
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_live_uq').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A goal's roadmap shared read-only by a public link (/share/<slug>). Off by default; revoking deletes the row,
 * so the slug answers 404 for good; sharing again makes a new slug.
 */
export const roadmapShares = pgTable(
  'roadmap_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** random, URL-safe, 22 characters (128 bits) */
    slug: text('slug').notNull().unique(),
    userId: owner(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    /** the learner ticked "show my progress" */
    showProgress: boolean('show_progress').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roadmap_shares_goal_uq').on(t.goalId), index('roadmap_shares_user_idx').on(t.userId)],
);
