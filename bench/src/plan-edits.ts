// The plan editor's calls one at a time on the 10 × 10 plan, next to /api/health timed the same way: a rename,
// a move, a removal and its Undo, and the plan read right after an edit (its kept body built again).
import type { Row } from './table.ts';

const ROUNDS = 60;

type Headers = Record<string, string>;

function summary(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

export async function measurePlanEdits(
  base: string,
  headers: Headers,
  goalId: string,
  sections: { id: string; lessons: string[] }[],
  dbKind: string,
): Promise<Row[]> {
  let version = (await (await fetch(`${base}/api/roadmaps/goal/${goalId}/edits`, { headers })).json())
    .version as number;
  const timed = async (method: string, path: string, body?: object) => {
    const start = performance.now();
    const res = await fetch(base + path, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = await res.json();
    const ms = performance.now() - start;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    if (typeof answer.version === 'number') version = answer.version;
    return ms;
  };
  const times = {
    health: [] as number[],
    rename: [] as number[],
    move: [] as number[],
    remove: [] as number[],
  };
  const undo: number[] = [];
  const readAfter: number[] = [];
  const [first, second] = sections;
  const lesson = first!.lessons[0]!;
  const plan = `/api/learningplan/optimized-data/${goalId}`;
  for (let i = 0; i < ROUNDS; i++) {
    times.health.push(await timed('GET', '/api/health'));
    times.rename.push(await timed('PUT', `/api/roadmaps/items/${lesson}`, { title: `Lesson ${i}`, version }));
    readAfter.push(await timed('GET', plan));
    // back and forth between the two first milestones
    const to = i % 2 === 0 ? second! : first!;
    times.move.push(
      await timed('POST', `/api/roadmaps/items/${lesson}/move`, { roadmapId: to.id, index: 3, version }),
    );
    const removed = first!.lessons[5]!;
    times.remove.push(await timed('DELETE', `/api/roadmaps/items/${removed}?version=${version}`));
    undo.push(await timed('POST', `/api/roadmaps/goal/${goalId}/edits/undo`, { version }));
  }
  const note = `${ROUNDS} of each, one at a time, on the 10 × 10 plan; /api/health ${summary(times.health)} in the same loop`;
  return [
    {
      area: 'API scale',
      metric: `Plan edit: rename a lesson, ${dbKind}`,
      value: summary(times.rename),
      note,
    },
    {
      area: 'API scale',
      metric: `Plan edit: move a lesson across milestones, ${dbKind}`,
      value: summary(times.move),
      note,
    },
    {
      area: 'API scale',
      metric: `Plan edit: remove a lesson, then Undo, ${dbKind}`,
      value: `remove ${summary(times.remove)}; Undo ${summary(undo)}`,
      note: `${note}; a removal snapshots the lesson's rows and an Undo puts them back`,
    },
    {
      area: 'API scale',
      metric: `GET optimized-data (10 × 10) right after a rename, ${dbKind}`,
      value: summary(readAfter),
      note: 'the kept plan body is built again after each edit (plan-body.ts)',
    },
  ];
}
