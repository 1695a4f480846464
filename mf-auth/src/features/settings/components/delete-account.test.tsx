// @vitest-environment jsdom
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccount } from './delete-account.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openDialog() {
  const user = userEvent.setup();
  renderPage(<DeleteAccount />, { path: '/settings/privacy' });
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return { user, dialog: await screen.findByRole('alertdialog', { name: 'Delete your account?' }) };
}

describe('DeleteAccount', () => {
  it('says what goes and what stays, and asks for the password before calling the API', async () => {
    localStore.set('token', 'jwt');
    const calls = stubFetch(() => [500, {}]);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(/Your goals, assessments, roadmaps and lessons/)).toBeTruthy();
    expect(
      within(dialog).getByText(/amount, date and invoice number, without your card details/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/cancelled at once: you will not be charged again/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your password to confirm.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's words for a wrong password and keeps the session", async () => {
    localStore.set('token', 'jwt');
    stubFetch(() => [
      403,
      { message: 'That password is not right. Your account has not been deleted.', code: 'WRONG_PASSWORD' },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your password'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(/That password is not right/)).toBeTruthy();
    expect(localStore.get('token')).toBe('jwt');
  });

  it('deletes with the password and ends the session (the page then loads the landing page afresh)', async () => {
    localStore.set('token', 'jwt');
    const calls = stubFetch(() => [
      202,
      { message: 'Your account has been deleted.', requestedAt: new Date().toISOString() },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your password'), 'Str0ng!pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(localStore.get('token')).toBeUndefined());
    expect(calls).toEqual([{ url: '/api/account', method: 'DELETE', body: { password: 'Str0ng!pass' } }]);
  });
});
