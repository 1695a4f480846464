import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_NAME_MAX,
  ClientErrorReportSchema,
  RemoteLoadReportSchema,
} from '@mindpath/contracts/client-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClientReporter,
  ERROR_MESSAGE_MAX,
  ERROR_NAME_MAX,
  isLoadError,
  markLoadError,
  scrubMessage,
} from './client-reports.ts';

// A real HTTP server records what the reporter sends.
interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
let server: Server;
let origin = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function settle(count: number): Promise<Received[]> {
  for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50)); // and no more than that
  return received.splice(0);
}

describe('client reports', () => {
  it('keeps to the contract’s limits', () => {
    expect(ERROR_MESSAGE_MAX).toBe(CLIENT_ERROR_MESSAGE_MAX);
    expect(ERROR_NAME_MAX).toBe(CLIENT_ERROR_NAME_MAX);
  });

  it('posts a load once per remote version per page', async () => {
    const reporter = createClientReporter({ origin });
    reporter.loaded('goals', 'v1');
    reporter.loaded('goals', 'v1');
    reporter.loaded('goals', 'v2');
    reporter.loaded('notes', 'v1');
    const sent = await settle(3);
    expect(sent.map((r) => [r.method, r.url, r.headers['content-type']])).toEqual([
      ['POST', '/api/remote-loads', 'application/json'],
      ['POST', '/api/remote-loads', 'application/json'],
      ['POST', '/api/remote-loads', 'application/json'],
    ]);
    expect(sent.map((r) => RemoteLoadReportSchema.parse(r.body))).toEqual([
      { remote: 'goals', version: 'v1' },
      { remote: 'goals', version: 'v2' },
      { remote: 'notes', version: 'v1' },
    ]);
  });

  it('posts a failure with its phase, name and message, once per remote version and phase', async () => {
    const reporter = createClientReporter({ origin });
    reporter.failed('goals', 'c1', 'render', new TypeError('x is undefined'));
    reporter.failed('goals', 'c1', 'render', new TypeError('again'));
    reporter.failed('goals', 'c1', 'load', new Error('chunk failed'));
    const sent = await settle(2);
    expect(sent.map((r) => r.url)).toEqual(['/api/client-errors', '/api/client-errors']);
    expect(sent.map((r) => ClientErrorReportSchema.parse(r.body))).toEqual([
      { remote: 'goals', version: 'c1', phase: 'render', name: 'TypeError', message: 'x is undefined' },
      { remote: 'goals', version: 'c1', phase: 'load', name: 'Error', message: 'chunk failed' },
    ]);
  });

  it('never sends a URL, an email or an id, and cuts long text to the contract', async () => {
    expect(
      scrubMessage(
        'Loading http://127.0.0.1:8080/lessons/6a1c1e9e-2f6b-4c54-9d1b-4b8f0b2f4d11?x=1 for ann@example.com failed',
      ),
    ).toBe('Loading <url> for <email> failed');
    expect(scrubMessage('lesson 6a1c1e9e-2f6b-4c54-9d1b-4b8f0b2f4d11 not found')).toBe(
      'lesson <id> not found',
    );
    const reporter = createClientReporter({ origin });
    const long = new Error('y'.repeat(2000));
    long.name = 'N'.repeat(300);
    reporter.failed('notes', 'v1', 'render', long);
    reporter.failed('lessons', 'v1', 'load', 'a thrown string');
    const [first, second] = (await settle(2)).map((r) => ClientErrorReportSchema.parse(r.body));
    expect(first?.message).toHaveLength(CLIENT_ERROR_MESSAGE_MAX);
    expect(first?.name).toHaveLength(CLIENT_ERROR_NAME_MAX);
    expect(second).toMatchObject({ name: 'string', message: 'a thrown string' });
  });

  it('never throws, whether the API is down or fetch is missing', async () => {
    const down = createClientReporter({ origin: 'http://127.0.0.1:1' });
    expect(() => down.loaded('goals', 'v1')).not.toThrow();
    const none = createClientReporter({
      fetch: () => {
        throw new TypeError('fetch is not a function');
      },
    });
    expect(() => none.failed('goals', 'v1', 'load', new Error('x'))).not.toThrow();
    await new Promise((r) => setTimeout(r, 50)); // the refused connection's rejection is handled
  });

  it('tells the registry’s load failures apart from render failures', () => {
    const err = new Error('load');
    expect(isLoadError(err)).toBe(false);
    markLoadError(err);
    expect(isLoadError(err)).toBe(true);
    expect(() => markLoadError('a string')).not.toThrow();
    expect(isLoadError('a string')).toBe(false);
  });
});
