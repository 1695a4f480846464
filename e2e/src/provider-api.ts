// A second API process whose AI provider is a real HTTP server speaking the OpenAI protocol (the API tests'
// protocol server), on ports of its own, for the suites that drive the product on a model instead of the
// offline generator. The e2e server's deployment is shared; the data directory is the process's own.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type OpenAiTestServer,
  type RecordedRequest,
  type Step,
  startOpenAiServer,
} from '@mindpath/fake-openai';
import { freePort, spawnApi, waitForHealth } from './api-process.ts';
import { E2E_DEPLOY_DIR, E2E_RUN_DIR } from './env.ts';

/** The key the API is given for the provider; every request to the protocol server should carry it. */
export const PROVIDER_KEY = 'e2e-key';

export interface ProviderApi {
  ai: OpenAiTestServer;
  /** the second API's URL (serving the same shell and remotes) */
  baseUrl: string;
  close(): Promise<void>;
}

/** The structured-output schema a request asks for (the prompt's id), if any. */
export const schemaName = (req: RecordedRequest): string | undefined =>
  req.body?.response_format?.json_schema?.name;

/** Answers structured-output requests from `answers` by schema name; anything else is refused (400). */
export function jsonAnswers(answers: Record<string, unknown>, latencyMs = 300) {
  return (req: RecordedRequest): Step => {
    const name = schemaName(req);
    const answer = name ? answers[name] : undefined;
    return answer
      ? { content: JSON.stringify(answer), latencyMs }
      : { status: 400, error: `no scripted answer for ${name}` };
  };
}

/** Starts the protocol server (answering every request with `answer`) and an API process pointed at it. */
export async function startProviderApi(answer: (req: RecordedRequest) => Step): Promise<ProviderApi> {
  const ai = await startOpenAiServer();
  ai.setFallback(answer);
  const port = await freePort();
  const dataDir = join(E2E_RUN_DIR, `data-openai-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const api = spawnApi({
    port,
    dataDir,
    deployDir: E2E_DEPLOY_DIR,
    stdio: 'ignore',
    env: { AI_PROVIDER: 'openai', AI_BASE_URL: ai.url, AI_API_KEY: PROVIDER_KEY, AI_MODEL: 'e2e-model' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, api);
  } catch (e) {
    api.kill('SIGTERM');
    await ai.close();
    throw e;
  }
  return {
    ai,
    baseUrl,
    close: async () => {
      api.kill('SIGTERM');
      await ai.close();
    },
  };
}
