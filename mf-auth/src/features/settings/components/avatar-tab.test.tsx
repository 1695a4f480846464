// @vitest-environment jsdom
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_THEME_IDS } from '../utils/avatar-themes.ts';
import { AvatarTab } from './avatar-tab.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('AvatarTab', () => {
  it('offers the ten themes as a radio group with lotr selected by default', () => {
    render(<AvatarTab />);
    expect(AVATAR_THEME_IDS).toEqual([
      'lotr',
      'got',
      'cyberpunk',
      'gta',
      'hacker',
      'starwars',
      'marvel',
      'anime',
      'pixel',
      'disney',
    ]);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual([...AVATAR_THEME_IDS]);
    expect(screen.getByRole('group', { name: 'Avatar theme' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Lord of the Rings' }) as HTMLInputElement).checked).toBe(true);
  });

  it('persists the selection in localStore and restores it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<AvatarTab />);
    await user.click(screen.getByRole('radio', { name: 'Cyberpunk' }));
    expect(localStore.get('userAvatar')).toBe('cyberpunk');
    unmount();

    render(<AvatarTab />);
    expect((screen.getByRole('radio', { name: 'Cyberpunk' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Lord of the Rings' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('falls back to lotr for an unknown stored value', () => {
    localStore.set('userAvatar', 'unknown-theme');
    render(<AvatarTab />);
    expect((screen.getByRole('radio', { name: 'Lord of the Rings' }) as HTMLInputElement).checked).toBe(true);
  });

  it('moves the selection with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<AvatarTab />);
    await user.click(screen.getByRole('radio', { name: 'Hacker' }));
    await user.keyboard('{ArrowRight}');
    expect(localStore.get('userAvatar')).toBe('starwars');
  });
});
