// The welcome screen's timing (spec 1 §2, §9): 'Welcome to the new era of your intelligence' typed at 70 ms a
// character (43 characters, about 3 s), then a pulse, done after 7 s.
export const WELCOME_TEXT = 'Welcome to the new era of your intelligence';
export const TYPING_MS_PER_CHAR = 70;
export const WELCOME_DURATION_MS = 7000;

/** How much of the text shows `elapsedMs` after the start. */
export const typedAt = (elapsedMs: number) =>
  WELCOME_TEXT.slice(
    0,
    Math.min(WELCOME_TEXT.length, Math.max(0, Math.floor(elapsedMs / TYPING_MS_PER_CHAR))),
  );

/** The text is whole: the pulse begins. */
export const typingEndsAt = WELCOME_TEXT.length * TYPING_MS_PER_CHAR;
