// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { outcome } from '../../../test-utils/run-outcome.ts';
import { RunOutput } from './run-output.tsx';

afterEach(cleanup);

describe('RunOutput', () => {
  it('shows each SQL result set as a table with column headers, NULL as SQL writes it', () => {
    render(
      <RunOutput
        running={false}
        outcome={outcome({
          tables: [
            {
              columns: ['name', 'total'],
              rows: [
                ['Ada', 120.5],
                ['Grace', null],
                ['Linus', 40],
              ],
            },
          ],
        })}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Output' });
    expect(within(panel).getByText('Ran in 8 ms')).toBeTruthy();
    const table = within(panel).getByRole('table', { name: 'Result: 3 rows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['name', 'total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Ada', '120.5'],
      ['Grace', 'NULL'],
      ['Linus', '40'],
    ]);
  });

  it('numbers the tables of several statements', () => {
    const one = { columns: ['n'], rows: [[1]] };
    render(<RunOutput running={false} outcome={outcome({ tables: [one, { columns: ['n'], rows: [] }] })} />);
    expect(screen.getByRole('table', { name: 'Result 1: 1 row' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Result 2: No rows' })).toBeTruthy();
  });

  it('shows what was printed, the warnings and the last value', () => {
    render(
      <RunOutput
        running={false}
        outcome={outcome({ stdout: 'hello\n', stderr: 'careful\n', value: '42' })}
      />,
    );
    expect(screen.getByText('Printed').nextElementSibling?.textContent).toBe('hello\n');
    expect(screen.getByText('Warnings and errors').nextElementSibling?.textContent).toBe('careful\n');
    expect(screen.getByText('Value of the last line').nextElementSibling?.textContent).toBe('42');
    expect(screen.queryByText('It ran without printing anything.')).toBeNull();
  });

  it('explains an error in plain words and keeps the runtime’s message', () => {
    render(
      <RunOutput
        running={false}
        outcome={outcome({
          status: 'error',
          error: 'relation "custmers" does not exist',
          stdout: 'before\n',
        })}
      />,
    );
    expect(screen.getByText('Your code stopped with an error')).toBeTruthy();
    expect(screen.getByText("There is no table of that name in this lesson's database.")).toBeTruthy();
    expect(screen.getByText('relation "custmers" does not exist')).toBeTruthy();
    // what it printed before the error still shows
    expect(screen.getByText('Printed')).toBeTruthy();
  });

  it('says a stop and the time limit, and nothing about output it never had', () => {
    const { rerender } = render(
      <RunOutput running={false} outcome={outcome({ status: 'stopped', ms: 1200 })} />,
    );
    expect(screen.getByText('Stopped after 1.2 s')).toBeTruthy();
    const limit = 'Time limit reached: stopped after 5 s. Is there a loop that never ends?';
    rerender(<RunOutput running={false} outcome={outcome({ status: 'timeout', ms: 5003, error: limit })} />);
    expect(screen.getByText(limit)).toBeTruthy();
    expect(screen.queryByText('It ran without printing anything.')).toBeNull();
  });

  it('announces the result politely, says when it is running or starting, and when the runner is missing', () => {
    const { rerender } = render(<RunOutput running outcome={null} />);
    const live = screen.getByText('Running…').closest('[aria-live]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    rerender(
      <RunOutput
        running
        outcome={null}
        starting="Starting Python in your browser: the first run takes a few seconds…"
      />,
    );
    expect(screen.getByText(/Starting Python in your browser/)).toBeTruthy();
    rerender(<RunOutput running={false} outcome={outcome({})} />);
    expect(screen.getByText('It ran without printing anything.')).toBeTruthy();
    rerender(<RunOutput running={false} outcome={null} unavailable="The code runner could not be loaded." />);
    expect(screen.getByText('The code runner could not be loaded.')).toBeTruthy();
  });
});
