// The lesson's videos and reading (spec 2 §3: videoUrls and resourceLinks are JSON text), read leniently: a
// field that does not parse shows nothing rather than breaking the page.
import {
  type Book,
  type ResourceLink,
  ResourceLinksSchema,
  VideoUrlsSchema,
} from '@mindpath/contracts/lessons';
import { camelizeKeys } from '@mindpath/sdk/normalize';

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return camelizeKeys(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Only http(s) links are ever rendered as links. */
const safe = (link: ResourceLink) => /^https?:\/\//i.test(link.url);

export function parseVideos(videoUrls: string | null): ResourceLink[] {
  const parsed = VideoUrlsSchema.safeParse(parseJson(videoUrls));
  return parsed.success ? parsed.data.filter(safe) : [];
}

export function parseResourceLinks(resourceLinks: string | null): {
  articles: ResourceLink[];
  books: Book[];
} {
  const parsed = ResourceLinksSchema.safeParse(parseJson(resourceLinks));
  return parsed.success
    ? { articles: parsed.data.articles.filter(safe), books: parsed.data.books }
    : { articles: [], books: [] };
}

/** A book is offered as a library search (a book has no link of its own, and a model's may be invented). */
export const bookSearchUrl = (book: Book) =>
  `https://openlibrary.org/search?q=${encodeURIComponent(`${book.title} ${book.author}`.trim())}`;
