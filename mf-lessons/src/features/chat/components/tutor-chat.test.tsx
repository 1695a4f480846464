// @vitest-environment jsdom
import { CHAT_ERROR_REPLY } from '@mindpath/contracts/chat';
import { bus } from '@mindpath/events';
import { renderPage } from '@mindpath/mf/render-page';
import { tokenStore } from '@mindpath/sdk/token-store';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TutorChat from './tutor-chat.tsx';

const LESSON = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const T0 = Date.parse('2026-01-01T10:00:00.000Z');

interface Stored {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  lessonId: string | null;
  source: 'offline' | 'model' | null;
  createdAt: string;
}

let seq = 0;
const stored = (role: Stored['role'], content: string, lessonId: string | null = LESSON): Stored => {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    role,
    content,
    lessonId,
    source: role === 'assistant' ? 'offline' : null,
    createdAt: new Date(T0 + seq * 1000).toISOString(),
  };
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

const TURN = '7e57a1b2-0c3d-4e5f-8a9b-0c1d2e3f4a5b';
const event = (data: Record<string, unknown> & { type: string }) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A tutor server at the network boundary: history paged like the API (skip from the newest, oldest first in a
 * page), the answer streamed as SSE, a 429 with the rate-limit body once `limitAfter` questions were asked.
 * With `cutAfter`, the stream's connection breaks after that many pieces (its instance died) and the turn is
 * followed again at GET /api/chat/stream/{turn}: the answer so far in a reset delta, the end once `resume`
 * resolves.
 */
