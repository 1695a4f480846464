// The plan editor's limits and messages, apart from the zod schemas (roadmaps.ts): the learning plan's
// remote shows them without loading zod.

/** The longest name of a milestone or title of a lesson a learner may give. */
export const PLAN_TITLE_MAX = 200;

export const PLAN_EDIT_MESSAGES = {
  titleRequired: 'A title is required.',
  titleTooLong: `A title can be at most ${PLAN_TITLE_MAX} characters.`,
  /** an edit made on a version of the plan another tab has edited since */
  stale: 'This plan changed in another tab. Reload to see the latest version.',
  nothingToUndo: 'There is nothing to undo.',
  /** what the edit changed is gone (the roadmap was generated again) */
  undoGone: 'This change can no longer be undone.',
  failed: 'Failed to save your change. Please try again.',
  /** removing the only milestone would leave a plan to generate again */
  lastSection: 'A plan keeps at least one milestone.',
  /** a move or an addition to a place that is not in the plan */
  badPlace: 'Choose a place in the plan.',
  /** "Suggest one" found no lesson the plan does not have */
  noSuggestion: 'No new lesson to suggest for this milestone. Type a title instead.',
} as const;

/** What a plan edit did, by kind; an undo is an edit too, so it can be listed and undone in turn. */
export const PLAN_EDIT_KINDS = [
  'rename-section',
  'rename-lesson',
  'move-section',
  'move-lesson',
  'add-section',
  'add-lesson',
  'remove-section',
  'remove-lesson',
  'restore',
  'undo',
] as const;
export type PlanEditKind = (typeof PLAN_EDIT_KINDS)[number];
