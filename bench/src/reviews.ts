// Spaced review at scale: GET /api/reviews/queue for a learner with 10,000 cards (p50, p99) next to the bare
// /api/health in the same run, and grading throughput (each grade a new reviewId: real FSRS grades, not
// replays). The cards come in through the real notes import, one `Question :: Answer` line per note.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { registerLearner } from './api-server.ts';
import { type Row, rateBudget } from './table.ts';

const CARDS = 10_000;
/** the import's largest batch (NOTES_IMPORT_MAX) */
const BATCH = 5_000;

async function call(
  base: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: object,
) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

async function run(opts: autocannon.Options) {
  const r = await autocannon(opts);
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
    throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

export async function measureReviews(base: string, opts: { seconds: number; connections: number }) {
  const learner = await registerLearner(base);
  const h = learner.headers;
  for (let start = 0; start < CARDS; start += BATCH) {
    const notes = Array.from({ length: BATCH }, (_, i) => ({
      title: `Card ${start + i}`,
      content: `Question ${start + i} :: Answer ${start + i}`,
      tags: [],
    }));
    await call(base, h, 'POST', '/notes/import', { notes });
  }
  // every card may be new today: the queue's caps do not hide the work of reading all 10,000
  await call(base, h, 'PUT', '/reviews/settings', {
    requestRetention: 0.9,
    newPerDay: 1000,
    reviewsPerDay: 10_000,
  });
  const stats = (await call(base, h, 'GET', '/reviews/stats')) as { totalCards: number };
  if (stats.totalCards !== CARDS) throw new Error(`expected ${CARDS} cards, found ${stats.totalCards}`);
  const queue = (await call(base, h, 'GET', '/reviews/queue?limit=200')) as { cards: { id: string }[] };
  const ids = queue.cards.map((c) => c.id);

  const common = { connections: opts.connections, duration: opts.seconds };
  // each measured as home.ts and scale.ts do theirs: after a 2 s warm-up of its own (the JIT, and the
  // queue's first read builds what later reads answer from), the baseline first
  const warmed = async (o: autocannon.Options) => {
    await run({ ...o, duration: 2 });
    return run(o);
  };
  const health = await warmed({ ...common, url: `${base}/api/health` });
  const q = await warmed({ ...common, url: `${base}/api/reviews/queue?limit=50`, headers: h });
  let n = 0;
  const grades = await warmed({
    ...common,
    url: base,
    requests: [
      {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        setupRequest: (req) => {
          const cardId = ids[n++ % ids.length];
          return {
            ...req,
            path: `/api/reviews/${cardId}/grade`,
            body: JSON.stringify({ rating: n % 4 === 0 ? 'again' : 'good', reviewId: randomUUID() }),
          };
        },
      },
    ],
  });

  const result = {
    cards: CARDS,
    health: { reqPerSec: health.requests.average, p50Ms: health.latency.p50, p99Ms: health.latency.p99 },
    queue: { reqPerSec: q.requests.average, p50Ms: q.latency.p50, p99Ms: q.latency.p99 },
    grade: { reqPerSec: grades.requests.average, p50Ms: grades.latency.p50, p99Ms: grades.latency.p99 },
  };
  const ratio = (x: number) => `${((x / result.health.reqPerSec) * 100).toFixed(1)} % of /api/health req/s`;
  const rows: Row[] = [
    {
      area: 'reviews',
      metric: 'GET /api/health (same run)',
      value: `${result.health.reqPerSec.toFixed(0)} req/s, p50 ${result.health.p50Ms} ms, p99 ${result.health.p99Ms} ms`,
      note: `baseline for the two below; ${opts.connections} connections × ${opts.seconds} s`,
    },
    {
      area: 'reviews',
      metric: `GET /api/reviews/queue, ${CARDS.toLocaleString('en')} cards`,
      value: `${result.queue.reqPerSec.toFixed(0)} req/s, p50 ${result.queue.p50Ms} ms, p99 ${result.queue.p99Ms} ms`,
      check: rateBudget(result.queue, result.health.reqPerSec, { ratio: 0.1, p99Ms: 100 }),
      note: `${ratio(result.queue.reqPerSec)}; every due card read, 50 sent with their intervals`,
    },
    {
      area: 'reviews',
      metric: 'POST /api/reviews/{id}/grade',
      value: `${result.grade.reqPerSec.toFixed(0)} grades/s, p99 ${result.grade.p99Ms} ms`,
      check: rateBudget(result.grade, result.health.reqPerSec, { ratio: 0.05 }),
      note: `${ratio(result.grade.reqPerSec)}; a new reviewId each, ${ids.length} cards in turn (row lock per card)`,
    },
  ];
  return { rows, result };
}
