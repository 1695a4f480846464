// A lesson's versions. Regenerate writes a new version of one lesson with the learner's
// instruction through the content job the first generation uses (streamed to the page, resumable after a
// reload); what the lesson said before is kept as a version. Restore makes a kept version current again.
// "Regenerate remaining lessons" clears the content of a goal's lessons not yet started (kept as versions),
// so each is written again when opened. The current content is always the lesson's own (lessons.content),
// so every reader reads it as before; a lesson's assessment, completion, grade, chat, notes and review cards
// are never touched by any of this. A regeneration counts as a lesson generation (free: 1 per 24 h); a
// restore is free.
import { randomUUID } from 'node:crypto';
import type { LessonCitation } from '@mindpath/contracts/citations';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import type { Lesson } from '@mindpath/contracts/lessons';
import {
  type InstructionReading,
  LESSON_VERSION_MESSAGES,
  type LessonVersion,
  type RegenerateRemainingResult,
  type RemainingOutcome,
} from '@mindpath/contracts/lessons-versions';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { countLiveJobs, enqueueJob, findLiveJob } from '../jobs/index.ts';
import { toJob } from '../jobs/service.ts';
import { assertWindow, lockUser, PlanLimitError, userIsPro } from '../limits/service.ts';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { groundingOf } from './passages.ts';
import { type LessonRow, updateLesson } from './repository.ts';
import {
  assertLessonOpen,
  getLessonContext,
  LESSON_CONTENT_JOB,
  lessonGate,
  lessonInput,
  lessonView,
  toLessonView,
} from './service.ts';
import {
  contentWrittenAt,
  deleteUnansweredAssessment,
  findCurrentVersion,
  findOwnGoal,
  findVersion,
  hasVersions,
  insertVersion,
  lessonsBeingWritten,
  listVersions,
  lockLesson,
  lockLessonsOfGoal,
  setCurrentVersion,
  startedLessons,
  type VersionListRow,
} from './versions-repository.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'ai' | 'config' | 'db' | 'jobs' | 'log' | 'mediaSigningKey' | 'now'>;

/** What a regeneration's job carries: the content job's payload. */
export interface RegenerationPayload {
  regenerate?: boolean;
  instruction?: string | null;
}

export const regenerationOf = (payload: unknown): { instruction: string | null } | null => {
  const p = (payload ?? {}) as RegenerationPayload;
  return p.regenerate === true ? { instruction: p.instruction ?? null } : null;
};

const generating = () => new AppError(409, 'GENERATING', LESSON_VERSION_MESSAGES.generating);

const toVersion = (row: VersionListRow): LessonVersion => ({
  id: row.id,
  lessonId: row.lessonId,
  version: row.version,
  contentSource: row.contentSource === 'model' || row.contentSource === 'offline' ? row.contentSource : null,
  instruction: row.instruction,
  isCurrent: row.isCurrent,
  characters: row.characters,
  createdAt: row.createdAt.toISOString(),
});

/**
 * New content makes new media: the image labels the text's ideas and the audio reads the text, so both are
 * made again from it, under a new media key (the old files, no lesson's any more, go with the hourly sweep,
 * and a URL the browser cached never shows the old ones).
 */
const freshMedia = () => ({ imageUrl: null, audioUrl: null, mediaKey: randomUUID().replaceAll('-', '') });

/**
 * Keeps the lesson's content as a version when no version holds it yet (its first content, written before
 * any regeneration): numbered next, dated when it was written. Answers the version that holds it, or null
 * when the lesson has no content.
 */
async function keepCurrent(tx: Tx, lesson: LessonRow): Promise<string | null> {
  if (lesson.content === null) return null;
  const current = await findCurrentVersion(tx, lesson.id);
  if (current && current.content === lesson.content) return current.id;
  const kept = await insertVersion(tx, {
    userId: lesson.userId,
    lessonId: lesson.id,
    content: lesson.content,
    contentSource: lesson.contentSource,
    citations: lesson.citations,
    instruction: null,
    isCurrent: false,
    createdAt: (await contentWrittenAt(tx, lesson.id, LESSON_CONTENT_JOB)) ?? lesson.updatedAt,
  });
  await setCurrentVersion(tx, lesson.id, kept.id);
  return kept.id;
}

