// @vitest-environment jsdom
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, RateLimitError } from './errors.ts';
import { configureSdk } from './http.ts';
import { localStore } from './local-store.ts';
import { sourcesApi } from './sources-api.ts';
import {
  goalSourcesKey,
  SOURCES_POLL_MS,
  useAddSourceFile,
  useDeleteSource,
  useGoalSources,
} from './sources-hooks.ts';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const T0 = '2026-11-27T10:00:00.000Z';
const GOAL_ID = '00000000-0000-4000-8000-000000000001';
const source = (n: number, patch: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  goalId: GOAL_ID,
  title: `Source ${n}`,
  origin: 'file',
  format: 'pdf',
  fileName: `source-${n}.pdf`,
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
const LIMITS = { perGoal: 3, maxBytes: 10 * 1024 * 1024 };

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  (fetchMock.mock.calls as [string, RequestInit][]).map(([url, init]) => ({
    url,
    method: init.method,
    body: init.body,
    contentType: (init.headers as Record<string, string>)['content-type'],
  }));

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
  fetchMock = vi.fn();
  configureSdk({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '/api' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const withClient = (client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) => ({
  client,
  wrapper: ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  ),
});

describe('sourcesApi', () => {
  it('uploads a file as the multipart field `file`, with the browser setting the content type', async () => {
    fetchMock.mockResolvedValue(json(202, source(1, { state: 'processing', progress: 0 })));
    const file = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    const added = await sourcesApi.addFile(GOAL_ID, file);
    const [call] = calls();
    expect(call).toMatchObject({
      url: `/api/goals/${GOAL_ID}/sources`,
      method: 'POST',
      contentType: undefined,
    });
    expect(call?.body).toBeInstanceOf(FormData);
    expect(((call!.body as FormData).get('file') as File).name).toBe('notes.pdf');
    expect(added.state).toBe('processing');

    fetchMock.mockImplementation(async () => json(202, source(1, { state: 'processing' })));
    await sourcesApi.replace(added.id, file);
    expect(calls()[1]).toMatchObject({ url: `/api/sources/${added.id}`, method: 'PUT' });
    expect(calls()[1]?.body).toBeInstanceOf(FormData);
  });

  it('sends a pasted text and a web address as JSON, and removes by id', async () => {
    fetchMock.mockImplementation(async () => json(202, source(2, { origin: 'paste', format: null })));
    await sourcesApi.addText(GOAL_ID, { title: 'Notes', text: 'Borrowing rules' });
    await sourcesApi.addUrl(GOAL_ID, { url: 'https://example.com/guide' });
    fetchMock.mockImplementation(async () => json(204, undefined));
    await sourcesApi.remove(source(2).id);
    expect(calls().map(({ url, method, body, contentType }) => [method, url, body, contentType])).toEqual([
      [
        'POST',
        `/api/goals/${GOAL_ID}/sources/text`,
        '{"title":"Notes","text":"Borrowing rules"}',
        'application/json',
      ],
      [
        'POST',
        `/api/goals/${GOAL_ID}/sources/url`,
        '{"url":"https://example.com/guide"}',
        'application/json',
      ],
      ['DELETE', `/api/sources/${source(2).id}`, undefined, undefined],
    ]);
  });

  it("turns refusals into errors carrying the learner's words", async () => {
    fetchMock.mockResolvedValue(json(413, { message: SOURCE_MESSAGES.too_large, code: 'too_large' }));
    const large = await sourcesApi.addFile(GOAL_ID, new File(['x'], 'x.pdf')).catch((e: unknown) => e);
    expect(large).toBeInstanceOf(ApiRequestError);
    expect(large).toMatchObject({ status: 413, code: 'too_large', message: SOURCE_MESSAGES.too_large });

    fetchMock.mockResolvedValue(
      json(429, {
        message: SOURCE_MESSAGES.too_many_sources,
        subscriptionMessage: 'Upgrade to Pro for 50 sources a goal.',
        hoursUntilReset: 0,
        currentCount: 3,
        maxRequests: 3,
        code: 'too_many_sources',
      }),
    );
    const many = await sourcesApi.addText(GOAL_ID, { title: 't', text: 'x' }).catch((e: unknown) => e);
    expect(many).toBeInstanceOf(RateLimitError);
    expect(many).toMatchObject({
      message: SOURCE_MESSAGES.too_many_sources,
      currentCount: 3,
      maxRequests: 3,
    });
  });

  it('searches a goal and reads a passage', async () => {
    fetchMock.mockResolvedValue(json(200, { hits: [] }));
    await sourcesApi.search(GOAL_ID, 'borrow checker', 5);
    expect(calls()[0]?.url).toBe(`/api/goals/${GOAL_ID}/sources/search?q=borrow+checker&limit=5`);
  });
});

describe('useGoalSources', () => {
  it('reads again while a source is processing and stops once every one is ready or failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      { sources: [source(1), source(2, { state: 'processing', progress: 10 })], limits: LIMITS },
      { sources: [source(1), source(2, { state: 'processing', progress: 60 })], limits: LIMITS },
      {
        sources: [source(1), source(2, { state: 'failed', error: { code: 'empty', message: 'x' } })],
        limits: LIMITS,
      },
    ];
    fetchMock.mockImplementation(async () => json(200, answers.shift() ?? answers.at(-1)));
    const { wrapper } = withClient();
    const { result } = renderHook(() => useGoalSources(GOAL_ID), { wrapper });
    await waitFor(() => expect(result.current.data?.sources[1]?.progress).toBe(10));
    expect(calls()[0]?.url).toBe(`/api/goals/${GOAL_ID}/sources`);

    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS));
    await waitFor(() => expect(result.current.data?.sources[1]?.progress).toBe(60));
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS));
    await waitFor(() => expect(result.current.data?.sources[1]?.state).toBe('failed'));
    const reads = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS * 4));
    expect(fetchMock.mock.calls.length).toBe(reads);
  });
});

describe('source mutations', () => {
  it('shows an added source at once and a removed one gone, then reads the list again', async () => {
    const { client, wrapper } = withClient();
    client.setQueryData(goalSourcesKey(GOAL_ID), { sources: [source(1)], limits: LIMITS });
    const added = source(2, { state: 'processing', progress: 0 });
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') return json(202, added);
      if (init.method === 'DELETE') return json(204, undefined);
      // the list read after a change is held, so the cache shows what the mutation put there
      await new Promise<void>((r) => {
        release = r;
      });
      return json(200, { sources: [source(1)], limits: LIMITS });
    });
    const { result } = renderHook(
      () => ({ add: useAddSourceFile(GOAL_ID), remove: useDeleteSource(GOAL_ID) }),
      {
        wrapper,
      },
    );
    await act(() => result.current.add.mutateAsync(new File(['# x'], 'x.md')));
    const ids = () =>
      (client.getQueryData(goalSourcesKey(GOAL_ID)) as { sources: { id: string }[] }).sources.map(
        (s) => s.id,
      );
    expect(ids()).toEqual([source(1).id, added.id]);

    await act(() => result.current.remove.mutateAsync(added.id));
    expect(ids()).toEqual([source(1).id]);
    release();
  });
});
