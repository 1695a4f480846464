// @vitest-environment jsdom
import { mountForTest } from '@mindpath/mf/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lifecycles } from './lifecycles.tsx';

/**
 * jsdom 31 starts a self-clearing 16 ms interval (its "focus fixup") on every focus change, including the
 * removal of a focused element. mountForTest counts intervals right at unmount, so the autofocused login
 * field would show up as a leak: move focus off it and let that interval finish first.
 */
async function settle() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const PATHS = [
  '/',
  '/login',
  '/register',
  '/privacy-policy',
  '/settings/profile',
  '/settings/avatar',
  '/settings/privacy',
];

describe('mf-auth lifecycles', () => {
  it.each(PATHS)('mounts %s, renders it and leaves nothing behind', async (initialPath) => {
    const m = await mountForTest(lifecycles, { name: 'mf-auth', initialPath });
    await waitFor(() => expect(m.domElement.innerHTML).not.toBe(''));
    expect(m.domElement.textContent).not.toContain('no page at this path');
    await settle();
    expect(await m.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
    expect(document.body.style.overflow).toBe('');
  });
});
