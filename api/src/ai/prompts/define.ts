import type { ChatMessage } from '@mindpath/contracts/ai';
import type { AiTask } from '../constants.ts';

/** One call's prompt: the structured input (what the offline generator works from) and the messages a model reads. */
export interface PromptRequest<I = unknown> {
  id: string;
  version: number;
  task: AiTask;
  input: I;
  messages: ChatMessage[];
}

export interface PromptDefinition<I> {
  id: string;
  /** bump on every change of wording or shape, so stored results can say which prompt made them */
  version: number;
  task: AiTask;
  build(input: I): PromptRequest<I>;
}

export function definePrompt<I>(def: {
  id: string;
  version: number;
  task: AiTask;
  system: string;
  user: (input: I) => string;
  /** extra messages after the system prompt (a chat history), before the user message */
  history?: (input: I) => ChatMessage[];
}): PromptDefinition<I> {
  return {
    id: def.id,
    version: def.version,
    task: def.task,
    build: (input) => {
      const user = def.user(input);
      return {
        id: def.id,
        version: def.version,
        task: def.task,
        input,
        messages: [
          { role: 'system', content: def.system },
          ...(def.history?.(input) ?? []),
          ...(user ? [{ role: 'user' as const, content: user }] : []),
        ],
      };
    },
  };
}

/** Learner text goes into prompts fenced and trimmed, so it reads as data, not instructions. */
export const quote = (text: string, max = 2_000) => `"""\n${text.slice(0, max).replace(/"""/g, '"')}\n"""`;
