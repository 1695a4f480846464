// A runner's outcome for the practice tests: a run that printed nothing, with what a test sets.
import type { RunOutcome } from '@mindpath/runner/protocol';

export const outcome = (patch: Partial<RunOutcome> = {}): RunOutcome => ({
  status: 'ok',
  stdout: '',
  stderr: '',
  value: null,
  tables: [],
  error: null,
  ms: 8,
  ...patch,
});
