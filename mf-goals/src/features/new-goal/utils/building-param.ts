/**
 * The roadmap being built, kept in the wizard's URL (/goals/new?building={goalId}&path=take), so a reload
 * during "Building your roadmap" shows that goal's generation again, and then its roadmap, instead of a new
 * wizard that the goal it just created would refuse with the goal-limit dialog.
 */
import type { WizardPath } from './wizard-state.ts';

export interface Building {
  goalId: string;
  path: WizardPath;
}

const PATHS: readonly WizardPath[] = ['skip', 'take', 'material'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const buildingSearch = ({ goalId, path }: Building) =>
  `?${new URLSearchParams({ building: goalId, path }).toString()}`;

/** The roadmap a reloaded wizard was building, or null for a fresh wizard (or a mangled address). */
export function buildingOf(params: URLSearchParams): Building | null {
  const goalId = params.get('building');
  if (!goalId || !UUID.test(goalId)) return null;
  const path = PATHS.find((p) => p === params.get('path')) ?? 'skip';
  return { goalId, path };
}
