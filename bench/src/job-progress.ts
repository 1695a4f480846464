// What a streamed lesson costs the database: the bytes of WAL PostgreSQL writes from POST
// generate-content to the stored lesson, for a 4,000-character lesson that the model streams at a model's
// pace (20 characters every 80 ms, 16 s), while a learner follows it. The WAL is what a write costs (heap,
// TOAST and index pages, replicated and archived); the rows left dead in generation_jobs are what vacuum must
// clean after it. The database is otherwise idle (a fresh one, its own API instance).

import { startOpenAiServer } from '@mindpath/fake-openai';
import { createOfflineProvider } from '../../api/src/ai/offline/provider.ts';
import { sseData } from '../../api/src/ai/openai.ts';
import { createAi } from '../../api/src/ai/service.ts';
import { openPostgres } from '../../api/src/db/client.ts';
import { type Deployment, registerLearner, startApi } from './api-server.ts';
import { call, firstLesson, modelLessonAnswers } from './lessons.ts';
import { withPostgres } from './postgres.ts';
import type { Row } from './table.ts';

const PORT = Number(process.env.BENCH_PROGRESS_PORT ?? 8098);
const CHARACTERS = 4000;
const PIECE = 20;
const PIECE_EVERY_MS = 80;

export async function measureJobProgress(deployment: Deployment) {
  const answers = await modelLessonAnswers();
  // 4,000 characters of offline lessons on different titles (a lesson repeated would compress in TOAST as
  // a model's text does not)
  const ai = createAi(createOfflineProvider({ streamDelayMs: 0 }));
  let content = '';
  for (let i = 1; content.length < CHARACTERS; i++) {
    const { data } = await ai.generateLessonContent({
      goal: 'Learn Python',
      level: 'Beginner',
      sectionName: `Part ${i}`,
      lessonTitle: ['Variables and types', 'Loops', 'Functions', 'Modules', 'Errors'][i % 5]!,
    });
    content += data.content;
  }
  content = content.slice(0, CHARACTERS);
  const server = await startOpenAiServer();
  server.setFallback((req) =>
    req.body?.stream
      ? {
          content,
          chunks: content.match(new RegExp(`[\\s\\S]{1,${PIECE}}`, 'g'))!,
          chunkDelayMs: PIECE_EVERY_MS,
        }
      : req.body?.response_format?.json_schema?.name === 'roadmap'
        ? { content: JSON.stringify(answers.roadmapAnswer) }
        : { content: JSON.stringify(answers.resources) },
  );
  try {
    return await withPostgres(async (pg) => {
      const api = await startApi(deployment, {
        port: PORT,
        env: { DATABASE_URL: pg.url, AI_BASE_URL: server.url, AI_API_KEY: 'bench' },
      });
      const stats = openPostgres(pg.url, { poolSize: 1 });
      try {
        const learner = await registerLearner(api.base);
        const lessonId = await firstLesson(api.base, learner);
        const lsn = async () => {
          const [row] = (await stats.db.execute('select pg_current_wal_lsn()::text as lsn')) as unknown as {
            lsn: string;
          }[];
          return row!.lsn;
        };
        const start = await lsn();
        await call(api.base, learner, 'POST', `/api/lessons/${lessonId}/generate-content`);
        const res = await fetch(`${api.base}/api/lessons/${lessonId}/content-stream`, {
          headers: learner.headers,
        });
        let characters = 0;
        for await (const data of sseData(res.body!)) {
          const event = JSON.parse(data) as { type: string; lesson?: { content: string } };
          if (event.type === 'error') throw new Error(`generation failed: ${data}`);
          if (event.type === 'done') characters = event.lesson?.content.length ?? 0;
        }
        const end = await lsn();
        const [wal] = (await stats.db.execute(
          `select pg_wal_lsn_diff('${end}', '${start}')::bigint as bytes`,
        )) as unknown as { bytes: string }[];
        // statistics reach the shared counters within a second of a backend's last transaction
        await new Promise((r) => setTimeout(r, 1500));
        const [jobs] = (await stats.db.execute(
          "select n_tup_upd as updates, n_dead_tup as dead from pg_stat_user_tables where relname = 'generation_jobs'",
        )) as unknown as { updates: string; dead: string }[];
        const walBytes = Number(wal!.bytes);
        return {
          rows: [
            {
              area: 'Jobs',
              metric: 'a 4,000-character lesson streamed: WAL written (PostgreSQL)',
              value: `${(walBytes / 1024).toFixed(0)} KiB`,
              note: `${characters} characters stored, ${PIECE} every ${PIECE_EVERY_MS} ms; generation_jobs: ${jobs?.updates} row updates, ${jobs?.dead} dead rows (the roadmap's job included)`,
            },
          ] satisfies Row[],
          result: {
            walBytes,
            characters,
            jobUpdates: Number(jobs?.updates),
            jobDeadRows: Number(jobs?.dead),
          },
        };
      } finally {
        await stats.close();
        await api.stop();
      }
    });
  } finally {
    await server.close();
  }
}
