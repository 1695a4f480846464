import { expect, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

// mf-notes exposes ./CreateNoteDialog for other remotes (the lesson page's Create Note). Here it is loaded
// the way a remote would: through the page's federation runtime, rendered with the shared React and query
// client library, against the real API.

interface Federation {
  __FEDERATION__: {
    __INSTANCES__: {
      name: string;
      loadRemote<T>(id: string): Promise<T | null>;
      loadShare<T>(pkg: string): Promise<false | (() => T)>;
    }[];
  };
}

test('notes/CreateNoteDialog loads through federation, prefills the title and creates the note', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  await signIn(page, learner);
  await page.goto('/home');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  await page.evaluate(async () => {
    const shell = (window as unknown as Federation).__FEDERATION__.__INSTANCES__.find(
      (i) => i.name === 'shell',
    )!;
    const share = async <T>(pkg: string) => {
      const factory = await shell.loadShare<T>(pkg);
      if (!factory) throw new Error(`${pkg} is not shared`);
      return factory();
    };
    // the little of each shared package this needs (e2e does not depend on React)
    const React = await share<{
      createElement(type: unknown, props: object, ...children: unknown[]): unknown;
    }>('react');
    const { createRoot } = await share<{
      createRoot(el: Element): { render(node: unknown): void; unmount(): void };
    }>('react-dom/client');
    const { QueryClient, QueryClientProvider } = await share<{
      QueryClient: new () => object;
      QueryClientProvider: unknown;
    }>('@tanstack/react-query');
    const mod = await shell.loadRemote<{ default: (props: object) => unknown }>('notes/CreateNoteDialog');
    const host = document.createElement('div');
    host.id = 'create-note-host';
    document.body.append(host);
    const root = createRoot(host);
    const close = () => {
      host.dataset.closed = 'true';
      root.unmount();
    };
    root.render(
      React.createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        React.createElement(mod!.default, {
          selection: 'Mitochondria are the powerhouse of the cell, making ATP.',
          onClose: close,
          onCreated: (note: { id: string }) => {
            host.dataset.created = note.id;
          },
        }),
      ),
    );
  });

  const dialog = page.getByRole('dialog', { name: 'Create Note' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Mitochondria are the');
  await expect(dialog.getByLabel('Content')).toHaveValue(
    'Mitochondria are the powerhouse of the cell, making ATP.',
  );
  await dialog.getByLabel('Title').fill('');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Mitochondria');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#create-note-host[data-closed="true"]')).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Note "Mitochondria" created' })).toBeVisible();

  const notes = await request.get('/api/notes', { headers: { authorization: `Bearer ${learner.token}` } });
  expect(await notes.json()).toMatchObject([
    {
      title: 'Mitochondria',
      content: 'Mitochondria are the powerhouse of the cell, making ATP.',
      lessonId: null,
    },
  ]);
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('link', { name: 'Mitochondria' })).toBeVisible();
});
