/**
 * The roadmap being built, kept in the wizard's URL (/goals/new?building={goalId}&path=take), so a reload
 * during "Building your roadmap" shows that goal's generation again, and then its roadmap, instead of a new
 * wizard that the goal it just created would refuse with the goal-limit dialog.
 */
export interface Building {
  goalId: string;
  path: 'skip' | 'take';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const buildingSearch = ({ goalId, path }: Building) =>
  `?${new URLSearchParams({ building: goalId, path }).toString()}`;

/** The roadmap a reloaded wizard was building, or null for a fresh wizard (or a mangled address). */
export function buildingOf(params: URLSearchParams): Building | null {
  const goalId = params.get('building');
  if (!goalId || !UUID.test(goalId)) return null;
  return { goalId, path: params.get('path') === 'take' ? 'take' : 'skip' };
}
