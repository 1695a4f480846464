// Whose a media file is: the goal or lesson that stores its path. A file's stem is the row's media key; files
// made before media keys are named by the row's id, and the rows that still store such a path keep them.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goals, lessons } from '../../db/schema.ts';
import { mediaUrlPath } from './store.ts';

const OWNED_NAME =
  /^(goals|lessons)\/([0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(svg|png|wav|mp3)$/;

export interface OwnedMediaName {
  kind: 'goals' | 'lessons';
  /** the row's media key, or (`legacy`) its id */
  stem: string;
  legacy: boolean;
}

/** The parts of a goal's or lesson's media name ('lessons/<key>.wav'), or null for any other name. */
export function parseOwnedMediaName(name: string): OwnedMediaName | null {
  const m = OWNED_NAME.exec(name);
  if (!m) return null;
  return { kind: m[1] as OwnedMediaName['kind'], stem: m[2]!, legacy: m[2]!.length !== 32 };
}

/** The user whose goal or lesson stores media `name` now, if any. */
export async function findMediaOwner(db: Db, name: string): Promise<string | undefined> {
  const parsed = parseOwnedMediaName(name);
  if (!parsed) return undefined;
  const path = mediaUrlPath(name);
  if (parsed.kind === 'goals') {
    const [row] = await db
      .select({ userId: goals.userId })
      .from(goals)
      .where(and(eq(parsed.legacy ? goals.id : goals.mediaKey, parsed.stem), eq(goals.imageUrl, path)))
      .limit(1);
    return row?.userId;
  }
  const [row] = await db
    .select({ userId: lessons.userId })
    .from(lessons)
    .where(
      and(
        eq(parsed.legacy ? lessons.id : lessons.mediaKey, parsed.stem),
        or(eq(lessons.imageUrl, path), eq(lessons.audioUrl, path)),
      ),
    )
    .limit(1);
  return row?.userId;
}
