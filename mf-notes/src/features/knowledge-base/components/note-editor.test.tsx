// @vitest-environment jsdom

import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NoteEditor } from './note-editor.tsx';

// the preview's renderer is a lazy chunk: loaded here once, with time to spare on a busy machine, so the
// test's own waits are for the preview, not for the Markdown libraries' first import
beforeAll(() => import('./note-content.tsx'), 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NoteEditor preview', () => {
  it('shows the Markdown as it will read, with [[links]] and #tags not followed, then back to the text', async () => {
    const calls = stubFetch(() => [500, { message: 'unused', code: 'X' }]);
    const notes = new Map([['borrowing', 'id-b']]);
    renderPage(
      <NoteEditor
        titles={['Borrowing']}
        resolve={(key) => notes.get(key)}
        onSaved={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const content = screen.getByLabelText('Content');
    await userEvent.click(content);
    await userEvent.paste('## Rules\n\n- **one** owner, see [[Borrowing]] and [[Later]] #rust');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect((await screen.findByRole('heading', { name: 'Rules' })).closest('section')).toBe(preview);
    expect(preview.querySelector('li strong')?.textContent).toBe('one');
    expect(preview.textContent).toContain('Borrowing');
    // in the preview nothing leaves the draft: no links to notes, no tag buttons
    expect(screen.queryByRole('link')).toBeNull();
    expect(preview.querySelector('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    expect(content.hidden).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(content.hidden).toBe(false);
    expect((content as HTMLTextAreaElement).value).toBe(
      '## Rules\n\n- **one** owner, see [[Borrowing]] and [[Later]] #rust',
    );
    expect(calls).toHaveLength(0);
  });
});
