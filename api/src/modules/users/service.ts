import type { User } from '@mindpath/contracts/auth';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { goalText } from '../goals/service.ts';
import { findUserWithActiveGoal, type UserRow } from './repository.ts';

/** The public view of a user: never the password hash. */
export function toUser(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'firstName' | 'goalDescription'>,
): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    goalDescription: row.goalDescription,
  };
}

/**
 * The user; goalDescription (spec 2 §3) is their active goal's text without its level, the goal the settings'
 * Goals tab shows and changes, when none was stored on the user.
 */
export async function getCurrentUser(db: Db, userId: string): Promise<User> {
  const row = await findUserWithActiveGoal(db, userId);
  // the route authenticates the token only: this read is the existence check (a deleted account is 401)
  if (!row) throw unauthorized();
  const user = toUser(row.user);
  const goal = row.activeGoal;
  return { ...user, goalDescription: user.goalDescription ?? (goal === null ? null : goalText(goal)) };
}
