import { localStore } from '@mindpath/sdk/local-store';
import { Button } from '@mindpath/ui/button';
import { useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useAmbientSound } from '../hooks/use-ambient-sound.ts';
import { useFocusTimer } from '../hooks/use-focus-timer.ts';
import { useShortcuts } from '../hooks/use-shortcuts.ts';
import { useTimerSettings } from '../hooks/use-timer-settings.ts';
import { formatClock, isBreak, isRunning, PHASE_LABELS, remainingMs } from '../utils/timer.ts';
import styles from './focus-timer.module.css';
import { ChevronDownIcon, ClockIcon } from './icons.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SoundControls } from './sound-controls.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lesson open now: the focus time started on a lesson page counts for that lesson. */
function useOpenLesson(): string | null {
  const { pathname } = useLocation();
  const id = matchPath('/lessons/:lessonId/*', pathname)?.params.lessonId;
  return id && UUID.test(id) ? id : null;
}

/**
 * The floating focus timer (spec 2 §2 Pomodoro widget): a panel collapsible to a small timer, on every
 * authenticated page, bottom right; whether the panel is open is kept (`pomodoroVisible`).
 */
export default function FocusTimer() {
  const [open, setOpen] = useState(() => localStore.get('pomodoroVisible') === true);
  const { settings, save } = useTimerSettings();
  const sound = useAmbientSound();
  const { state, now, actions } = useFocusTimer({
    settings,
    lessonId: useOpenLesson(),
    onPhaseEnd: sound.beep,
  });
  const running = isRunning(state);
  const clock = formatClock(remainingMs(state, now));
  const phase = PHASE_LABELS[state.phase];
  const toggleRun = running ? actions.pause : actions.start;
  useShortcuts({ toggleRun, reset: actions.reset, skip: isBreak(state) ? actions.skip : null });

  const show = (next: boolean) => {
    localStore.set('pomodoroVisible', next);
    setOpen(next);
  };

  if (!open) {
    return (
      <button
        type="button"
        className={`${styles.pill} ${running ? styles.running : ''}`}
        onClick={() => show(true)}
        aria-label={`Focus timer: ${clock} ${phase}${running ? '' : ', paused'}. Open the timer`}
        aria-expanded={false}
        data-testid="focus-timer"
      >
        <ClockIcon />
        <span className={styles.pillTime}>{clock}</span>
      </button>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="focus-timer-title" data-testid="focus-timer">
      <header className={styles.header}>
        <h2 id="focus-timer-title" className={styles.title}>
          Focus timer
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => show(false)}
          aria-label="Collapse the focus timer"
          aria-expanded
          icon={<ChevronDownIcon />}
        />
      </header>

      <p className={styles.phase}>
        {phase}
        {state.phase === 'focus' ? (
          <span className={styles.cycle}>
            {' '}
            · Session {Math.min(state.cycle + 1, settings.sessionsBeforeLongBreak)} of{' '}
            {settings.sessionsBeforeLongBreak}
          </span>
        ) : null}
      </p>
      <p className={styles.clock} role="timer" aria-label={`${clock} left`}>
        {clock}
      </p>

      <div className={styles.controls}>
        <Button size="sm" onClick={toggleRun}>
          {running ? 'Pause' : 'Start'}
        </Button>
        <Button size="sm" variant="secondary" onClick={actions.reset}>
          Reset
        </Button>
        {isBreak(state) ? (
          <Button size="sm" variant="secondary" onClick={actions.skip}>
            Skip
          </Button>
        ) : null}
      </div>

      <SoundControls {...sound} />
      <SettingsForm settings={settings} save={save} />

      <details className={styles.details}>
        <summary>Keyboard shortcuts</summary>
        <dl className={styles.shortcuts}>
          <dt>
            <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd>
          </dt>
          <dd>Start or pause</dd>
          <dt>
            <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>R</kbd>
          </dt>
          <dd>Reset</dd>
          <dt>
            <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>K</kbd>
          </dt>
          <dd>Skip the break</dd>
        </dl>
      </details>
    </section>
  );
}
