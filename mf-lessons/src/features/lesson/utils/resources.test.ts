import { describe, expect, it } from 'vitest';
import { bookSearchUrl, parseResourceLinks, parseVideos } from './resources.ts';

describe('lesson resources', () => {
  it('reads videoUrls JSON text (camel or Pascal case) and keeps only http(s) links', () => {
    const text = JSON.stringify([
      { Title: 'Intro', Url: 'https://www.youtube.com/results?search_query=rust', Kind: 'search' },
      { title: 'Bad', url: 'javascript:alert(1)', kind: 'suggestion' },
    ]);
    expect(parseVideos(text)).toEqual([
      { title: 'Intro', url: 'https://www.youtube.com/results?search_query=rust', kind: 'search' },
    ]);
  });

  it('shows nothing for missing or malformed fields', () => {
    expect(parseVideos(null)).toEqual([]);
    expect(parseVideos('not json')).toEqual([]);
    expect(parseResourceLinks('{"articles": 3}')).toEqual({ articles: [], books: [] });
  });

  it('reads articles and books, and offers a book as a library search', () => {
    const links = parseResourceLinks(
      JSON.stringify({
        articles: [{ title: 'Docs', url: 'https://doc.rust-lang.org', kind: 'curated' }],
        books: [{ title: 'The Rust Book', author: 'Klabnik', kind: 'suggestion' }],
      }),
    );
    expect(links.articles).toHaveLength(1);
    expect(links.books[0]?.title).toBe('The Rust Book');
    expect(bookSearchUrl(links.books[0]!)).toBe(
      'https://openlibrary.org/search?q=The%20Rust%20Book%20Klabnik',
    );
  });
});
