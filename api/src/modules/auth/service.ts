import type { RetentionKept } from '@mindpath/contracts/account';
import type { LoginRequest, RegisterRequest } from '@mindpath/contracts/auth';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { signInOutcome } from '../account/index.ts';
import { findUserByEmail, insertUserWithSubscription } from '../users/index.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';

const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', 'User with this email already exists');
const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');

/** Creates the user (with a free subscription) and answers their id. */
export async function register(db: Db, input: RegisterRequest): Promise<string> {
  // The contract's schema trims and lower-cases the email already; repeat it for callers outside HTTP.
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUserWithSubscription(db, { username: input.username, email, passwordHash });
    return user.id;
  } catch (err) {
    // Two registrations racing for one email: the unique constraint decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Answers the user's id, and whether this login kept an account retention had marked for deletion; the same
 * 401 for an unknown email, a wrong password and a deleted account.
 */
export async function login(
  db: Db,
  input: LoginRequest,
  now: Date,
): Promise<{ userId: string; retentionKept?: RetentionKept }> {
  const user = await findUserByEmail(db, input.email.trim().toLowerCase());
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw invalidCredentials();
  const outcome = await signInOutcome(db, user, now);
  if (!outcome.allowed) throw invalidCredentials();
  return { userId: user.id, ...(outcome.retentionKept ? { retentionKept: outcome.retentionKept } : {}) };
}
