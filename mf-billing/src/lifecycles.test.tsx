// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

describe('mf-billing lifecycles', () => {
  it('mounts /subscription/success, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-billing', initialPath: '/subscription/success' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /subscription/cancel, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-billing', initialPath: '/subscription/cancel' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts the Subscription tab at /settings, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-billing', initialPath: '/settings' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts the plan cards at /pricing, renders them and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-billing', initialPath: '/pricing' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });
});
