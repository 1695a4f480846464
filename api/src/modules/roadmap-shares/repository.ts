// The rows of shared roadmaps: a goal's link, the goal and roadmap a link shows, and a copy's new sections.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goals, lessons, roadmapShares, roadmaps } from '../../db/schema.ts';

export type ShareRow = typeof roadmapShares.$inferSelect;

/** 128 random bits as base64url: 22 characters, unguessable. */
export const newSlug = () => randomBytes(16).toString('base64url');

export async function findShareOfGoal(db: Db | Tx, userId: string, goalId: string) {
  const [row] = await db
    .select()
    .from(roadmapShares)
    .where(and(eq(roadmapShares.goalId, goalId), eq(roadmapShares.userId, userId)));
  return row;
}

/** The goal's link with this option: made (with a new slug) when there is none, else updated. */
export async function upsertShare(db: Db, values: { userId: string; goalId: string; showProgress: boolean }) {
  const [row] = await db
    .insert(roadmapShares)
    .values({ ...values, slug: newSlug() })
    .onConflictDoUpdate({ target: roadmapShares.goalId, set: { showProgress: values.showProgress } })
    .returning();
  return row!;
}

export async function deleteShare(db: Db, userId: string, goalId: string): Promise<boolean> {
  const deleted = await db
    .delete(roadmapShares)
    .where(and(eq(roadmapShares.goalId, goalId), eq(roadmapShares.userId, userId)))
    .returning({ id: roadmapShares.id });
  return deleted.length > 0;
}

/** The link and the goal it shows; none for an unknown or revoked slug. */
export async function findSharedGoal(db: Db | Tx, slug: string) {
  const [row] = await db
    .select({
      slug: roadmapShares.slug,
      showProgress: roadmapShares.showProgress,
      goalId: goals.id,
      description: goals.description,
      level: goals.level,
    })
    .from(roadmapShares)
    .innerJoin(goals, eq(goals.id, roadmapShares.goalId))
    .where(eq(roadmapShares.slug, slug));
  return row;
}

export interface OutlineSection {
  name: string;
  isCompleted: boolean;
  lessons: { title: string; estimatedTimeInMinutes: number; isCompleted: boolean }[];
}

/** A goal's sections and their lessons in plan order: titles and completion only. */
export async function goalOutline(db: Db | Tx, goalId: string): Promise<OutlineSection[]> {
  const sections = await db
    .select({ id: roadmaps.id, name: roadmaps.name, isCompleted: roadmaps.isCompleted })
    .from(roadmaps)
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(roadmaps.createdAt));
  if (!sections.length) return [];
  const rows = await db
    .select({
      roadmapId: lessons.roadmapId,
      title: lessons.title,
      estimatedTimeInMinutes: lessons.estimatedTimeInMinutes,
      isCompleted: lessons.isCompleted,
    })
    .from(lessons)
    .where(
      inArray(
        lessons.roadmapId,
        sections.map((s) => s.id),
      ),
    )
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
  return sections.map((s) => ({
    name: s.name,
    isCompleted: s.isCompleted,
    lessons: rows
      .filter((l) => l.roadmapId === s.id)
      .map(({ title, estimatedTimeInMinutes, isCompleted }) => ({
        title,
        estimatedTimeInMinutes,
        isCompleted,
      })),
  }));
}

/** Sections a copy is made of, written for a new owner: no completion, no content (made when opened). */
export async function insertOutline(
  tx: Tx,
  owner: { userId: string; goalId: string },
  outline: OutlineSection[],
  source: string,
): Promise<void> {
  for (const [position, section] of outline.entries()) {
    const [row] = await tx
      .insert(roadmaps)
      .values({ userId: owner.userId, goalId: owner.goalId, position, name: section.name, source })
      .returning({ id: roadmaps.id });
    if (!section.lessons.length) continue;
    await tx.insert(lessons).values(
      section.lessons.map((l, i) => ({
        userId: owner.userId,
        roadmapId: row!.id,
        position: i,
        title: l.title,
        estimatedTimeInMinutes: l.estimatedTimeInMinutes,
      })),
    );
  }
}
