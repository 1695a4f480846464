// @vitest-environment jsdom
import { CHAT_ERROR_REPLY } from '@mindpath/contracts/chat';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatApi } from './chat-api.ts';
import { ApiRequestError, RateLimitError } from './errors.ts';
import { configureSdk } from './http.ts';
import { tokenStore } from './token-store.ts';

const sse = (...events: Array<Record<string, unknown> & { type: string }>) =>
  new Response(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  configureSdk({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '/api' });
  tokenStore.set('tok');
});

const CITATION = {
  n: 1,
  kind: 'passage',
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Joins',
  page: 3,
  headingPath: ['Joins'],
};

describe('chatApi.stream', () => {
  it('posts with the bearer header, hands over each piece and resolves with the stored answer', async () => {
    fetchMock.mockResolvedValue(
      sse(
        { type: 'delta', text: 'Joins ' },
        { type: 'delta', text: 'match rows.' },
        { type: 'done', response: 'Joins match rows. [1]', source: 'model', citations: [CITATION] },
      ),
    );
    const pieces: string[] = [];
    const answer = await chatApi.stream(
      { message: 'What is a join?', lessonId: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60' },
      { onDelta: (t) => pieces.push(t) },
    );
    expect(pieces).toEqual(['Joins ', 'match rows.']);
    expect(answer).toEqual({ response: 'Joins match rows. [1]', source: 'model', citations: [CITATION] });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/chat/stream');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(JSON.parse(String(init.body))).toEqual({
      message: 'What is a join?',
      lessonId: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
    });
  });

  it("throws the server's error reply from an error event, and one when the stream ends early", async () => {
    fetchMock.mockResolvedValueOnce(
      sse({ type: 'delta', text: 'Jo' }, { type: 'error', message: CHAT_ERROR_REPLY, code: 'AI_TIMEOUT' }),
    );
    const failure = await chatApi.stream({ message: 'x' }, { onDelta: () => {} }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ message: CHAT_ERROR_REPLY, code: 'AI_TIMEOUT', status: 502 });

    fetchMock.mockResolvedValueOnce(sse({ type: 'delta', text: 'Jo' }));
    const cut = await chatApi.stream({ message: 'x' }, { onDelta: () => {} }).catch((e) => e);
    expect(cut).toMatchObject({ message: CHAT_ERROR_REPLY, status: 502 });
  });

  it('follows a stream cut mid-answer again by its turn, the answer so far replaced, not doubled', async () => {
    const turn = '7e57a1b2-0c3d-4e5f-8a9b-0c1d2e3f4a5b';
    const encoder = new TextEncoder();
    const pieces = [
      `event: turn\ndata: ${JSON.stringify({ type: 'turn', id: turn })}\n\n`,
      `event: delta\ndata: ${JSON.stringify({ type: 'delta', text: 'Joins ', reset: true })}\n\n`,
    ];
    // the instance dies after two events: the body breaks as a cut connection does
    fetchMock.mockResolvedValueOnce(
      new Response(
        new ReadableStream({
          pull(controller) {
            const piece = pieces.shift();
            if (piece) controller.enqueue(encoder.encode(piece));
            else controller.error(new TypeError('terminated'));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
    );
    fetchMock.mockResolvedValueOnce(
      sse(
        { type: 'turn', id: turn },
        { type: 'delta', text: 'Joins match', reset: true },
        { type: 'delta', text: ' rows.', reset: false },
        { type: 'done', response: 'Joins match rows.', source: 'model' },
      ),
    );
    let shown = '';
    const answer = await chatApi.stream(
      { message: 'What is a join?' },
      { onDelta: (text, reset) => (shown = reset ? text : shown + text) },
    );
    // an API instance of the release before sends no citations: none
    expect(answer).toEqual({ response: 'Joins match rows.', source: 'model', citations: [] });
    expect(shown).toBe('Joins match rows.');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/chat/stream/${turn}`);
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok' });
  });

  it('gives up on a turn its reconnect is refused, with that refusal', async () => {
    const turn = '7e57a1b2-0c3d-4e5f-8a9b-0c1d2e3f4a5b';
    fetchMock.mockResolvedValueOnce(sse({ type: 'turn', id: turn }, { type: 'delta', text: 'Jo' }));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Chat answer not found', code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const err = await chatApi.stream({ message: 'x' }, { onDelta: () => {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns a 429 before the stream into a RateLimitError with the rate-limit details', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: 'You can send 5 AI chat queries per day with your current plan.',
          code: 'PLAN_LIMIT',
          hoursUntilReset: 7,
          subscriptionMessage: 'Upgrade to Pro for unlimited AI chat.',
          currentCount: 5,
          maxRequests: 5,
        }),
        { status: 429, headers: { 'content-type': 'application/json' } },
      ),
    );
    const err = await chatApi.stream({ message: 'x' }, { onDelta: () => {} }).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ hoursUntilReset: 7, currentCount: 5, maxRequests: 5 });
  });
});

describe('chatApi history', () => {
  it('reads a page by lessonId, skip and take, and deletes a conversation', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ messages: [], total: 0, hasMore: false }), { status: 200 }),
    );
    await chatApi.history({ lessonId: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60', skip: 10 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/chat/history?lessonId=3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60&skip=10&take=10',
    );
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await chatApi.clear();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/chat/history');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: 'DELETE' });
  });
});
