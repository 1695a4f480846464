// What the Prometheus metrics cost: GET /api/health and GET /api/user on two apps of the same build in one
// process (metrics-pair-server.ts), one with metrics off (no METRICS_*), one with them on (METRICS_TOKEN and
// METRICS_PORT) and scraped every second meanwhile (Prometheus's usual interval is 15 s: this is the harsher
// case). Not two processes: an A/A run of two identical processes read +28 % on health, more than any
// variant of the metrics did. The two are loaded in turn, never together, in rounds whose order alternates,
// so the machine's drift falls on both alike, with the server on one core and the load generator on the
// other (cpu.ts, pinToCpus: unpinned, one server's rounds read 46-94 µs a health request, pinned 43-52). Two
// figures, medians of the rounds: throughput, and the process's CPU time per request (scrapes included),
// which a machine shared with other work moves far less (cpu.ts): the goal is judged on the latter.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { load } from './api-load.ts';
import { type ApiServer, type Deployment, registerLearner, startApi } from './api-server.ts';
import { cpuMeter, pinToCpus } from './cpu.ts';
import { ROOT } from './paths.ts';
import { budget, median, type Row } from './table.ts';

const OFF_PORT = 8102;
const ON_PORT = 8103;
const METRICS_PORT = 8104;
/**
 * rounds of one slice each way, in alternating order: many short ones rather than a few long, so the drift
 * of a shared machine falls inside each pair and the median of the pairs' ratios sets it aside (with three
 * 10 s rounds the same build read anywhere from -9 % to +7 %; with 16 of 2 s, from -10 % to +9 %)
 */
const ROUNDS = 60;
/** the shortest slice: autocannon opens its connections anew for each */
const MIN_SLICE_SECONDS = 0.5;
/** of the load in all, per endpoint and server: as three rounds of `seconds` */
const TOTAL_ROUNDS_OF_SECONDS = 3;
/** the goal: metrics on cost at most this share of the throughput */
const GOAL = 0.03;

export interface OverheadResult {
  endpoint: string;
  offReqPerSec: number;
  onReqPerSec: number;
  /** (off − on) / off; negative when the on server happened to be faster */
  overhead: number;
  /** µs of the API process's CPU per request */
  offCpuUs: number;
  onCpuUs: number;
  /** on / off − 1 of the CPU per request, the median over the rounds: the figure the goal is judged on */
  cpuOverhead: number;
  onP99Ms: number;
  offP99Ms: number;
}

/**
 * Scrapes METRICS_PORT every second of the "on" server's load, as Prometheus would every second of its
 * life: when `scrapeFirst` (a second or more of load since the last scrape), as `work` starts, and every
 * second while it runs. Answers the scrapes made.
 */
async function whileScraped<T>(
  work: () => Promise<T>,
  scrapeFirst: boolean,
): Promise<{ result: T; scrapes: number }> {
  let scrapes = 0;
  let failure: Error | undefined;
  const scrape = () =>
    fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)
      .then(async (res) => {
        await res.text();
        if (!res.ok) throw new Error(`scrape answered ${res.status}`);
        scrapes += 1;
      })
      .catch((err: Error) => {
        failure ??= err;
      });
  const first = scrapeFirst ? scrape() : undefined;
  const timer = setInterval(scrape, 1000);
  try {
    const result = await work();
    await first;
    if (failure) throw failure;
    return { result, scrapes };
  } finally {
    clearInterval(timer);
  }
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

