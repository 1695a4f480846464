import type { Goal } from '@mindpath/contracts/goals';
import { LIMIT_MESSAGES, PLAN_LIMITS } from '@mindpath/contracts/goals-constants';

export interface GoalSections {
  /** the active incomplete goal, if any */
  active: Goal | null;
  /** the other incomplete goals */
  others: Goal[];
  completed: Goal[];
}

/** Splits the list into the page's three sections (spec 1 §2: Active Goal, Goals, Completed Goals). */
export function goalSections(goals: Goal[]): GoalSections {
  const incomplete = goals.filter((g) => !g.isCompleted);
  const active = incomplete.find((g) => g.isActive) ?? null;
  return {
    active,
    others: incomplete.filter((g) => g !== active),
    completed: goals.filter((g) => g.isCompleted),
  };
}

export interface GoalLimit {
  title: 'Goal Limit Reached' | 'Maximum Goals Reached';
  message: string;
}

/**
 * The new-goal button is blocked by the plan (spec 1 §5, §9): free learners have 1 goal in progress,
 * Pro up to 10; only incomplete goals count. Null when a new goal is allowed.
 */
export function goalLimit(goals: Goal[], pro: boolean): GoalLimit | null {
  const inProgress = goals.filter((g) => !g.isCompleted).length;
  if (pro) {
    return inProgress >= PLAN_LIMITS.proGoalsInProgress
      ? { title: 'Maximum Goals Reached', message: LIMIT_MESSAGES.proGoalsInProgress }
      : null;
  }
  return inProgress >= PLAN_LIMITS.freeGoalsInProgress
    ? { title: 'Goal Limit Reached', message: LIMIT_MESSAGES.freeGoalsInProgress }
    : null;
}

/** '12 Mar 2026' in the learner's locale; '' for no date. */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
