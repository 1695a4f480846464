import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionUpdate = Pick<SubscriptionRow, 'tier' | 'isActive' | 'endDate'>;

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

export async function upsertSubscription(db: Db, userId: string, update: SubscriptionUpdate): Promise<void> {
  const values = { ...update, updatedAt: sql`now()` };
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}
