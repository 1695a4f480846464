// The learning plan's component-test vocabulary over the shared helpers of @mindpath/mf/render-page.
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import type { ReactNode } from 'react';

/** Renders the page at `path` under its route (/learning-plan or /learning-plan/:goalId). */
export function renderAt(path: string, page: ReactNode) {
  const route = path === '/learning-plan' ? path : '/learning-plan/:goalId';
  return renderPage(page, { path, route });
}

export interface Call {
  method: string;
  /** the path under /api */
  path: string;
  body: unknown;
}
type Answer = [status: number, body?: unknown];

/** The network boundary, answered per call (method + path under /api); the real SDK parses the answer. */
export function answerApi(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  stubFetch(({ url, method, body }) => {
    const call = { method, path: url.replace(/^\/api/, ''), body };
    calls.push(call);
    const [status, json] = answer(call);
    return [status, json];
  });
  return calls;
}
