// What other modules use of roadmaps: a section's completion follows its lessons'; the plan row's type.
// Other modules import these from here, never from the repository (biome.json keeps that).
export { type PlanRow, syncRoadmapCompletion } from './repository.ts';