export async function measureMetricsOverhead(
  deployment: Deployment,
  opts: { seconds: number; connections: number },
): Promise<{ rows: Row[]; results: OverheadResult[] }> {
  let pair: ApiServer | undefined;
  let pinned = false;
  try {
    // two fresh embedded databases migrate at start: slow on a busy machine
    pair = await startApi(deployment, {
      port: OFF_PORT,
      healthTimeoutMs: 240_000,
      entry: join(ROOT, 'bench', 'src', 'metrics-pair-server.ts'),
      env: {
        PAIR_ON_PORT: String(ON_PORT),
        PAIR_METRICS_TOKEN: randomBytes(24).toString('hex'),
        PAIR_METRICS_PORT: String(METRICS_PORT),
      },
    });
    const off = pair;
    const on = { ...pair, base: pair.base.replace(`:${OFF_PORT}`, `:${ON_PORT}`) };
    const servers = { off, on };
    const auth = {
      off: (await registerLearner(off.base)).headers,
      on: (await registerLearner(on.base)).headers,
    };
    const targets = [
      { endpoint: 'GET /api/health', path: '/api/health', note: 'no auth, no database' },
      { endpoint: 'GET /api/user', path: '/api/user', auth: true, note: 'JWT verify + user row' },
    ];
    /** seconds of the "on" server's load since its last scrape */
    let loadSinceScrape = Number.POSITIVE_INFINITY;
    const run = async (which: 'off' | 'on', t: (typeof targets)[number], seconds: number) => {
      const go = async () => {
        const cpu = cpuMeter(servers[which].pid, []);
        const result = await load(
          servers[which].base,
          { endpoint: t.endpoint, path: t.path, note: t.note, headers: t.auth ? auth[which] : {} },
          seconds,
          opts.connections,
        );
        return { ...result, cpuUs: cpu(result.requests.total).api };
      };
      if (which === 'off') return { result: await go(), scrapes: 0 };
      // half-second rounds: every other one starts with a scrape
      const scrapeFirst = loadSinceScrape >= 1;
      loadSinceScrape = (scrapeFirst ? 0 : loadSinceScrape) + seconds;
      return whileScraped(go, scrapeFirst);
    };
    // JIT and database connections warm on both before anything is timed
    for (const which of ['off', 'on'] as const) for (const t of targets) await run(which, t, 2);
    // the server and the load on a core each, once every thread of the server has started
    pinned = cpus().length >= 2 && pinToCpus(pair.pid, '1') && pinToCpus(process.pid, '0');

    const results: OverheadResult[] = [];
    let scrapes = 0;
    const sliceSeconds = Math.max(MIN_SLICE_SECONDS, (TOTAL_ROUNDS_OF_SECONDS * opts.seconds) / ROUNDS);
    for (const t of targets) {
      const rates = { off: [] as number[], on: [] as number[] };
      const p99 = { off: [] as number[], on: [] as number[] };
      const cpu = { off: [] as number[], on: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const which of order) {
          const r = await run(which, t, sliceSeconds);
          // over the round's own length: autocannon's average is of whole seconds, which half a second
          // does not fill
          rates[which].push(r.result.requests.total / r.result.duration);
          p99[which].push(r.result.latency.p99);
          cpu[which].push(r.result.cpuUs);
          scrapes += r.scrapes;
        }
      }
      const offRate = median(rates.off);
      const onRate = median(rates.on);
      const offCpu = median(cpu.off);
      const onCpu = median(cpu.on);
      const cpuRatio = median(cpu.on.map((on, i) => on / (cpu.off[i] ?? on)));
      results.push({
        endpoint: t.endpoint,
        offReqPerSec: offRate,
        onReqPerSec: onRate,
        overhead: (offRate - onRate) / offRate,
        offP99Ms: median(p99.off),
        onP99Ms: median(p99.on),
        offCpuUs: offCpu,
        onCpuUs: onCpu,
        cpuOverhead: cpuRatio - 1,
      });
    }
    if (scrapes === 0) throw new Error('the metrics server was never scraped during the runs');

    const rows: Row[] = results.map((r) => ({
      area: 'metrics',
      metric: `${r.endpoint}, metrics on vs off`,
      value: `CPU ${r.onCpuUs.toFixed(1)} vs ${r.offCpuUs.toFixed(1)} µs/req (${pct(r.cpuOverhead)}); ${r.onReqPerSec.toFixed(0)} vs ${r.offReqPerSec.toFixed(0)} req/s (${pct(-r.overhead)}); p99 ${r.onP99Ms} vs ${r.offP99Ms} ms`,
      check: budget(r.cpuOverhead <= GOAL, `CPU per request ≤ +${GOAL * 100} %`),
      note: `median of the on/off ratios of ${ROUNDS} alternating rounds, ${opts.connections} connections × ${sliceSeconds} s each, both apps in one process, PGlite; on: scraped every second of its load (${scrapes} scrapes in all); server and load pinned to a core each: ${pinned ? 'yes' : 'no'}`,
    }));
    return { rows, results };
  } finally {
    if (pinned) pinToCpus(process.pid, `0-${cpus().length - 1}`);
    await pair?.stop();
  }
}
