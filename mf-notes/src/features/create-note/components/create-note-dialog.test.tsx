// @vitest-environment jsdom

import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CreateNoteDialog from './create-note-dialog.tsx';

const LESSON = '11111111-1111-4111-8111-111111111111';
const SELECTION = 'The borrow checker enforces the ownership rules at compile time.';

function renderDialog(status: number) {
  const calls = stubFetch(({ body }) =>
    status === 201
      ? [
          201,
          {
            id: '22222222-2222-4222-8222-222222222222',
            ...(body as object),
            tags: '[]',
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        ]
      : [status, { message: 'boom', code: 'X' }],
  );
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderPage(
    <CreateNoteDialog selection={SELECTION} lessonId={LESSON} onClose={onClose} onCreated={onCreated} />,
  );
  return { calls, onClose, onCreated };
}

beforeEach(() => localStore.set('token', 'jwt'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CreateNoteDialog', () => {
  it('prefills the first 30 characters of the selection, ending at a word, and creates the note for the lesson', async () => {
    const { calls, onClose, onCreated } = renderDialog(201);
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('The borrow checker enforces');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe(SELECTION);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/notes',
        method: 'POST',
        body: { title: 'The borrow checker enforces', content: SELECTION, lessonId: LESSON },
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ lessonId: LESSON }));
  });

  it('disables Save while the title is empty and says the title is required', async () => {
    renderDialog(201);
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByLabelText('Content'));
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Note title is required')).toBeTruthy();
  });

  it('keeps the dialog and the text when the create fails', async () => {
    const { onClose } = renderDialog(500);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create note. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe(SELECTION);
  });
});
