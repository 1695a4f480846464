import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'username' | 'email' | 'passwordHash'>;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `email` must already be lower-cased (the contract's schema does it); stored emails always are. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** The user and their free subscription row, together or not at all. */
export async function insertUserWithSubscription(db: Db, user: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(user).returning();
    if (!row) throw new Error('insert into users returned no row');
    await tx.insert(subscriptions).values({ userId: row.id });
    return row;
  });
}

/** Deleting a user cascades to their subscription (and, later, everything else they own). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
