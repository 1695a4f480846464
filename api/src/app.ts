// buildApp: the whole server as a Fastify instance, without listening. main.ts listens; tests inject.

import { storableInput } from '@mindpath/contracts/storable';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { createAiFromConfig } from './ai/index.ts';
import type { Ai } from './ai/service.ts';
import { type Config, resolveJwtSecret } from './config.ts';
import type { Database } from './db/client.ts';
import { closeSseStreams } from './lib/sse.ts';
import accountRoutes from './modules/account/routes.ts';
import { retentionTestRoutes } from './modules/account/test-routes.ts';
import authRoutes from './modules/auth/routes.ts';
import chatRoutes from './modules/chat/routes.ts';
import clientReportsRoutes from './modules/client-reports/routes.ts';
import courseExportRoutes from './modules/course-export/routes.ts';
import dashboardRoutes from './modules/dashboard/routes.ts';
import dataExportRoutes from './modules/data-export/routes.ts';
import exercisesRoutes from './modules/exercises/routes.ts';
import goalsRoutes from './modules/goals/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import jobsPlugin from './modules/jobs/plugin.ts';
import jobsRoutes from './modules/jobs/routes.ts';
import knowledgeChecksRoutes from './modules/knowledge-checks/routes.ts';
import learningPlansRoutes from './modules/learning-plans/routes.ts';
import lessonsRoutes from './modules/lessons/routes.ts';
import { openMediaStore } from './modules/media/open-store.ts';
import mediaRoutes from './modules/media/routes.ts';
import { mediaSigningKey } from './modules/media/signed-url.ts';
import notesRoutes from './modules/notes/routes.ts';
import pomodoroRoutes from './modules/pomodoro/routes.ts';
import { openRateLimitStore } from './modules/rate-limit/store.ts';
import { testClockRoutes } from './modules/reviews/clock.ts';
import reviewsRoutes from './modules/reviews/routes.ts';
import roadmapSharesRoutes from './modules/roadmap-shares/routes.ts';
import roadmapsRoutes from './modules/roadmaps/routes.ts';
import scheduleRoutes from './modules/schedule/routes.ts';
import sourcesRoutes from './modules/sources/routes.ts';
import subscriptionsRoutes from './modules/subscriptions/routes.ts';
import usersRoutes from './modules/users/routes.ts';
import paymentsPlugin from './payments/plugin.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import requestIdPlugin, { requestIdFrom } from './plugins/request-id.ts';
import securityPlugin from './plugins/security.ts';
import staticSitePlugin from './plugins/static-site.ts';

export interface BuildAppOptions {
  config: Config;
  /** opened (and migrated) by the caller, who also closes it */
  database: Database;
  /** the AI tasks; built from the configuration when absent */
  ai?: Ai;
  /** the clock of plan limits; the system clock when absent */
  clock?: () => Date;
}

/** The largest JSON body accepted; anything bigger answers 413 before it is parsed. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp({ config, database, ai, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // a caller's x-request-id when sane, else a uuid: on every log line (reqId), the answer and error bodies
    genReqId: requestIdFrom,
    // Health checks (and the bench's baseline) hit it hard; two log lines per probe would dominate its cost.
    logController: new LogController({
      disableRequestLogging: (request) =>
        request.url === '/api/health' || request.url === '/api/health/ready',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  // every request part passes the contracts' storable-input check (NUL, lone surrogates, depth) first
  // (every route's request schemas are zod schemas of shared/contracts)
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: storableInput(route.schema as ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('ai', ai ?? createAiFromConfig(config));
  app.decorate('now', clock ?? (() => new Date()));
  const jwtSecret = resolveJwtSecret(config);
  app.decorate('mediaSigningKey', mediaSigningKey(jwtSecret));
  app.decorate('media', await openMediaStore(config));

  await app.register(errorsPlugin);
  const rateLimitStore = await openRateLimitStore(config, database.db, (err) =>
    app.log.warn({ err }, 'rate-limit store failed'),
  );
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(securityPlugin, { shellDist: config.shellDist, rateLimitStore: rateLimitStore.options });
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { database });
  // before every route and the worker: it times the requests and sees the jobs end
  await app.register(metricsPlugin, { database });
  await app.register(authPlugin, { secret: jwtSecret });
  await app.register(requestIdPlugin);
  await app.register(openapiPlugin);
  await app.register(jobsPlugin, { database });
  // the webhook under /api and the sandbox's checkout pages: before the modules (subscriptions uses it) and
  // the static site's SPA fallback
  await app.register(paymentsPlugin);

  await app.register(
    async (api) => {
      // each module declares the plugins and the modules it uses (fastify-plugin checks this order)
      await api.register(healthRoutes);
      await api.register(usersRoutes);
      await api.register(authRoutes);
      await api.register(subscriptionsRoutes);
      await api.register(jobsRoutes);
      await api.register(goalsRoutes);
      await api.register(knowledgeChecksRoutes);
      await api.register(roadmapsRoutes);
      await api.register(learningPlansRoutes);
      await api.register(lessonsRoutes);
      await api.register(chatRoutes);
      await api.register(mediaRoutes);
      await api.register(notesRoutes);
      await api.register(dashboardRoutes);
      await api.register(pomodoroRoutes);
      await api.register(reviewsRoutes);
      await api.register(scheduleRoutes);
      await api.register(exercisesRoutes);
      await api.register(sourcesRoutes);
      await api.register(roadmapSharesRoutes);
      await api.register(clientReportsRoutes);
      await api.register(courseExportRoutes);
      await api.register(dataExportRoutes);
      await api.register(accountRoutes);
      if (config.testClock) {
        await api.register(testClockRoutes);
        await api.register(retentionTestRoutes);
      }
    },
    { prefix: '/api' },
  );

  // event streams (lesson content, chat) end when the server closes rather than holding it open
  app.addHook('preClose', async () => closeSseStreams(app.server));

  await app.register(staticSitePlugin, { shellDist: config.shellDist, deployDir: config.deployDir });
  return app;
}
