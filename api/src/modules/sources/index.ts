// What other modules use of sources: search over a goal's passages (grounded lessons, the tutor).
// Other modules import these from here, never from the repository (biome.json keeps that).

export { lessonPassages, passagesById } from './grounding.ts';
// the passages' places and lengths a roadmap built from the material follows
export { hasReadySource, type OutlinePassageRow, outlinePassages } from './outline-passages.ts';
export { searchPassages } from './service.ts';