/**
 * A content job's text becomes the lesson's (its apply, in the job's transaction). A regeneration keeps what
 * the lesson said before and stores the new text as its next, current version; so does a lesson written
 * again after "Regenerate remaining lessons" (it has versions). A first generation stores no version.
 */
export async function storeWrittenContent(
  tx: Tx,
  lesson: LessonRow,
  written: {
    content: string;
    contentSource: string;
    /** the passages it was written from ([] when not grounded) */
    citations: LessonCitation[];
    instruction: string | null;
    regenerate: boolean;
  },
  resources: Pick<LessonRow, 'videoUrls' | 'resourceLinks'> | null,
  now: Date,
): Promise<void> {
  await lockLesson(tx, lesson.id);
  const versioned = written.regenerate || (await hasVersions(tx, lesson.id));
  if (versioned) {
    await keepCurrent(tx, lesson);
    const made = await insertVersion(tx, {
      userId: lesson.userId,
      lessonId: lesson.id,
      content: written.content,
      contentSource: written.contentSource,
      citations: written.citations,
      instruction: written.instruction,
      isCurrent: false,
      createdAt: now,
    });
    await setCurrentVersion(tx, lesson.id, made.id);
  }
  const changed = lesson.content !== null && lesson.content !== written.content;
  await updateLesson(tx, lesson.id, {
    content: written.content,
    contentSource: written.contentSource,
    citations: written.citations,
    ...(resources ?? {}),
    ...(changed ? freshMedia() : {}),
  });
}

/** The lesson's versions, newest first (empty before its first regeneration). */
export async function getVersions(deps: Pick<Deps, 'db'>, userId: string, lessonId: string) {
  await getLessonContext(deps.db, userId, lessonId);
  return (await listVersions(deps.db, lessonId)).map(toVersion);
}

/** One version with its text; the free plan's lesson-open gate holds it back as it holds the lesson. */
export async function getVersion(deps: Deps, userId: string, lessonId: string, versionId: string) {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  const row = await findVersion(deps.db, userId, lessonId, versionId);
  if (!row) throw notFound(LESSON_VERSION_MESSAGES.versionNotFound);
  await assertLessonOpen(deps, userId, ctx);
  return { ...toVersion({ ...row, characters: row.content.length }), content: row.content };
}

/**
 * Starts writing a new version of the lesson with the learner's instruction (or none): the content job, as a
 * first generation runs it, so the page follows it the same way. Checked as a lesson generation: the gate,
 * then (free) 1 generation per 24 h, counting generations under way. The same request again while it runs
 * joins it; another request then is refused (409), as is a lesson without content yet.
 */
export async function startRegeneration(
  deps: Deps,
  userId: string,
  id: string,
  instruction: string | null,
): Promise<{ lesson: Lesson; job: GenerationJob; joined: boolean; instruction: InstructionReading | null }> {
  const pro = await userIsPro(deps.db, userId, deps.now());
  const out = await deps.db.transaction(async (tx) => {
    const ctx = await getLessonContext(tx, userId, id);
    await lockUser(tx, userId);
    const gate = await lessonGate(tx, userId, ctx, deps.now(), pro);
    if (gate) throw new PlanLimitError(gate);
    const live = await findLiveJob(tx, LESSON_CONTENT_JOB, id);
    if (live) {
      if (regenerationOf(live.payload)?.instruction === instruction) return { ctx, job: live, joined: true };
      throw generating();
    }
    if (ctx.lesson.content === null) throw new AppError(409, 'NO_CONTENT', LESSON_VERSION_MESSAGES.noContent);
    if (!ctx.goal) throw new AppError(409, 'NO_GOAL', LESSON_VERSION_MESSAGES.noGoal);
    if (!pro) {
      const pending = await countLiveJobs(tx, userId, LESSON_CONTENT_JOB);
      await assertWindow(tx, userId, 'lesson_generation', deps.now(), pending);
    }
    const payload: RegenerationPayload = { regenerate: true, instruction };
    const { job, created } = await enqueueJob(tx, {
      kind: LESSON_CONTENT_JOB,
      target: id,
      userId,
      payload: payload as Record<string, unknown>,
    });
    return { ctx, job, joined: !created };
  });
  deps.jobs.wake();
  // the instruction is read as the job will read it: against the passages a grounded lesson is written from
  const { passages } = instruction ? await groundingOf(deps, userId, out.ctx) : { passages: [] };
  const input = {
    ...lessonInput(out.ctx),
    ...(instruction ? { instruction } : {}),
    ...(passages.length > 0 ? { passages } : {}),
  };
  return {
    lesson: toLessonView(out.ctx, { isGenerating: true, limit: null }, ownerMediaSigner(deps, userId)),
    job: toJob(out.job),
    joined: out.joined,
    instruction: deps.ai.readLessonInstruction(input),
  };
}

