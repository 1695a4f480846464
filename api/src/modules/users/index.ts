// What other modules use of users: find one by id or email, whether one exists, and a new learner with their subscription.
// Other modules import these from here, never from the repository (biome.json keeps that).
export {
  findUserByEmail,
  findUserById,
  insertUserWithSubscription,
  type UserRow,
  userExists,
} from './repository.ts';
