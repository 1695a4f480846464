// Lesson Markdown before it is rendered by @mindpath/markdown (which sanitizes it): display math, the image
// placeholder, special section headings.
import { IMAGE_PLACEHOLDER_RE } from '@mindpath/contracts/ai';
import { normalizeLessonMarkdown } from '@mindpath/contracts/lessons';

/**
 * A formula alone on its line as `$$…$$` is display math to its writer, but inline math to remark-math (which
 * wants the dollars on lines of their own): it is rewritten as a block. Fenced code is left alone.
 */
export function blockMath(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const m = fenced ? null : /^\s*\$\$(.+?)\$\$\s*$/.exec(line);
      return m ? `$$\n${m[1]}\n$$` : line;
    })
    .join('\n');
}

const prepare = (markdown: string) => normalizeLessonMarkdown(blockMath(markdown));

const plain = (s: string) => s.replace(/[*_`]/g, '').trim().toLowerCase();

/** The page shows the title as its heading: content opening with the same `# Title` drops that line. */
export function withoutTitle(markdown: string, title: string): string {
  const m = /^\s*#\s+(.+)\n?/.exec(markdown);
  return m && title && plain(m[1] ?? '') === plain(title) ? markdown.slice(m[0].length) : markdown;
}

export interface LessonParts {
  /** Markdown before the image placeholder (all of it when there is none) */
  before: string;
  /** the placeholder's description, or null when the content has none */
  image: string | null;
  after: string;
}

/**
 * Splits lesson Markdown at its image placeholder (`{{image: …}}`), so the image renders between the two
 * parts; special sections become level-2 headings. While streaming, a placeholder not yet closed is held back.
 */
export function splitLesson(markdown: string, { streaming = false, title = '' } = {}): LessonParts {
  const text = withoutTitle(streaming ? markdown.replace(/\{\{[^}]*\}?$/, '') : markdown, title);
  const match = IMAGE_PLACEHOLDER_RE.exec(text);
  if (!match) return { before: prepare(text), image: null, after: '' };
  const rest = text
    .slice(match.index + match[0].length)
    .replace(new RegExp(IMAGE_PLACEHOLDER_RE.source, 'g'), '');
  return {
    before: prepare(text.slice(0, match.index)),
    image: match[1] ?? null,
    after: rest.trim() ? prepare(rest) : '',
  };
}
