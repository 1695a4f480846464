// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type HintProgress, reveal } from '../utils/hint-steps.ts';
import { HintSteps } from './hint-steps.tsx';

afterEach(cleanup);

function Steps({ hints }: { hints: string[] }) {
  const [progress, setProgress] = useState<HintProgress>({ hints: hints.length, shown: 0 });
  return (
    <>
      <HintSteps
        hints={hints}
        solution={'SELECT 1;'}
        progress={progress}
        onReveal={() => setProgress(reveal)}
      />
      <output data-testid="progress">{JSON.stringify(progress)}</output>
    </>
  );
}

describe('HintSteps', { timeout: 15_000 }, () => {
  it('reveals hint 1, hint 2, then the solution, one press each, keeping what was shown and the count', async () => {
    render(<Steps hints={['Think about `WHERE`.', 'Add `WHERE o.total > 20`.']} />);
    expect(screen.getByText('No hints used')).toBeTruthy();
    expect(screen.queryByText('Hint 1')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show hint 1' }));
    expect(screen.getByText('Hint 1')).toBeTruthy();
    // the hint is Markdown: its code shows as code
    expect(screen.getByText('WHERE').tagName).toBe('CODE');
    expect(screen.getByText('1 hint used')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show hint 2' }));
    expect(screen.getByText('Hint 1')).toBeTruthy();
    expect(screen.getByText('Hint 2')).toBeTruthy();
    expect(screen.queryByText('Solution')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show solution' }));
    expect(screen.getByText('Solution')).toBeTruthy();
    expect(screen.getByText('SELECT 1;')).toBeTruthy();
    expect(screen.getByText('2 hints used, solution shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
    expect(screen.getByTestId('progress').textContent).toBe('{"hints":2,"shown":3}');
  });

  it('shows a model’s hint as text, never as markup', async () => {
    render(<Steps hints={['<img src=x onerror="alert(1)"> use a loop']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show hint 1' }));
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(/use a loop/)).toBeTruthy();
  });
});
