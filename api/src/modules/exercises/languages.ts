// Which language a lesson practises in: the runnable language of most of its code blocks, else its
// curriculum's. Fence tags are read as the browser's runner reads them (its languages module holds no
// runtime); the server only decides whether a lesson gets exercises, it never runs code.
import type { ExerciseLanguage } from '@mindpath/contracts/exercises-constants';
import { runnableLanguage } from '@mindpath/runner/languages';

/** The curated curricula that teach programming, by their domain id. */
const DOMAIN_LANGUAGES: Record<string, ExerciseLanguage> = {
  python: 'python',
  sql: 'sql',
  javascript: 'javascript',
  'machine-learning': 'python',
};

/** The languages of the opening fences of a Markdown text's code blocks, in order. */
export function codeBlockLanguages(markdown: string): ExerciseLanguage[] {
  const found: ExerciseLanguage[] = [];
  let open: string | null = null;
  for (const line of markdown.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})\s*([^\s`{]*)/.exec(line);
    if (!m) continue;
    const fence = m[1]!;
    if (open === null) {
      open = fence;
      const lang = runnableLanguage(m[2]);
      if (lang) found.push(lang);
    } else if (fence[0] === open[0] && fence.length >= open.length && m[2] === '') {
      open = null;
    }
  }
  return found;
}

/** The lesson's practice language, or null when it has no runnable code and its curriculum is no language's. */
export function lessonLanguage(content: string | null, domainId: string | null): ExerciseLanguage | null {
  const counts = new Map<ExerciseLanguage, number>();
  for (const lang of codeBlockLanguages(content ?? '')) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  // the most used, the first seen on a tie
  let best: ExerciseLanguage | null = null;
  for (const [lang, n] of counts) if (best === null || n > counts.get(best)!) best = lang;
  return best ?? (domainId ? (DOMAIN_LANGUAGES[domainId] ?? null) : null);
}
