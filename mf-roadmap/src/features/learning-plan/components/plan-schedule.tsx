// The plan's schedule: how it fits the learner's week (hours a week or a target date, study days, a session
// time), whether they are on track, and the planned sessions as an .ics file for a calendar.
import type { PlanSchedule, ScheduleSettings } from '@mindpath/contracts/schedule';
import {
  DEFAULT_SESSION_TIME,
  DEFAULT_STUDY_DAYS,
  HOURS_PER_WEEK_MAX,
  HOURS_PER_WEEK_MIN,
  WEEKDAYS,
} from '@mindpath/contracts/schedule-constants';
import { localTimeZone } from '@mindpath/sdk/pomodoro-api';
import { scheduleApi } from '@mindpath/sdk/schedule-api';
import { useSaveSchedule } from '@mindpath/sdk/schedule-hooks';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import panel from '../../../components/plan-panel.module.css';
import { dayText, paceText, statusText } from '../utils/schedule-text.ts';
import { messageOf } from './plan-editing.ts';
import styles from './plan-schedule.module.css';

const DOWNLOAD_FAILED = 'Failed to download the calendar. Please try again.';

/** Saves the .ics through a link to a Blob: the download needs the bearer token a plain link lacks. */
async function downloadCalendar(goalId: string) {
  const url = URL.createObjectURL(await scheduleApi.calendar(goalId));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'mindpath-study-plan.ics';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function PlanSchedulePanel({
  goalId,
  schedule,
}: {
  goalId: string;
  schedule: PlanSchedule | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const settings = schedule?.settings ?? null;
  const download = async () => {
    setFailure(null);
    try {
      await downloadCalendar(goalId);
    } catch {
      setFailure(DOWNLOAD_FAILED);
    }
  };

  return (
    <section className={`card ${panel.panel}`} aria-labelledby={headingId}>
      <div className={panel.head}>
        <h2 id={headingId} className={panel.title}>
          Schedule
        </h2>
        {schedule && settings && !editing ? (
          <span className={styles.status} data-behind={schedule.behind > 0 || undefined}>
            {statusText(schedule)}
          </span>
        ) : null}
      </div>
      {editing ? (
        <ScheduleForm
          goalId={goalId}
          initial={settings}
          today={schedule?.today}
          onDone={() => setEditing(false)}
        />
      ) : settings && schedule ? (
        <>
          <p className={styles.pace}>{paceText(settings)}</p>
          {schedule.finishDate ? (
            <p className={panel.muted}>Last lesson planned for {dayText(schedule.finishDate)}.</p>
          ) : null}
          <div className={panel.actions}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Change schedule
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void download()}>
              Download .ics
            </Button>
            <Link to="/settings" state={{ activeTab: 'privacy' }} className={styles.link}>
              Calendar feed in Settings
            </Link>
          </div>
          {failure ? (
            <p className={panel.error} role="alert">
              {failure}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className={panel.muted}>Plan this goal around your week: each lesson gets a day.</p>
          <div className={panel.actions}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Set a schedule
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function ScheduleForm({
  goalId,
  initial,
  today,
  onDone,
}: {
  goalId: string;
  initial: ScheduleSettings | null;
  today: string | undefined;
  onDone: () => void;
}) {
  const { save, clear } = useSaveSchedule(goalId);
  const [byDate, setByDate] = useState(initial?.targetDate != null);
  const [hours, setHours] = useState(String(initial?.hoursPerWeek ?? 3));
  const [date, setDate] = useState(initial?.targetDate ?? '');
  const [days, setDays] = useState<number[]>(initial?.studyDays ?? DEFAULT_STUDY_DAYS);
  const [time, setTime] = useState(initial?.sessionTime ?? DEFAULT_SESSION_TIME);
  const [error, setError] = useState<string | null>(null);
  const modeName = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        hoursPerWeek: byDate ? null : Number(hours),
        targetDate: byDate ? date || null : null,
        studyDays: [...days].sort(),
        sessionTime: time,
        timeZone: localTimeZone(),
      });
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await clear.mutateAsync();
      onDone();
    } catch (err) {
      // the schedule stays as it was, and the form open, with the reason
      setError(messageOf(err));
    }
  };
  const toggleDay = (d: number) =>
    setDays((now) => (now.includes(d) ? now.filter((x) => x !== d) : [...now, d]));

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className={panel.fieldset}>
        <legend className={styles.legend}>Plan by</legend>
        <div className={styles.modes}>
          <label className={styles.mode}>
            <input type="radio" name={modeName} checked={!byDate} onChange={() => setByDate(false)} />
            Hours a week
          </label>
          <label className={styles.mode}>
            <input type="radio" name={modeName} checked={byDate} onChange={() => setByDate(true)} />A target
            date
          </label>
        </div>
      </fieldset>
      <div className={styles.fields}>
        {byDate ? (
          <TextField
            label="Finish by"
            type="date"
            value={date}
            min={today}
            onChange={(e) => setDate(e.target.value)}
          />
        ) : (
          <TextField
            label="Hours a week"
            type="number"
            inputMode="decimal"
            min={HOURS_PER_WEEK_MIN}
            max={HOURS_PER_WEEK_MAX}
            step={0.5}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        )}
        <TextField label="Session time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </div>
      <fieldset className={panel.fieldset}>
        <legend className={styles.legend}>Study days</legend>
        <div className={styles.days}>
          {WEEKDAYS.map((name, d) => (
            <Checkbox key={name} checked={days.includes(d)} onChange={() => toggleDay(d)}>
              {name}
            </Checkbox>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p className={panel.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={panel.actions}>
        <Button type="submit" size="sm" loading={save.isPending}>
          Save schedule
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        {initial ? (
          <Button variant="ghost" size="sm" className={panel.danger} onClick={() => void remove()}>
            Remove schedule
          </Button>
        ) : null}
      </div>
    </form>
  );
}
