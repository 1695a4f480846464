// A lesson's versions: regenerating one lesson with an instruction, restoring an earlier version,
// and rewriting the lessons of a goal not yet started. The constants and words, without zod (the lesson page
// reads them).

/** An instruction for a new version is optional and at most this long. */
export const LESSON_INSTRUCTION_MAX = 300;

/** What the offline generator follows in an instruction, as the lesson's note and the API name them. */
export const OFFLINE_INSTRUCTION_LABELS = [
  'simpler',
  'more examples',
  'more practice',
  'shorter',
  'focus on a term of the lesson',
] as const;

/** The note at the top of an offline lesson for the parts of an instruction it could not follow. */
export function offlineInstructionNote(notFollowed: readonly string[]): string {
  const parts = notFollowed.map((p) => `“${p}”`).join(', ');
  return `The offline generator could not follow ${parts}; it follows: ${OFFLINE_INSTRUCTION_LABELS.join(', ')}.`;
}

export const LESSON_VERSION_MESSAGES = {
  instructionTooLong: `The instruction can be at most ${LESSON_INSTRUCTION_MAX} characters.`,
  noContent: 'This lesson has no content yet: it is written when you open it.',
  generating: 'A new version of this lesson is being written. Wait for it to finish, then try again.',
  versionNotFound: 'Version not found',
  goalNotFound: 'Goal not found',
  noGoal: 'This lesson belongs to no goal',
} as const;

/** What "Regenerate remaining lessons" did with each lesson of the goal. */
export const REMAINING_OUTCOMES = ['cleared', 'completed', 'started', 'not-written', 'generating'] as const;
export type RemainingOutcome = (typeof REMAINING_OUTCOMES)[number];
