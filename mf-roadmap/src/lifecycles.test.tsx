// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

describe('mf-roadmap lifecycles', () => {
  it('mounts /learning-plan, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-roadmap', initialPath: '/learning-plan' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /learning-plan/1, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-roadmap', initialPath: '/learning-plan/1' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });
});
