import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, subscriptions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'username' | 'email' | 'passwordHash'>;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** GET /api/user's one round trip: the user and the description of their active goal (findActiveGoal's pick). */
const userWithActiveGoal = preparedOn((db) =>
  db
    .select({
      user: users,
      activeGoal: sql<string | null>`(${db
        .select({ description: goals.description })
        .from(goals)
        .where(and(eq(goals.userId, users.id), eq(goals.isActive, true)))
        .orderBy(desc(goals.updatedAt))
        .limit(1)})`,
    })
    .from(users)
    // an account whose deletion was asked for is gone for every token at once, before its job removes it
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletionRequestedAt)))
    .limit(1)
    .prepare('user_with_active_goal'),
);

export async function findUserWithActiveGoal(db: Db, id: string) {
  const [row] = await userWithActiveGoal(db).execute({ id });
  return row;
}

/** `email` must already be lower-cased (the contract's schema does it); stored emails always are. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** app.authenticate's check on every authenticated request: the user is there and not being deleted */
const userById = preparedOn((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletionRequestedAt)))
    .limit(1)
    .prepare('user_exists'),
);

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await userById(db).execute({ id });
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