function serveChat({
  thread = [] as Stored[],
  answer = ['A join ', 'combines rows.'],
  fail = false,
  limitAfter = Number.POSITIVE_INFINITY,
  goals = [] as unknown[],
  cutAfter = undefined as number | undefined,
  resume = Promise.resolve(),
} = {}) {
  const calls: Call[] = [];
  let asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const json = (status: number, data: unknown) =>
        new Response(data === undefined ? null : JSON.stringify(data), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/api/goals') return json(200, goals);
      if (url.pathname === '/api/chat/history' && method === 'GET') {
        const skip = Number(url.searchParams.get('skip'));
        const take = Number(url.searchParams.get('take'));
        const end = thread.length - skip;
        const messages = thread.slice(Math.max(0, end - take), Math.max(0, end));
        return json(200, { messages, total: thread.length, hasMore: skip + messages.length < thread.length });
      }
      if (url.pathname === '/api/chat/history' && method === 'DELETE') {
        thread.length = 0;
        return json(204, undefined);
      }
      const encoder = new TextEncoder();
      if (url.pathname === `/api/chat/stream/${TURN}`) {
        return new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(encoder.encode(event({ type: 'turn', id: TURN })));
              const text = answer.join('');
              controller.enqueue(encoder.encode(event({ type: 'delta', text, reset: true })));
              await resume;
              controller.enqueue(encoder.encode(event({ type: 'done', response: text, source: 'offline' })));
              controller.close();
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      }
      if (url.pathname === '/api/chat/stream') {
        if (asked >= limitAfter)
          return json(429, {
            message: 'You can send 5 AI chat queries per day with your current plan.',
            code: 'PLAN_LIMIT',
            hoursUntilReset: 20,
            subscriptionMessage: 'Upgrade to Pro for unlimited AI chat.',
            currentCount: 5,
            maxRequests: 5,
          });
        asked++;
        const question = (body as { message: string }).message;
        const events = fail
          ? [
              `event: error\ndata: ${JSON.stringify({ type: 'error', message: CHAT_ERROR_REPLY, code: 'AI_HTTP' })}\n\n`,
            ]
          : [
              ...answer.map((text) => `event: delta\ndata: ${JSON.stringify({ type: 'delta', text })}\n\n`),
              `event: done\ndata: ${JSON.stringify({ type: 'done', response: answer.join(''), source: 'offline' })}\n\n`,
            ];
        if (!fail) thread.push(stored('user', question), stored('assistant', answer.join('')));
        if (cutAfter !== undefined) {
          // each piece once the page has read the one before, then the connection breaks
          const pieces = [event({ type: 'turn', id: TURN }), ...events.slice(0, cutAfter)];
          return new Response(
            new ReadableStream({
              pull(controller) {
                const piece = pieces.shift();
                if (piece) controller.enqueue(encoder.encode(piece));
                else controller.error(new TypeError('network error'));
              },
            }),
            { status: 200, headers: { 'content-type': 'text/event-stream' } },
          );
        }
        return new Response(
          new ReadableStream({
            start(controller) {
              for (const e of events) controller.enqueue(encoder.encode(e));
              controller.close();
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

const historyCalls = (calls: Call[]) =>
  calls.filter((c) => c.url.pathname === '/api/chat/history' && c.method === 'GET');
const streamCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/chat/stream');

async function openChat(path = `/lessons/${LESSON}`) {
  const user = userEvent.setup();
  renderPage(<TutorChat />, { path, route: '*' });
  await user.click(screen.getByRole('button', { name: 'Open AI tutor' }));
  const panel = await screen.findByRole('dialog', { name: 'AI tutor' });
  return { user, panel, input: within(panel).getByRole('textbox', { name: 'Message' }) };
}

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

// the conversation panel is a lazy chunk: its first load on a loaded machine outlasts vitest's 5 s default
describe('TutorChat', { timeout: 15_000 }, () => {
  it("pages a lesson's history by 10 from the newest, oldest first, with Load earlier messages", async () => {
    const thread = Array.from({ length: 23 }, (_, i) =>
      stored(i % 2 ? 'assistant' : 'user', `message ${i + 1}`),
    );
    const calls = serveChat({ thread });
    const { user, panel } = await openChat();
    await within(panel).findByText('message 23');
    expect(within(panel).queryByText('message 13')).toBeNull();
    const first = historyCalls(calls)[0]?.url.searchParams;
    expect([first?.get('lessonId'), first?.get('skip'), first?.get('take')]).toEqual([LESSON, '0', '10']);

    await user.click(within(panel).getByRole('button', { name: 'Load earlier messages' }));
    await within(panel).findByText('message 4');
    expect(historyCalls(calls)[1]?.url.searchParams.get('skip')).toBe('10');
    await user.click(within(panel).getByRole('button', { name: 'Load earlier messages' }));
    await within(panel).findByText('message 1');
    expect(historyCalls(calls)[2]?.url.searchParams.get('skip')).toBe('20');
    expect(within(panel).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    const texts = within(panel)
      .getAllByTestId(/^chat-(user|assistant)$/)
      .map((m) => m.textContent);
    expect(texts).toEqual(thread.map((m) => m.content));
  });

  it('sends on Enter, never a blank message, keeps Shift+Enter as a new line, and streams the answer in', async () => {
    const calls = serveChat();
    const { user, panel, input } = await openChat();
    await within(panel).findByText(/Ask anything about this lesson/);
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(input, '   {Enter}');
    expect(streamCalls(calls)).toHaveLength(0);
    await user.type(input, 'What is{Shift>}{Enter}{/Shift}a join?');
    expect(streamCalls(calls)).toHaveLength(0);
    expect((input as HTMLTextAreaElement).value).toBe('   What is\na join?');

    await user.type(input, '{Enter}');
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(1));
    expect(streamCalls(calls)[0]?.body).toEqual({ message: 'What is\na join?', lessonId: LESSON });
    expect((input as HTMLTextAreaElement).value).toBe('');
    await within(panel).findByText('A join combines rows.');
    // the exchange is read back from the server: stored, with the offline generator named
    await waitFor(() => expect(historyCalls(calls).length).toBeGreaterThan(1));
    expect(await within(panel).findByTestId('offline-note')).toBeTruthy();
    expect(
      within(panel)
        .getAllByTestId('chat-user')
        .map((m) => m.textContent),
    ).toEqual(['What is\na join?']);
  });

  it('follows an answer whose stream was cut again by its turn, showing it once', async () => {
    let release = () => {};
    const resume = new Promise<void>((r) => {
      release = r;
    });
    const calls = serveChat({ cutAfter: 1, resume });
    const { user, panel, input } = await openChat();
    await user.type(input, 'What is a join?{Enter}');
    // the piece before the cut, then the whole answer so far from the reconnected stream: replaced, not added
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === `/api/chat/stream/${TURN}` && c.method === 'GET')).toBe(
        true,
      ),
    );
    await within(panel).findByText('A join combines rows.');
    expect(within(panel).queryByText(/A join A join/)).toBeNull();
    expect(within(panel).queryByText(CHAT_ERROR_REPLY)).toBeNull();
    release();
    await waitFor(() => expect(historyCalls(calls).length).toBeGreaterThan(1));
    await within(panel).findByTestId('offline-note');
    expect(within(panel).getAllByText('A join combines rows.')).toHaveLength(1);
    expect(streamCalls(calls)).toHaveLength(1);
  });

  it("shows the spec's error reply when an answer fails", async () => {
    serveChat({ fail: true });
    const { user, panel, input } = await openChat();
    await user.type(input, 'Explain indexes{Enter}');
    expect(await within(panel).findByText(CHAT_ERROR_REPLY)).toBeTruthy();
    expect(within(panel).getByText('Explain indexes')).toBeTruthy();
  });

  it("shows the free plan's limit panel from the 429 body and keeps the question", async () => {
    const calls = serveChat({ limitAfter: 0 });
    const { user, panel, input } = await openChat('/home');
    await user.type(input, 'One more question{Enter}');
    const limit = await within(panel).findByRole('alert', { name: 'Daily Chat Limit Reached' });
    expect(
      within(limit).getByText('You can send 5 AI chat queries per day with your current plan.'),
    ).toBeTruthy();
    expect(within(limit).getByText('20 hours')).toBeTruthy();
    expect(within(limit).getByText('5 / 5')).toBeTruthy();
    expect(within(limit).getByRole('button', { name: 'Pro Plan Coming Soon' })).toHaveProperty(
      'disabled',
      true,
    );
    // the general tutor: no lessonId
    expect(streamCalls(calls)[0]?.body).toEqual({ message: 'One more question' });

    await user.click(within(limit).getByRole('button', { name: 'Close' }));
    expect((within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'One more question',
    );
  });

  it('clears the history after a confirmation', async () => {
    const calls = serveChat({ thread: [stored('user', 'Old question'), stored('assistant', 'Old answer')] });
    const { user, panel } = await openChat();
    await within(panel).findByText('Old answer');
    await user.click(within(panel).getByRole('button', { name: 'Clear history' }));
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await within(panel).findByText(/Ask anything about this lesson/);
    expect(within(panel).queryByText('Old answer')).toBeNull();
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url.searchParams.get('lessonId')).toBe(LESSON);
  });

  it('hides its hint after more than 50 px of scroll', () => {
    serveChat();
    renderPage(<TutorChat />, { path: `/lessons/${LESSON}`, route: '*' });
    expect(screen.getByTestId('chat-hint').textContent).toBe(
      'Questions about this lesson? Ask the AI tutor.',
    );
    act(() => {
      window.scrollY = 50;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByTestId('chat-hint')).not.toBeNull();
    act(() => {
      window.scrollY = 51;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByTestId('chat-hint')).toBeNull();
  });

  it('off a lesson invites questions about the active goal, or with no goal about what to learn', async () => {
    serveChat();
    renderPage(<TutorChat />, { path: '/home', route: '*' });
    expect((await screen.findByTestId('chat-hint')).textContent).toBe(
      'Not sure what to learn? Ask the AI tutor.',
    );
    cleanup();

    const at = new Date(T0).toISOString();
    const goal = {
      id: '00000000-0000-4000-8000-000000000001',
      description: 'Beginner: Learn SQL',
      metadata: '{"level":"Beginner"}',
      level: 'Beginner',
      imageUrl: null,
      isActive: true,
      isCompleted: false,
      completedAt: null,
      progress: 0,
      goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: 0 },
      createdAt: at,
      updatedAt: at,
    };
    serveChat({ goals: [goal] });
    renderPage(<TutorChat />, { path: '/home', route: '*' });
    expect((await screen.findByTestId('chat-hint')).textContent).toBe(
      'Questions about your goal? Ask the AI tutor.',
    );
  });

  it("opens with the selection quoted on 'ask-ai'", async () => {
    serveChat();
    renderPage(<TutorChat />, { path: `/lessons/${LESSON}`, route: '*' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => bus.emit('ask-ai', { lessonId: LESSON, quote: 'A join combines rows\nfrom two tables.' }));
    const panel = await screen.findByRole('dialog', { name: 'AI tutor' });
    const input = within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(input.value).toBe('> A join combines rows\n> from two tables.\n\n');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
