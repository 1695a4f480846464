// Loaded into the API process by the soak (NODE_OPTIONS=--import, soak.ts): every SAMPLE_MS it appends the
// process's RSS and heap and the event loop's delay over that window (p99, max) to SOAK_PROBE_FILE as a JSON
// line. The API itself is left as it ships.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SAMPLE_MS = 5000;
const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    const sample = {
      t: Date.now(),
      rss,
      heapUsed,
      p99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
    };
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
    delay.reset();
  }, SAMPLE_MS).unref();
}
