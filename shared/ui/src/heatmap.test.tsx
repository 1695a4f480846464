// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, barHeight } from './bar-chart.tsx';
import { ActivityHeatmap, heatmapLevel, heatmapWeeks, weekdayOf } from './heatmap.tsx';

afterEach(cleanup);

const day = (date: string, value = 0) => ({ date, value });

describe('heatmap arithmetic', () => {
  it('reads weekdays Monday first, whatever the local time zone', () => {
    expect(weekdayOf('2026-05-11')).toBe(0); // a Monday
    expect(weekdayOf('2026-05-17')).toBe(6); // a Sunday
  });
  it('pads the first week up to the first day and cuts weeks of seven', () => {
    const weeks = heatmapWeeks([day('2026-05-13'), day('2026-05-14'), day('2026-05-18')]);
    expect(weeks).toHaveLength(1);
    expect(weeks[0]!.slice(0, 2)).toEqual([null, null]);
    expect(weeks[0]![2]!.date).toBe('2026-05-13');
    const many = Array.from({ length: 182 }, (_, i) =>
      day(new Date(Date.UTC(2025, 10, 13 + i)).toISOString().slice(0, 10)),
    );
    const full = heatmapWeeks(many);
    expect(full.flat().filter(Boolean)).toHaveLength(182);
    expect(full.every((w) => w.length <= 7)).toBe(true);
    expect(heatmapWeeks([])).toEqual([]);
  });
  it('levels: none for zero, four steps of the busiest day', () => {
    expect(heatmapLevel(0, 10)).toBe(0);
    expect(heatmapLevel(1, 10)).toBe(1);
    expect(heatmapLevel(5, 10)).toBe(2);
    expect(heatmapLevel(7, 10)).toBe(3);
    expect(heatmapLevel(10, 10)).toBe(4);
    expect(heatmapLevel(3, 0)).toBe(0);
  });
  it('bars: zero stays empty, a small value is still seen', () => {
    expect(barHeight(0, 50, 80)).toBe(0);
    expect(barHeight(1, 500, 80)).toBe(2);
    expect(barHeight(50, 50, 80)).toBe(80);
  });
});

describe('charts for screen readers', () => {
  it('the heatmap tells its numbers in a table', () => {
    render(
      <ActivityHeatmap
        title="Activity"
        unit="activities"
        days={[day('2026-05-11', 2), { ...day('2026-05-12', 1), detail: '1 lesson' }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Activity, activities per day' });
    const row = within(table).getByRole('row', { name: /Monday, May 11/ });
    expect(within(row).getByRole('cell', { name: '2' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '1 lesson' })).toBeTruthy();
  });
  it('the bar chart lists each bar with its unit', () => {
    render(
      <BarChart
        title="Focus minutes"
        unit="minutes"
        bars={[
          { label: 'Mon', name: 'Monday', value: 25 },
          { label: 'Tue', name: 'Tuesday', value: 0 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Focus minutes' });
    expect(within(table).getByRole('row', { name: 'Monday 25 minutes' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Tuesday 0 minutes' })).toBeTruthy();
  });
});
