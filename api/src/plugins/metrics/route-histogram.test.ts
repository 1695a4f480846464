import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteHistogram } from './route-histogram.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/health', 200, 0.0004],
  ['GET', '/api/health', 200, 0.005], // on a bound: that bucket, as prom-client counts it
  ['GET', '/api/health', 200, 0.0051],
  ['GET', '/api/user', 200, 0.02],
  ['GET', '/api/user', 401, 0.003],
  ['POST', '/api/reviews/:cardId/grade', 200, 0.7],
  ['GET', 'unmatched', 404, 45], // above every bound: +Inf only
  ['GET', '/api/health', 200, 0.3],
];

describe('RouteHistogram', () => {
  it("exposes what prom-client's Histogram does for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const name = 'mindpath_http_request_duration_seconds';
    const help = 'HTTP requests by route pattern and status';
    const fast = new RouteHistogram(name, help, BUCKETS, ours);
    const reference = new Histogram({
      name,
      help,
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      fast.observe(method, route, status, seconds);
      reference.observe({ method, route, status_code: String(status) }, seconds);
    }
    const lines = async (r: Registry) => (await r.metrics()).split('\n').sort();
    expect(await lines(ours)).toEqual(await lines(theirs));
    expect(await ours.metrics()).toContain(
      `${name}_bucket{le="0.005",method="GET",route="/api/health",status_code="200"} 2`,
    );
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = new Registry();
    const fast = new RouteHistogram('x_seconds', 'x', [1], registry);
    fast.observe('GET', '/a', 200, 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe('# HELP x_seconds x\n# TYPE x_seconds histogram\n');
  });
});
