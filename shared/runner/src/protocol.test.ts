import { describe, expect, it } from 'vitest';
import { abortedOutcome, failedTests, stoppedMessage, timeoutMessage } from './protocol.ts';

describe('protocol helpers', () => {
  it('words a stop in seconds', () => {
    expect(stoppedMessage(5000)).toBe('Stopped after 5 s');
    expect(stoppedMessage(320)).toBe('Stopped after 0.3 s');
    expect(stoppedMessage(12_400)).toBe('Stopped after 12 s');
    expect(timeoutMessage(5000)).toBe(
      'Time limit reached: stopped after 5 s. Is there a loop that never ends?',
    );
  });

  it('makes the outcome of an aborted run and of tests that could not run', () => {
    const run = abortedOutcome('stopped', 'Stopped after 1 s', 1000, { stdout: 'partial' });
    expect(run).toEqual({
      status: 'stopped',
      stdout: 'partial',
      stderr: '',
      value: null,
      tables: [],
      error: 'Stopped after 1 s',
      ms: 1000,
    });
    expect(failedTests(run, 3, 'Stopped after 1 s')).toEqual({
      passed: 0,
      total: 3,
      failures: [{ name: 'Your code', message: 'Stopped after 1 s' }],
      run,
    });
  });
});
