// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

describe('mf-lessons lifecycles', () => {
  it('mounts /lessons/1, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-lessons', initialPath: '/lessons/1' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });

  it('mounts /lessons/1/assessment, renders it and leaves nothing behind', async () => {
    const m = await mountForTest(lifecycles, { name: 'mf-lessons', initialPath: '/lessons/1/assessment' });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
  });
});
