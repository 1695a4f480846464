// The "Your material" step's rules, apart from its component so they are tested alone.
import type { Source } from '@mindpath/contracts/sources';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';

/** "Build my roadmap" waits for one source that is read (the API refuses it before that). */
export const canBuildFromMaterial = (sources: Pick<Source, 'state'>[]) =>
  sources.some((s) => s.state === 'ready');

/** Where a source's reading is, in the learner's words: "Reading… 40%", "Ready", or why it failed. */
export function materialStateText(source: Pick<Source, 'state' | 'progress' | 'error'>): string {
  if (source.state === 'processing') return `Reading… ${source.progress}%`;
  if (source.state === 'failed') return source.error?.message || SOURCE_MESSAGES.processing_failed;
  return 'Ready';
}