/**
 * Makes a kept version the lesson's content again; what the lesson showed is kept as a version first (it
 * already is one unless it was the first content), so nothing is lost. Free. Refused (409) while a new
 * version is being written, which would replace it.
 */
export async function restoreVersion(
  deps: Deps,
  userId: string,
  lessonId: string,
  versionId: string,
): Promise<{ lesson: Lesson; versions: LessonVersion[] }> {
  const first = await getLessonContext(deps.db, userId, lessonId);
  if (!(await findVersion(deps.db, userId, lessonId, versionId))) {
    throw notFound(LESSON_VERSION_MESSAGES.versionNotFound);
  }
  await assertLessonOpen(deps, userId, first);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await lockLesson(tx, lessonId);
    const { lesson } = await getLessonContext(tx, userId, lessonId);
    if (await findLiveJob(tx, LESSON_CONTENT_JOB, lessonId)) throw generating();
    const version = await findVersion(tx, userId, lessonId, versionId);
    if (!version) throw notFound(LESSON_VERSION_MESSAGES.versionNotFound);
    if (version.isCurrent && lesson.content === version.content) return;
    await keepCurrent(tx, lesson);
    await setCurrentVersion(tx, lessonId, version.id);
    await updateLesson(tx, lessonId, {
      content: version.content,
      contentSource: version.contentSource,
      citations: version.citations,
      ...(lesson.content !== version.content ? freshMedia() : {}),
    });
  });
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  return {
    lesson: await lessonView(deps, userId, ctx),
    versions: (await listVersions(deps.db, lessonId)).map(toVersion),
  };
}

/**
 * "Regenerate remaining lessons": every lesson of the goal not completed and not started (no assessment
 * answered, no notes, chat or focus time on it) that has content has it cleared, kept as a version first,
 * with an assessment nobody answered (made from that content); its title and place stay, and it is written
 * again when opened. Lessons being written are left to finish. Free: each is counted when it is written.
 */
export async function regenerateRemaining(
  deps: Pick<Deps, 'db'>,
  userId: string,
  goalId: string,
): Promise<RegenerateRemainingResult> {
  return deps.db.transaction(async (tx) => {
    if (!(await findOwnGoal(tx, userId, goalId))) throw notFound(LESSON_VERSION_MESSAGES.goalNotFound);
    // generation starts lock the learner too: none starts between the look at live jobs and the clearing
    await lockUser(tx, userId);
    const rows = await lockLessonsOfGoal(tx, goalId);
    const ids = rows.map((l) => l.id);
    const [started, writing] = await Promise.all([
      startedLessons(tx, ids),
      lessonsBeingWritten(tx, ids, LESSON_CONTENT_JOB),
    ]);
    const lessons: RegenerateRemainingResult['lessons'] = [];
    for (const lesson of rows) {
      const outcome: RemainingOutcome = lesson.isCompleted
        ? 'completed'
        : started.has(lesson.id)
          ? 'started'
          : writing.has(lesson.id)
            ? 'generating'
            : lesson.content === null
              ? 'not-written'
              : 'cleared';
      if (outcome === 'cleared') {
        await keepCurrent(tx, lesson);
        await setCurrentVersion(tx, lesson.id, null);
        await deleteUnansweredAssessment(tx, lesson.id);
        await updateLesson(tx, lesson.id, {
          content: null,
          contentSource: null,
          citations: [],
          ...freshMedia(),
        });
      }
      lessons.push({ id: lesson.id, title: lesson.title, outcome });
    }
    return { goalId, cleared: lessons.filter((l) => l.outcome === 'cleared').length, lessons };
  });
}
