// The process's own figures, read at scrape: the event loop's delay, CPU, memory. Not prom-client's
// collectDefaultMetrics: its GC observer runs on every collection, which under load cost a request on
// GET /api/user several per cent of its CPU; these cost nothing between scrapes.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';

const NS_PER_S = 1e9;

export function processMetrics(registry: Registry): { stop(): void } {
  // the native histogram samples every 20 ms; each scrape reads the window since the last one and resets it
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const lag = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `nodejs_eventloop_lag_${name}_seconds`,
      help: `The event loop's delay since the last scrape: ${help}`,
      registers: [registry],
      collect() {
        this.set(read() / NS_PER_S);
      },
    });
  lag('min', 'least', () => delay.min);
  lag('mean', 'mean', () => delay.mean);
  lag('p50', 'median', () => delay.percentile(50));
  lag('p99', '99th percentile', () => delay.percentile(99));
  lag('max', 'most', () => {
    const max = delay.max;
    delay.reset(); // collected last (registration order): the window restarts here
    return max;
  });

  let reported = 0;
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time this process has spent',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      const total = (user + system) / 1e6;
      this.inc(total - reported);
      reported = total;
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of this process',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  const heap = new Gauge({
    name: 'nodejs_heap_size_bytes',
    help: 'The V8 heap: used and total',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const { heapUsed, heapTotal } = process.memoryUsage();
      heap.set({ kind: 'used' }, heapUsed);
      heap.set({ kind: 'total' }, heapTotal);
    },
  });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'When this process started, in seconds since the epoch',
    registers: [registry],
  }).set(Math.round(Date.now() / 1000 - process.uptime()));
  return { stop: () => delay.disable() };
}
