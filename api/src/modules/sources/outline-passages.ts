// What building a roadmap from a goal's material reads of its passages: where each one sits (source, order,
// headings, page) and how long it is, not its text; the first sentence only, a lesson's summary.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sourcePassages, sources } from '../../db/schema.ts';

export interface OutlinePassageRow {
  sourceId: string;
  sourceTitle: string;
  ordinal: number;
  /** the headings it sits under, outermost first */
  headingPath: string[];
  /** 1-based page of a PDF; null for other formats */
  page: number | null;
  words: number;
  /** the passage's first sentence (a lesson's summary when the passage opens it) */
  firstSentence: string;
}

/** enough of a passage's start to hold its first sentence (a summary keeps 160 characters of it) */
const LEAD_CHARS = 400;

const readyOfGoal = (userId: string, goalId: string) =>
  and(eq(sources.goalId, goalId), eq(sources.userId, userId), eq(sources.state, 'ready'));

/** The passages of the goal's ready sources: the sources in the order they were added, each in reading order. */
export async function outlinePassages(
  db: Db | Tx,
  { userId, goalId }: { userId: string; goalId: string },
): Promise<OutlinePassageRow[]> {
  const rows = await db
    .select({
      sourceId: sourcePassages.sourceId,
      sourceTitle: sources.title,
      ordinal: sourcePassages.ordinal,
      headingPath: sourcePassages.headingPath,
      page: sourcePassages.page,
      // words counted where the text is, so the text itself never leaves the database
      words:
        sql<number>`coalesce(array_length(regexp_split_to_array(btrim(${sourcePassages.text}), '\\s+'), 1), 0)`.mapWith(
          Number,
        ),
      lead: sql<string>`left(${sourcePassages.text}, ${sql.raw(String(LEAD_CHARS))})`,
    })
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(readyOfGoal(userId, goalId))
    .orderBy(asc(sources.createdAt), asc(sources.id), asc(sourcePassages.ordinal));
  return rows.map(({ lead, ...row }) => ({ ...row, firstSentence: leadSentence(lead) }));
}

/** Whether the goal has a source that is ready (its passages written). */
export async function hasReadySource(
  db: Db | Tx,
  { userId, goalId }: { userId: string; goalId: string },
): Promise<boolean> {
  const [row] = await db.select({ id: sources.id }).from(sources).where(readyOfGoal(userId, goalId)).limit(1);
  return row !== undefined;
}

function leadSentence(lead: string): string {
  const t = lead.replace(/\s+/g, ' ').trim();
  const end = t.search(/[.!?](\s|$)/);
  return end === -1 ? t : t.slice(0, end + 1);
}
