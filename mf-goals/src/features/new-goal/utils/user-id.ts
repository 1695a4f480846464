import type { useUser } from '@mindpath/sdk/hooks';

/** Starting a roadmap needs the learner's id; without one only a new login helps (spec 1 §8's wording). */
export class MissingUserError extends Error {
  constructor() {
    super('No user information found. Please log in again.');
  }
}

/** The signed-in learner's id, read again once when the cached user is missing. */
export async function requireUserId(user: ReturnType<typeof useUser>): Promise<string> {
  const id = user.data?.id ?? (await user.refetch()).data?.id;
  if (!id) throw new MissingUserError();
  return id;
}
