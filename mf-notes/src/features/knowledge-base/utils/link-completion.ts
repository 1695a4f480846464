import { titleKey } from '@mindpath/contracts/notes-logic';

/** The `[[…` being typed at the caret: what follows the brackets and where it starts; null outside one. */
export function linkQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const m = /\[\[([^[\]|\n]*)$/.exec(text.slice(0, caret));
  return m ? { query: m[1] ?? '', start: m.index + 2 } : null;
}

/** Note titles for a link being typed: titles starting with it first, then containing it, A→Z. */
export function suggestTitles(titles: readonly string[], query: string, exclude = '', limit = 6): string[] {
  const q = titleKey(query);
  const skip = titleKey(exclude);
  const seen = new Set<string>();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const title of titles) {
    const key = titleKey(title);
    if (key === skip || seen.has(key)) continue;
    seen.add(key);
    if (key.startsWith(q)) starts.push(title);
    else if (key.includes(q)) contains.push(title);
  }
  const az = (a: string, b: string) => (titleKey(a) < titleKey(b) ? -1 : 1);
  return [...starts.sort(az), ...contains.sort(az)].slice(0, limit);
}

/** The text with the link completed to `[[title]]` (reusing a `]]` already after the caret) and the caret after it. */
export function completeLink(text: string, caret: number, start: number, title: string) {
  const rest = text.slice(caret).startsWith(']]') ? text.slice(caret + 2) : text.slice(caret);
  const head = `${text.slice(0, start)}${title}]]`;
  return { text: head + rest, caret: head.length };
}
