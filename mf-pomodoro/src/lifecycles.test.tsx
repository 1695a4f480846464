// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

describe('mf-pomodoro lifecycles', () => {
  it('mounts /, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-pomodoro', initialPath: '/' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });
});
