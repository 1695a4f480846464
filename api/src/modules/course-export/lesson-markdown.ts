// A lesson as a Markdown file a learner keeps: its title, its content with the image placeholder replaced by
// the lesson's image, the images its Markdown points at under /api/media copied beside it (relative names, so
// the folder opens in any Markdown reader offline), and its videos and reading as links. Used by the course
// download and by the learner's data download.
import { IMAGE_PLACEHOLDER_RE } from '@mindpath/contracts/ai';
import { normalizeLessonMarkdown } from '@mindpath/contracts/lessons';
import type { Db } from '../../db/client.ts';
import { findMediaOwner } from '../media/owners.ts';
import { type MediaStore, mediaNameOf, mediaType, readMediaBytes } from '../media/store.ts';

/** The lesson fields the file is made of (a lessons row has them all). */
export interface LessonForMarkdown {
  title: string;
  content: string | null;
  /** the stored image path (/api/media/lessons/<key>.svg), or null */
  imageUrl: string | null;
  /** JSON text: [{title, url}] */
  videoUrls?: string | null;
  /** JSON text: {articles: [{title, url}], books: [{title, author}]} */
  resourceLinks?: string | null;
}

/** A file that goes beside the lesson's .md: its name relative to the .md's folder. */
export interface LessonFile {
  name: string;
  bytes: Uint8Array;
}

export interface LessonMarkdown {
  markdown: string;
  files: LessonFile[];
}

export interface LessonMarkdownDeps {
  db: Db;
  media: MediaStore;
  /** whether a media name is the learner's, when the caller knows them all (else a query per image) */
  ownsMedia?: (name: string) => boolean;
}

export const NO_CONTENT_YET =
  'This lesson has not been written yet. Open it in Mindpath and it will be written for you.';

/** Text put inside Markdown link text or alt text: brackets and backslashes would end or bend it. */
export const linkText = (s: string) => s.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

const plain = (s: string) => s.replace(/[*_`]/g, '').trim().toLowerCase();

/** The content's own `# Title` line is dropped when it repeats the title the file opens with. */
function withoutTitle(markdown: string, title: string): string {
  const m = /^\s*#\s+(.+)\n?/.exec(markdown);
  return m && plain(m[1] ?? '') === plain(title) ? markdown.slice(m[0].length) : markdown;
}

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? 'bin';
const IMAGE_EXTENSIONS = new Set(['svg', 'png', 'jpg', 'webp']);

interface LinkLike {
  title?: unknown;
  url?: unknown;
  author?: unknown;
}

function parseList(text: string | null | undefined, pick: (v: unknown) => unknown): LinkLike[] {
  if (!text) return [];
  try {
    const list = pick(JSON.parse(text));
    return Array.isArray(list) ? list.filter((x): x is LinkLike => typeof x === 'object' && x !== null) : [];
  } catch {
    return [];
  }
}

const isWebLink = (l: LinkLike): l is { title: string; url: string } =>
  typeof l.title === 'string' && typeof l.url === 'string' && /^https?:\/\/[^\s)]+$/i.test(l.url);

/** The lesson's videos, articles and books as a Markdown section, or '' when it has none. */
function resourcesSection(lesson: LessonForMarkdown): string {
  const videos = parseList(lesson.videoUrls, (v) => v).filter(isWebLink);
  const articles = parseList(lesson.resourceLinks, (v) => (v as { articles?: unknown })?.articles).filter(
    isWebLink,
  );
  const books = parseList(lesson.resourceLinks, (v) => (v as { books?: unknown })?.books).filter(
    (b): b is { title: string; author: string } => typeof b.title === 'string',
  );
  const parts: string[] = [];
  if (videos.length)
    parts.push('### Videos', '', ...videos.map((v) => `- [${linkText(v.title)}](${v.url})`), '');
  if (articles.length)
    parts.push('### Reading', '', ...articles.map((a) => `- [${linkText(a.title)}](${a.url})`), '');
  if (books.length)
    parts.push(
      '### Books',
      '',
      ...books.map(
        (b) =>
          `- ${linkText(b.title)}${typeof b.author === 'string' && b.author ? `, ${linkText(b.author)}` : ''}`,
      ),
      '',
    );
  return parts.length ? ['## Resources', '', ...parts].join('\n') : '';
}

// an image or link whose target is a media path (signed or not): ![alt](/api/media/lessons/<key>.svg?…)
const MEDIA_REFERENCE =
  /(!?)\[([^\]]*)\]\((?:https?:\/\/[^/\s)]+)?(\/api\/media\/[^\s)?#]+)(?:[?#][^\s)]*)?\)/g;

/**
 * The lesson as Markdown, with its images as files named `<stem>-image.<ext>`, `<stem>-2.<ext>`, … beside it.
 * Only media of `userId` are copied: a reference to anything else keeps its words and loses its target.
 */
export async function lessonMarkdown(
  deps: LessonMarkdownDeps,
  userId: string,
  lesson: LessonForMarkdown,
  stem: string,
): Promise<LessonMarkdown> {
  const files: LessonFile[] = [];
  const copied = new Map<string, string>();

  /** Copies media `name` beside the .md once, answering its relative name, or null when it cannot be kept. */
  async function copy(name: string, preferred?: string): Promise<string | null> {
    const known = copied.get(name);
    if (known) return known;
    if (!mediaType(name) || !IMAGE_EXTENSIONS.has(extensionOf(name))) return null;
    const own = deps.ownsMedia ? deps.ownsMedia(name) : (await findMediaOwner(deps.db, name)) === userId;
    if (!own) return null;
    const bytes = await readMediaBytes(deps.media, name);
    if (!bytes) return null;
    const fileName = `${preferred ?? `${stem}-${files.length + 1}`}.${extensionOf(name)}`;
    files.push({ name: fileName, bytes });
    copied.set(name, fileName);
    return fileName;
  }

  const title = lesson.title.trim() || 'Untitled lesson';
  const content = lesson.content?.trim() ? withoutTitle(lesson.content, title) : '';
  const lines: string[] = [];
  if (!content) lines.push(`_${NO_CONTENT_YET}_`);
  else {
    const lessonImage = lesson.imageUrl ? mediaNameOf(lesson.imageUrl) : null;
    let placedImage = false;
    let fenced = false;
    // code is kept byte for byte: placeholders and media references are only rewritten outside fences
    for (const line of normalizeLessonMarkdown(content).split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) {
        lines.push(line);
        continue;
      }
      let out = line;
      const placeholder = IMAGE_PLACEHOLDER_RE.exec(out);
      if (placeholder) {
        const description = placeholder[1] ?? '';
        // the page shows one image, where the first placeholder is; the rest are dropped as it does
        const file = !placedImage && lessonImage ? await copy(lessonImage, `${stem}-image`) : null;
        placedImage = true;
        out = out.replace(new RegExp(IMAGE_PLACEHOLDER_RE.source, 'g'), (_m, _d, offset: number) =>
          file && offset === placeholder.index ? `![${linkText(description)}](${file})` : '',
        );
      }
      const references = [...out.matchAll(MEDIA_REFERENCE)];
      for (const ref of references) {
        const [whole, bang, alt, path] = ref;
        const file = await copy(mediaNameOf(path!));
        out = out.replace(whole, file ? `${bang}[${alt}](${file})` : (alt ?? ''));
      }
      lines.push(out);
    }
  }
  const resources = resourcesSection(lesson);
  const markdown = `# ${title.replace(/\s+/g, ' ')}\n\n${lines.join('\n').trim()}\n${resources ? `\n${resources}` : ''}`;
  return { markdown, files };
}
