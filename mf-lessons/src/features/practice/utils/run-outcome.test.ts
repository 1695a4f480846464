import { describe, expect, it } from 'vitest';
import { outcome } from '../../../test-utils/run-outcome.ts';
import { explain, isSilent, rowsText, summarize, testsText } from './run-outcome.ts';

describe('run outcomes in learner words', () => {
  it('says how long a run took, and a stop or the time limit as such', () => {
    expect(summarize(outcome({ ms: 12.4 })).title).toBe('Ran in 12 ms');
    expect(summarize(outcome({ ms: 1530 })).title).toBe('Ran in 1.5 s');
    expect(summarize(outcome({ status: 'stopped', ms: 300 }))).toMatchObject({
      tone: 'stopped',
      title: 'Stopped after 0.3 s',
    });
    const limit = 'Time limit reached: stopped after 5 s. Is there a loop that never ends?';
    expect(summarize(outcome({ status: 'timeout', ms: 5000, error: limit })).title).toBe(limit);
    expect(summarize(outcome({ status: 'timeout', ms: 5000 })).title).toBe('Stopped after 5 s');
  });

  it('explains common errors and keeps the runtime’s own message', () => {
    const python = summarize(outcome({ status: 'error', error: "NameError: name 'totl' is not defined" }));
    expect(python).toMatchObject({ tone: 'error', title: 'Your code stopped with an error' });
    expect(python.explanation).toMatch(/never defined/);
    expect(python.detail).toBe("NameError: name 'totl' is not defined");
    expect(explain('relation "custmers" does not exist')).toMatch(/no table of that name/);
    expect(explain('column "nme" does not exist')).toMatch(/no column of that name/);
    expect(explain('syntax error at or near "SELEC"')).toMatch(/could not be read/);
    expect(explain('ReferenceError: x is not defined')).toMatch(/never defined/);
    expect(explain('IndentationError: expected an indented block')).toMatch(/indented/);
    expect(explain('Something rare happened')).toBeNull();
  });

  it('counts tests and rows in words', () => {
    expect(testsText({ passed: 3, total: 4 })).toBe('3 of 4 tests passed');
    expect(testsText({ passed: 4, total: 4 })).toBe('All 4 tests passed');
    expect(testsText({ passed: 1, total: 1 })).toBe('The test passed');
    expect(testsText({ passed: 0, total: 1 })).toBe('The test did not pass');
    expect([0, 1, 3].map(rowsText)).toEqual(['No rows', '1 row', '3 rows']);
  });

  it('knows a run that showed nothing', () => {
    expect(isSilent(outcome({}))).toBe(true);
    expect(isSilent(outcome({ value: '3' }))).toBe(false);
    expect(isSilent(outcome({ tables: [{ columns: ['a'], rows: [] }] }))).toBe(false);
  });
});
