// @vitest-environment jsdom
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SourcesSection from './sources-section.tsx';

const GOAL_ID = '00000000-0000-4000-8000-000000000001';
const T0 = '2026-11-27T10:00:00.000Z';
const LIMITS = { perGoal: 3, maxBytes: 10 * 1024 * 1024 };
let n = 0;
const source = (title: string, patch: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  goalId: GOAL_ID,
  title,
  origin: 'file',
  format: 'pdf',
  fileName: `${title}.pdf`,
  url: null,
  bytes: 2048,
  pages: 3,
  sections: 0,
  passages: 6,
  state: 'ready',
  progress: 100,
  error: null,
  createdAt: T0,
  updatedAt: T0,
  ...patch,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}
/** The API at the network boundary: `answer` per call; the list is whatever `list` holds then. */
function serve(
  list: { sources: unknown[]; limits: typeof LIMITS },
  answer?: (c: Call) => [number, unknown?],
) {
  const calls: Call[] = [];
  stubFetch(({ url, method, body }) => {
    const call = { method, path: url.replace(/^\/api/, ''), body };
    calls.push(call);
    const answered = answer?.(call);
    if (answered) return [answered[0], answered[1]];
    if (method === 'GET' && call.path === `/goals/${GOAL_ID}/sources`) return [200, list];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
  return calls;
}

const render = () => renderPage(<SourcesSection goalId={GOAL_ID} />);
const section = () => screen.getByRole('region', { name: 'Sources' });
const row = (title: string) =>
  within(screen.getByRole('list', { name: 'Your sources' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title))!;

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SourcesSection', () => {
  it('lists each source with its kind, size, extent and date, and its state: progress, Ready or why it failed', async () => {
    serve({
      sources: [
        source('Rust book', { bytes: 1.5 * 1024 * 1024, pages: 12 }),
        source('Lecture notes', {
          origin: 'paste',
          format: 'markdown',
          pages: null,
          sections: 4,
          bytes: 3000,
          state: 'processing',
          progress: 40,
        }),
        source('Scan', {
          state: 'failed',
          progress: 0,
          error: { code: 'no_text_layer', message: SOURCE_MESSAGES.no_text_layer },
        }),
      ],
      limits: LIMITS,
    });
    render();
    await screen.findByRole('heading', { name: 'Rust book' });
    expect(within(section()).getByText('3 of 3 sources')).toBeTruthy();

    const added = new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(T0));
    expect(within(row('Rust book')).getByText(`PDF · 1.5 MB · 12 pages · Added ${added}`)).toBeTruthy();
    expect(within(row('Rust book')).getByText('Ready')).toBeTruthy();
    expect(within(row('Rust book')).getByRole('button', { name: 'Replace Rust book' })).toBeTruthy();

    const reading = within(row('Lecture notes')).getByRole('progressbar', { name: 'Reading Lecture notes' });
    expect(reading.getAttribute('aria-valuenow')).toBe('40');
    expect(within(row('Lecture notes')).getByText('40%')).toBeTruthy();
    expect(within(row('Lecture notes')).getByText(/^Markdown · 3 KB · 4 sections · Added/)).toBeTruthy();
    // a pasted text has no file to replace
    expect(within(row('Lecture notes')).queryByRole('button', { name: /Replace/ })).toBeNull();

    expect(within(row('Scan')).getByText(SOURCE_MESSAGES.no_text_layer)).toBeTruthy();
    expect(within(row('Scan')).queryByText('Ready')).toBeNull();

    // at the plan's limit, adding is off and says why
    expect((screen.getByRole('button', { name: 'Choose a file' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Paste text' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(section()).getByText(SOURCE_MESSAGES.too_many_sources)).toBeTruthy();
  });

  it("shows a source's title as text, never as HTML", async () => {
    const title = '<img src=x onerror="alert(1)"><b>Bold</b>';
    serve({ sources: [source(title)], limits: LIMITS });
    const { container } = render();
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('checks a pasted text before sending it, then shows it processing', async () => {
    const user = userEvent.setup();
    const list = { sources: [] as unknown[], limits: LIMITS };
    const added = source('Ownership', {
      origin: 'paste',
      format: null,
      pages: null,
      state: 'processing',
      progress: 0,
    });
    const calls = serve(list, ({ method, path }) => {
      if (method === 'POST' && path === `/goals/${GOAL_ID}/sources/text`) {
        list.sources = [added];
        return [202, added];
      }
      return undefined as never;
    });
    render();
    expect(await screen.findByText('No sources yet.')).toBeTruthy();
    expect(within(section()).getByText('0 of 3 sources')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Paste text' }));
    const form = screen.getByRole('form', { name: 'Paste text' });
    await user.click(within(form).getByRole('button', { name: 'Add text' }));
    expect(within(form).getByText(SOURCE_MESSAGES.title_required)).toBeTruthy();
    expect(within(form).getByText(SOURCE_MESSAGES.text_required)).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Text' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '  Ownership ');
    await user.type(within(form).getByRole('textbox', { name: 'Text' }), 'Each value has one owner.');
    await user.click(within(form).getByRole('button', { name: 'Add text' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Paste text' })).toBeNull());
    // focus goes back to the button that opened the form
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Paste text' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Ownership',
      text: 'Each value has one owner.',
    });
    expect(await screen.findByRole('progressbar', { name: 'Reading Ownership' })).toBeTruthy();
    expect(within(section()).getByText('1 of 3 sources')).toBeTruthy();
  });

  it('checks a web address, and shows what the API answers when it refuses one', async () => {
    const user = userEvent.setup();
    const calls = serve({ sources: [], limits: LIMITS }, ({ method }) =>
      method === 'POST'
        ? [400, { message: SOURCE_MESSAGES.url_blocked, code: 'url_blocked' }]
        : (undefined as never),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Web address' }));
    const address = screen.getByRole('textbox', { name: 'Web address' });
    await user.type(address, 'example.com/guide');
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    expect(screen.getByText(SOURCE_MESSAGES.url_invalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(address);
    await user.type(address, 'http://127.0.0.1/admin');
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SOURCE_MESSAGES.url_blocked);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'http://127.0.0.1/admin' });
  });

  it('uploads a chosen file, refuses one over the plan before sending it, and shows a refusal of the API', async () => {
    const user = userEvent.setup();
    const calls = serve({ sources: [], limits: { perGoal: 3, maxBytes: 100 } }, ({ method }) =>
      method === 'POST'
        ? [409, { message: SOURCE_MESSAGES.duplicate, code: 'duplicate' }]
        : (undefined as never),
    );
    render();
    await screen.findByText('No sources yet.');
    expect(within(section()).getByText('PDF, Markdown, text or HTML files up to 100 B each.')).toBeTruthy();
    const input = screen.getByLabelText('Choose a file to add') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.md,.markdown,.txt,.text,.html,.htm');

    await user.upload(input, new File(['x'.repeat(101)], 'big.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SOURCE_MESSAGES.too_large);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.upload(input, new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SOURCE_MESSAGES.duplicate));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/goals/${GOAL_ID}/sources`,
    ]);
  });

  it('removes a source only once confirmed, and replaces a file source by its id', async () => {
    const user = userEvent.setup();
    const book = source('Rust book');
    const list = { sources: [book, source('Notes')] as unknown[], limits: LIMITS };
    const calls = serve(list, ({ method, path }) => {
      if (method === 'DELETE') {
        list.sources = list.sources.slice(1);
        return [204];
      }
      if (method === 'PUT' && path === `/sources/${book.id}`) {
        const replaced = { ...book, state: 'processing', progress: 5 };
        list.sources = [replaced, ...list.sources.slice(1)];
        return [202, replaced];
      }
      return undefined as never;
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Remove Rust book' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove this source?' });
    expect(dialog.textContent).toContain('“Rust book”');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Replace opens the file picker for that source; the chosen file goes to it
    await user.click(screen.getByRole('button', { name: 'Replace Rust book' }));
    await user.upload(
      screen.getByLabelText('Choose the file that replaces this source'),
      new File(['%PDF-1.7'], 'book-2.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Reading Rust book' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(`/sources/${book.id}`);

    await user.click(screen.getByRole('button', { name: 'Remove Rust book' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove this source?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Rust book')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/sources/${book.id}`);
    expect(screen.getByText('Notes')).toBeTruthy();
  });
});
