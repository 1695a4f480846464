import { GoalsScreen } from '../../goals/index.ts';

/** /goals/new: the goals page with the new-goal wizard open over it (spec 1 §2 New-goal modal). */
export default function NewGoalPage() {
  return <GoalsScreen newGoal />;
}
