import type { PomodoroPhase } from '@mindpath/contracts/pomodoro';

export const SYSTEM_NOTIFICATION_TITLE = 'Mindpath focus timer';

/** What the in-app and the system notification say when a phase ends. */
export function phaseMessage(from: PomodoroPhase, to: PomodoroPhase): string {
  if (from === 'focus') {
    return to === 'longBreak'
      ? 'Focus session complete. Time for a long break.'
      : 'Focus session complete. Time for a short break.';
  }
  return 'Break is over. Time to focus.';
}
