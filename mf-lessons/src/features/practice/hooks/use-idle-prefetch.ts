// A lesson with runnable code fetches the editor and starts the runtime when the page has nothing else to
// do, so the first Run answers sooner; never during the page's first load.
import type { RunnableLanguage } from '@mindpath/runner/protocol';
import { useEffect, useState } from 'react';
import { loadWorkbench } from '../components/lazy-workbench.ts';
import { loadRunner } from './load-runner.ts';
import { whenIdle } from './when-idle.ts';

/** Runtimes asked to start on this page (once per language). */
const prefetched = new Set<RunnableLanguage>();

function prefetchRuntime(language: RunnableLanguage) {
  if (prefetched.has(language)) return;
  prefetched.add(language);
  void loadRunner(language)
    .then((runner) => runner.prefetch())
    .catch(() => prefetched.delete(language));
}

/**
 * When the page is idle: the editor's chunk (`load`: the editable block's, by default) and the language's
 * runtime. True once that chunk is here (the block then shows it in place of the read-only code); null
 * language: nothing to run.
 */
export function useIdlePrefetch(
  language: RunnableLanguage | null,
  load: () => Promise<unknown> = loadWorkbench,
): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!language) return;
    let live = true;
    const cancel = whenIdle(() => {
      prefetchRuntime(language);
      load()
        .then(() => {
          if (live) setReady(true);
        })
        // not fetched: the block stays read-only with its Run button, which tries again
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [language, load]);
  return ready;
}
