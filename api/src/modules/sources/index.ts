// What other modules use of sources: search over a goal's passages (grounded lessons, the tutor).
// Other modules import these from here, never from the repository (biome.json keeps that).
export { searchPassages } from './service.ts';
