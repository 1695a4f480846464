// Component-test helpers shared by the remotes: a page in a real QueryClient + MemoryRouter, fetch stubbed at
// the network boundary so the real SDK (validation, errors, 401/429 handling) runs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders `ui` at `path` inside a real QueryClient and MemoryRouter; the current location is in testid "location". */
export function renderPage(ui: ReactNode, { path = '/', route = path.split('?')[0] } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs fetch at the network boundary: `answer` maps a call to [status, body]; the real SDK does the rest.
 * Returns the list of calls made.
 */
export function stubFetch(answer: (call: StubbedCall) => [number, unknown]) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: StubbedCall = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
