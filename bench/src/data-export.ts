// "Download my data" for the bench's big learner: 10 goals × 100 lessons (each written, about 4,000
// characters), a year of activity (a lesson completed, a focus session and a tutor exchange every day), 100
// notes and 1,000 review cards. From POST /api/account/exports to the export ready (the job's whole work:
// every table read, the Markdown, CSV and Anki files, the zip), and the zip's size; on PGlite, the embedded
// default, and on PostgreSQL with DATABASE_URL.
import type { Db } from '../../api/src/db/client.ts';
import { chatMessages, notes, pomodoroSessions, reviewCards } from '../../api/src/db/schema.ts';
import { activityDay } from './activity-day.ts';
import type { Deployment } from './api-server.ts';
import { call } from './generation.ts';
import {
  DAY_MS,
  DAYS,
  GOALS,
  onBothDatabases,
  tenGoalsOfLessons,
  withSeededLearner,
} from './seeded-learner.ts';
import { budget, type Row } from './table.ts';

// a port of its own: a server of another bench on this machine would answer for this one
const PORT = Number(process.env.BENCH_EXPORT_PORT ?? 8107);
/** The goal for this learner on 2 cores. */
const GOAL_MS = 20_000;
const ABOUT = `${GOALS} goals × 100 written lessons, a year of activity`;

const WORDS =
  'index query table join row column key value tree page cache lock commit plan scan sort merge hash order group filter'.split(
    ' ',
  );

/** Text of about `chars` characters that compresses like prose (a fixed sequence: the same on each run). */
function prose(chars: number, seed: number): string {
  let x = seed * 2654435761;
  const out: string[] = [];
  let n = 0;
  while (n < chars) {
    x = (x * 1103515245 + 12345) >>> 0;
    const word = WORDS[x % WORDS.length]!;
    out.push(word);
    n += word.length + 1;
  }
  return out.join(' ');
}

function lessonMarkdown(i: number): string {
  return [
    `## Why it matters ${i}`,
    prose(1500, i),
    '```sql',
    `select * from t${i} where id = ${i};`,
    '```',
    `## In practice ${i}`,
    prose(2300, i + 7),
  ].join('\n\n');
}

/** Every lesson written, one completed a day for a year with a focus session and a tutor exchange, notes, cards. */
export async function seed(db: Db, userId: string) {
  const lessonIds = await tenGoalsOfLessons(db, userId);
  const now = Date.now();
  for (const [i, id] of lessonIds.entries()) {
    // the bench's own ids, dates and text (no quotes, no $$), written as SQL text: one statement on both drivers
    const done = i < DAYS ? `, is_completed = true, completed_at = '${activityDay(i).toISOString()}'` : '';
    await db.execute(
      `update lessons set content = $$${lessonMarkdown(i)}$$, content_source = 'bench'${done} where id = '${id}'`,
    );
  }
  await db.insert(pomodoroSessions).values(
    Array.from({ length: DAYS }, (_, d) => ({
      userId,
      clientId: `bench-focus-${d}`,
      completedAt: activityDay(d),
      duration: 1500,
      notes: `Day ${d}: ${prose(60, d)}`,
      lessonId: lessonIds[d]!,
    })),
  );
  await db.insert(chatMessages).values(
    Array.from({ length: DAYS }, (_, d) => [
      {
        userId,
        lessonId: lessonIds[d]!,
        role: 'user',
        content: `Why ${prose(80, d)}?`,
        createdAt: activityDay(d),
      },
      {
        userId,
        lessonId: lessonIds[d]!,
        role: 'assistant',
        content: prose(700, d + 3),
        createdAt: new Date(activityDay(d).getTime() + 5_000),
      },
    ]).flat(),
  );
  await db.insert(notes).values(
    Array.from({ length: 100 }, (_, n) => ({
      userId,
      title: `Note ${n + 1}`,
      content: prose(1000, n + 11),
    })),
  );
  await db.insert(reviewCards).values(
    lessonIds.map((lessonId, i) => ({
      userId,
      sourceKind: 'lesson-question',
      sourceId: `bench-${i}`,
      siblingKey: `bench-${i}`,
      lessonId,
      prompt: `What does ${WORDS[i % WORDS.length]} do in lesson ${i + 1}?`,
      answer: prose(120, i + 5),
      options: [],
      due: new Date(now + (i % 30) * DAY_MS),
    })),
  );
}

interface ExportState {
  status: string;
  size?: number;
  downloadUrl?: string;
}

async function measureOn(kind: 'PGlite' | 'PostgreSQL', deployment: Deployment): Promise<Row[]> {
  return withSeededLearner(
    kind,
    deployment,
    { port: PORT, name: 'export' },
    seed,
    async ({ api, learner }) => {
      const started = performance.now();
      await call(api.base, learner, 'POST', '/api/account/exports');
      let state: ExportState = { status: 'queued' };
      while (state.status === 'queued' || state.status === 'running') {
        await new Promise((r) => setTimeout(r, 100));
        state = await call<ExportState>(api.base, learner, 'GET', '/api/account/exports/latest');
        if (performance.now() - started > 10 * GOAL_MS) throw new Error('the export took over 200 s');
      }
      const ms = performance.now() - started;
      if (state.status !== 'ready' || !state.downloadUrl) throw new Error(`the export ended ${state.status}`);
      const zip = await fetch(api.base + state.downloadUrl);
      const bytes = (await zip.arrayBuffer()).byteLength;
      if (!zip.ok || bytes !== state.size)
        throw new Error(`download: ${zip.status}, ${bytes} of ${state.size} bytes`);
      return [
        {
          area: 'Data export',
          metric: `Download my data on ${kind}, ${ABOUT}: asked → ready`,
          value: `${(ms / 1000).toFixed(1)} s`,
          check: budget(ms <= GOAL_MS, `≤ ${GOAL_MS / 1000} s`),
          note: 'POST /api/account/exports until GET …/latest answers ready (polled every 100 ms)',
        },
        {
          area: 'Data export',
          metric: `Download my data on ${kind}, ${ABOUT}: the zip`,
          value: `${(bytes / 1024 / 1024).toFixed(2)} MB`,
          note: 'data.json, 1,000 lesson .md, notes, chats, cards (CSV + Anki), focus sessions',
        },
      ];
    },
  );
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export function measureDataExport(deployment: Deployment): Promise<Row[]> {
  return onBothDatabases((kind) => measureOn(kind, deployment));
}
