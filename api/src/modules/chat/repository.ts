import type { ChatCitation } from '@mindpath/contracts/citations';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages, notes } from '../../db/schema.ts';

export type ChatRow = typeof chatMessages.$inferSelect;

/** One conversation: a lesson's, or the general one (no lesson). */
const thread = (userId: string, lessonId: string | null) =>
  and(
    eq(chatMessages.userId, userId),
    lessonId ? eq(chatMessages.lessonId, lessonId) : isNull(chatMessages.lessonId),
  );

/** A page counted back from the newest message, answered oldest first. */
export async function pageOfThread(
  db: Db,
  userId: string,
  lessonId: string | null,
  skip: number,
  take: number,
): Promise<{ rows: ChatRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(thread(userId, lessonId))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .offset(skip)
      .limit(take),
    db.select({ n: count() }).from(chatMessages).where(thread(userId, lessonId)),
  ]);
  return { rows: rows.reverse(), total: Number(total?.n ?? 0) };
}

/** The newest `limit` messages of a thread, oldest first (what the model sees of the conversation). */
export async function recentOfThread(db: Db, userId: string, lessonId: string | null, limit: number) {
  return (await pageOfThread(db, userId, lessonId, 0, limit)).rows;
}

export async function insertExchange(
  tx: Tx,
  input: {
    userId: string;
    lessonId: string | null;
    question: string;
    answer: string;
    source: string;
    /** what the answer's [n] markers name */
    citations: ChatCitation[];
    at: Date;
  },
): Promise<void> {
  const { userId, lessonId, at } = input;
  await tx.insert(chatMessages).values([
    { userId, lessonId, role: 'user', content: input.question, source: null, createdAt: at },
    // a millisecond later, so the answer always sorts after its question
    {
      userId,
      lessonId,
      role: 'assistant',
      content: input.answer,
      source: input.source,
      citations: input.citations,
      createdAt: new Date(at.getTime() + 1),
    },
  ]);
}

export async function deleteThread(db: Db, userId: string, lessonId: string | null): Promise<number> {
  const rows = await db
    .delete(chatMessages)
    .where(thread(userId, lessonId))
    .returning({ id: chatMessages.id });
  return rows.length;
}

export interface NoteHit {
  id: string;
  title: string;
  content: string;
}

/**
 * The learner's notes holding any of `words`, best first (cover density over title and text). Their
 * text is read with to_tsvector on the fly: a learner's notes are few, so no index is kept for them.
 */
export async function searchOwnNotes(
  db: Db | Tx,
  userId: string,
  words: readonly string[],
  limit: number,
): Promise<NoteHit[]> {
  if (words.length === 0) return [];
  // each word its own plainto_tsquery, or'ed: any text is a safe query, and one word missing is no miss
  const query: SQL = sql.join(
    words.map((w) => sql`plainto_tsquery('english'::regconfig, ${w})`),
    sql` || `,
  );
  const doc = sql`to_tsvector('english'::regconfig, ${notes.title} || ' ' || ${notes.content})`;
  return db
    .select({ id: notes.id, title: notes.title, content: notes.content })
    .from(notes)
    .where(and(eq(notes.userId, userId), sql`${doc} @@ (${query})`))
    .orderBy(desc(sql`ts_rank_cd(${doc}, (${query}), 1)`), desc(notes.updatedAt), desc(notes.id))
    .limit(limit);
}
