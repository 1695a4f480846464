import { describe, expect, it } from 'vitest';
import {
  addDays,
  civilDay,
  countStudyDays,
  fromBits,
  type LessonToPlan,
  planLessons,
  studyDays,
  toBits,
  weekdayOf,
} from './planner.ts';

const WEEKDAYS = toBits([0, 1, 2, 3, 4]);
const lessons = (minutes: number[], done: (string | null)[] = []): LessonToPlan[] =>
  minutes.map((m, i) => ({
    id: `l${i}`,
    title: `Lesson ${i}`,
    minutes: m,
    isCompleted: done[i] !== undefined && done[i] !== null,
    completedOn: done[i] ?? null,
  }));
const dates = (r: ReturnType<typeof planLessons>) => r.lessons.map((l) => l.date);

describe('calendar days', () => {
  it('counts weekdays Monday first and adds days across month and year ends', () => {
    expect(weekdayOf('2026-11-30')).toBe(0); // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(fromBits(toBits([6, 0, 2]))).toEqual([0, 2, 6]);
  });

  it('takes today in the learner’s time zone, daylight saving included', () => {
    // 23:30 UTC on 28 March 2026 is 00:30 on the 29th in Berlin (CET, an hour ahead)…
    expect(civilDay(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    // …and 22:30 UTC on the 29th is 00:30 on the 30th (CEST since 02:00, two hours ahead)
    expect(civilDay(new Date('2026-03-29T22:30:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    expect(civilDay(new Date('2026-03-29T22:30:00Z'), 'America/Los_Angeles')).toBe('2026-03-29');
  });

  it('days across the daylight-saving change are whole days: no date skipped or doubled', () => {
    expect(studyDays('2026-03-27', toBits([0, 1, 2, 3, 4, 5, 6]), 4)).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('lists and counts study days, a start that is not one skipped', () => {
    expect(studyDays('2026-11-28', WEEKDAYS, 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(countStudyDays('2026-11-28', '2026-12-11', WEEKDAYS)).toBe(10);
    expect(countStudyDays('2026-11-30', '2026-11-30', WEEKDAYS)).toBe(1);
    expect(countStudyDays('2026-12-01', '2026-11-30', WEEKDAYS)).toBe(0);
    expect(studyDays('2026-11-30', 0, 3)).toEqual([]);
  });
});

describe('planLessons', () => {
  const from = '2026-11-30'; // a Monday

  it('by hours a week: the week’s minutes shared over the study days, a lesson on the day it starts', () => {
    // 3 hours over Monday, Wednesday, Friday: 60 minutes a day
    const rule = { minutesPerWeek: 180, targetDate: null, studyDays: toBits([0, 2, 4]), plannedFrom: from };
    const r = planLessons(rule, lessons([30, 30, 45, 30, 90, 20]), from);
    expect(dates(r)).toEqual([
      '2026-11-30',
      '2026-11-30',
      '2026-12-02',
      '2026-12-02',
      '2026-12-04',
      '2026-12-07',
    ]);
    expect(r.finishDate).toBe('2026-12-07');
    expect(r.behind).toBe(0);
  });

  it('a lesson longer than a day takes the days it needs before the next one starts', () => {
    const rule = { minutesPerWeek: 150, targetDate: null, studyDays: WEEKDAYS, plannedFrom: from };
    // 30 minutes a day: a 90-minute lesson on Monday, the next starts on Thursday
    expect(dates(planLessons(rule, lessons([90, 30]), from))).toEqual(['2026-11-30', '2026-12-03']);
  });

  it('to a target date: the minutes left shared over the study days up to it', () => {
    // 10 weekdays to 11 December, 10 lessons of 30 minutes: one a day
    const rule = { minutesPerWeek: null, targetDate: '2026-12-11', studyDays: WEEKDAYS, plannedFrom: from };
    const r = planLessons(rule, lessons(Array(10).fill(30)), from);
    expect(r.lessons[0]!.date).toBe('2026-11-30');
    expect(r.lessons[5]!.date).toBe('2026-12-07');
    expect(r.finishDate).toBe('2026-12-11');
  });

  it('a target date in the past puts everything on the first study day, then behind', () => {
    const rule = { minutesPerWeek: null, targetDate: '2026-11-01', studyDays: WEEKDAYS, plannedFrom: from };
    const r = planLessons(rule, lessons([30, 30]), '2026-12-02');
    expect(dates(r)).toEqual([from, from]);
    expect(r.behind).toBe(2);
  });

  it('behind counts open lessons planned before today; completed ones keep their day', () => {
    const rule = { minutesPerWeek: 150, targetDate: null, studyDays: WEEKDAYS, plannedFrom: from };
    const plan = lessons([30, 30, 30, 30], [null, '2026-11-30']);
    const r = planLessons(rule, plan, '2026-12-03');
    expect(dates(r)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    // Monday's lesson open, Tuesday's done early, Wednesday's open: two behind
    expect(r.behind).toBe(2);
  });

  it('lessons completed before the plan was planned are not planned again', () => {
    const rule = { minutesPerWeek: 150, targetDate: null, studyDays: WEEKDAYS, plannedFrom: from };
    const r = planLessons(rule, lessons([30, 30], ['2026-11-20']), from);
    expect(r.lessons.map((l) => l.lessonId)).toEqual(['l1']);
    expect(r.lessons[0]!.date).toBe(from);
  });

  it('nothing left: no finish date', () => {
    const rule = { minutesPerWeek: 60, targetDate: null, studyDays: WEEKDAYS, plannedFrom: from };
    expect(planLessons(rule, [], from)).toEqual({ lessons: [], behind: 0, finishDate: null });
  });
});
