// The runner's client module is fetched on first use, never in the page's first load: it knows where the
// runtimes' Workers are, and a lesson without runnable code never needs it.
import type { Runner } from '@mindpath/runner/client';
import type { RunnableLanguage } from '@mindpath/runner/protocol';

const runners = new Map<RunnableLanguage, Promise<Runner>>();
/** Languages whose runtime has answered once on this page: their next run starts at once. */
const warm = new Set<RunnableLanguage>();

/** The page's one runner of a language (a failed fetch of its module is tried again next time). */
export function loadRunner(language: RunnableLanguage): Promise<Runner> {
  let runner = runners.get(language);
  if (!runner) {
    runner = import('@mindpath/runner/client').then((m) => m.runnerFor(language));
    runner.catch(() => runners.delete(language));
    runners.set(language, runner);
  }
  return runner;
}

/** The runner of a language when its module is already here, without fetching it. */
export function loadedRunner(language: RunnableLanguage): Promise<Runner> | null {
  return runners.get(language) ?? null;
}

export const isWarm = (language: RunnableLanguage) => warm.has(language);
export const markWarm = (language: RunnableLanguage) => warm.add(language);
