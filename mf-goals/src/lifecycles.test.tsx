// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

describe('mf-goals lifecycles', () => {
  it('mounts /home, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-goals', initialPath: '/home' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /goals, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-goals', initialPath: '/goals' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /goals/new, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-goals', initialPath: '/goals/new' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /goals/1/assessment, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-goals', initialPath: '/goals/1/assessment' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });
});
