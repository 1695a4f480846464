import type { User } from '@mindpath/contracts/auth';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { findUserById, type UserRow } from './repository.ts';

/** The public view of a user: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    goalDescription: row.goalDescription,
  };
}

export async function getCurrentUser(db: Db, userId: string): Promise<User> {
  const row = await findUserById(db, userId);
  // the route authenticates the token only: this read is the existence check (a deleted account is 401)
  if (!row) throw unauthorized();
  return toUser(row);
}
