// What the plan's Edit mode gives its controls: one way to make an edit, and the title rule they check.
import { PLAN_EDIT_MESSAGES, PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import type { PlanEditRequest } from '@mindpath/sdk/roadmap-hooks';
import { createContext, useContext } from 'react';

interface PlanEditing {
  /** makes an edit; the learner's message when it was refused (also shown by the editor), null when stored */
  submit(request: PlanEditRequest): Promise<string | null>;
}

export const PlanEditingContext = createContext<PlanEditing>({ submit: async () => null });
export const usePlanEditing = () => useContext(PlanEditingContext);

/** What a refused edit tells the learner: the schema's words for a bad title, else the server's or ours. */
export function messageOf(err: unknown): string {
  if (!(err instanceof ApiRequestError)) return PLAN_EDIT_MESSAGES.failed;
  const issue = Array.isArray(err.details)
    ? (err.details[0] as { message?: unknown } | undefined)
    : undefined;
  if (err.status === 400 && typeof issue?.message === 'string') return issue.message;
  return err.status < 500 ? err.message : PLAN_EDIT_MESSAGES.failed;
}

/** The plan's title rule, checked before the request (the API checks it again). */
export function titleProblem(title: string): string | null {
  const t = title.trim();
  if (!t) return PLAN_EDIT_MESSAGES.titleRequired;
  return t.length > PLAN_TITLE_MAX ? PLAN_EDIT_MESSAGES.titleTooLong : null;
}
