// What other modules use of goals: the learner's active goal, one of their goals, and each goal's lesson counts.
// Other modules import these from here, never from the repository (biome.json keeps that).
export { findActiveGoal, findOwnGoal, type GoalStats, goalStatsOfUser } from './repository.ts';
export { goalText } from './service.ts';
