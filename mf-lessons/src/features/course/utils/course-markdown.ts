// A lesson's Markdown placed inside the whole course: its headings one or more levels down, so the course's
// outline reads course → section → lesson → the lesson's own parts. Code is left alone.

/** Every heading outside fenced code `by` levels deeper (at most level 6). */
export function demoteHeadings(markdown: string, by: number): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const m = fenced ? null : /^(#{1,6})(\s)/.exec(line);
      if (!m) return line;
      const level = Math.min(6, (m[1]?.length ?? 1) + by);
      return `${'#'.repeat(level)}${line.slice(m[1]!.length)}`;
    })
    .join('\n');
}
