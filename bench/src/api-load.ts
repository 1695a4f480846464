// API throughput and p99 per key endpoint next to the bare /api/health of the same server in the same run:
// the absolute numbers depend on the machine, the ratio to /api/health is the figure.
import autocannon from 'autocannon';
import { registerLearner } from './api-server.ts';
import type { Row } from './table.ts';

export interface EndpointResult {
  endpoint: string;
  reqPerSec: number;
  p99Ms: number;
  /** reqPerSec relative to GET /api/health */
  ratio: number;
}

export interface Target {
  endpoint: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  note: string;
  /** a conditional request whose every answer must be 304 Not Modified */
  notModified?: boolean;
}

export async function load(base: string, t: Target, seconds: number, connections: number) {
  const result = await autocannon({
    url: base + t.path,
    method: t.method ?? 'GET',
    connections,
    duration: seconds,
    headers: t.headers ?? {},
    ...(t.body ? { body: t.body } : {}),
  });
  const wrong = t.notModified ? result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] : result.non2xx;
  if (wrong > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${t.endpoint}: ${wrong} answers not ${t.notModified ? '304' : '2xx'}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result;
}

export async function measureApi(
  base: string,
  opts: { seconds: number; connections: number },
): Promise<{ rows: Row[]; results: EndpointResult[] }> {
  const learner = await registerLearner(base);
  const auth = { authorization: `Bearer ${learner.token}` };
  const targets: Target[] = [
    { endpoint: 'GET /api/health', path: '/api/health', note: 'baseline: no auth, no database' },
    { endpoint: 'GET /api/user', path: '/api/user', headers: auth, note: 'JWT verify + user row' },
    {
      endpoint: 'GET /api/subscriptions/status',
      path: '/api/subscriptions/status',
      headers: auth,
      note: 'JWT verify + subscription lookup',
    },
    {
      endpoint: 'POST /api/auth/login',
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: learner.email, password: learner.password }),
      note: 'argon2 verify + JWT sign (CPU-bound by design)',
    },
  ];
  // warm the JIT and the database connection before anything is timed
  await load(base, targets[0]!, 2, opts.connections);
  await load(base, targets[1]!, 2, opts.connections);

  const results: EndpointResult[] = [];
  for (const t of targets) {
    const r = await load(base, t, opts.seconds, opts.connections);
    results.push({ endpoint: t.endpoint, reqPerSec: r.requests.average, p99Ms: r.latency.p99, ratio: 0 });
  }
  const baseline = results[0]!.reqPerSec;
  for (const r of results) r.ratio = r.reqPerSec / baseline;

  const rows: Row[] = results.map((r, i) => ({
    area: 'API',
    metric: r.endpoint,
    value: `${r.reqPerSec.toFixed(0)} req/s, p99 ${r.p99Ms} ms`,
    note:
      i === 0
        ? `${targets[i]!.note}; ${opts.connections} connections × ${opts.seconds} s, PGlite`
        : `${(r.ratio * 100).toFixed(r.ratio < 0.01 ? 2 : 1)} % of /api/health req/s; ${targets[i]!.note}`,
  }));
  return { rows, results };
}
