// The AI layer (DESIGN.md §5): the provider chosen by configuration, and the product's tasks over it.
import type { Config } from '../config.ts';
import { createOfflineProvider } from './offline/provider.ts';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai.ts';
import { type Ai, createAi } from './service.ts';
import type { AiProvider } from './types.ts';

/** The provider named by the configuration: `openai` for any OpenAI-compatible server, else `offline`. */
export function createAiProvider(
  ai: Config['ai'],
  overrides: Partial<Omit<OpenAiProviderOptions, 'baseUrl' | 'apiKey' | 'model' | 'modelPro'>> = {},
): AiProvider {
  if (ai.provider === 'offline') return createOfflineProvider({ streamDelayMs: ai.streamDelayMs });
  return createOpenAiProvider({
    ...overrides,
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    modelPro: ai.modelPro,
  });
}

/** The AI tasks on the configured provider. */
export function createAiFromConfig(
  config: Pick<Config, 'ai'>,
  overrides?: Parameters<typeof createAiProvider>[1],
): Ai {
  return createAi(createAiProvider(config.ai, overrides));
}
