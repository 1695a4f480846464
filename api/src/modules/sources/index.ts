// What other modules use of sources: search over a goal's passages (grounded lessons, the tutor).
// Other modules import these from here, never from the repository (biome.json keeps that).

export { lessonPassages, passagesById } from './grounding.ts';
// the passages' places and lengths a roadmap built from the material follows
export { hasReadySource, type OutlinePassageRow, outlinePassages } from './outline-passages.ts';
// given the app's parts (SearchDeps) rather than a database alone, it searches by meaning too when configured
export { type SearchDeps, searchPassages } from './service.ts';
