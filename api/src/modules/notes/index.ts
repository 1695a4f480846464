// What other modules use of notes: one of the learner's notes.
// Other modules import these from here, never from the repository (biome.json keeps that).
export { findOwnNote } from './repository.ts';
