import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages } from '../../db/schema.ts';

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
