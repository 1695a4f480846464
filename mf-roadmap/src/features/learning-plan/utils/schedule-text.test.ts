import { describe, expect, it } from 'vitest';
import { dayText, paceText, plannedText, statusText, studyDaysText } from './schedule-text.ts';

const schedule = {
  goalId: 'g',
  settings: null,
  today: '2026-12-02',
  lessons: [],
  behind: 0,
  finishDate: '2026-12-04',
};
const settings = {
  hoursPerWeek: 3,
  targetDate: null,
  studyDays: [4, 0, 2],
  sessionTime: '18:30',
  timeZone: 'UTC',
};

describe('schedule text', () => {
  it('writes a calendar day as that day in any time zone', () => {
    expect(dayText('2026-12-02', 'en-US')).toBe('Wed, Dec 2');
    expect(dayText('2027-03-28', 'en-GB')).toBe('Sun 28 Mar');
  });

  it('says today for a lesson planned today', () => {
    expect(plannedText('2026-12-02', '2026-12-02', 'en-US')).toBe('Planned for today');
    expect(plannedText('2026-12-03', '2026-12-02', 'en-US')).toBe('Planned Thu, Dec 3');
  });

  it('names the study days, shortest where it can', () => {
    expect(studyDaysText([4, 0, 2])).toBe('Mon, Wed, Fri');
    expect(studyDaysText([0, 1, 2, 3, 4])).toBe('Weekdays');
    expect(studyDaysText([6, 5, 4, 3, 2, 1, 0])).toBe('Every day');
  });

  it('reads the pace by hours or to a date', () => {
    expect(paceText(settings, 'en-US')).toBe('3 h a week · Mon, Wed, Fri at 18:30');
    expect(paceText({ ...settings, hoursPerWeek: null, targetDate: '2026-12-24' }, 'en-US')).toBe(
      'Finish by Thu, Dec 24 · Mon, Wed, Fri at 18:30',
    );
  });

  it('is on track, behind by a count, or done', () => {
    expect(statusText(schedule)).toBe('On track');
    expect(statusText({ ...schedule, behind: 1 })).toBe('1 lesson behind');
    expect(statusText({ ...schedule, behind: 3 })).toBe('3 lessons behind');
    expect(statusText({ ...schedule, finishDate: null })).toBe('Every planned lesson is done');
  });
});
