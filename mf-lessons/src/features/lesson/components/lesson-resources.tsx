import type { Lesson, ResourceKind, ResourceLink } from '@mindpath/contracts/lessons';
import { bookSearchUrl, parseResourceLinks, parseVideos } from '../utils/resources.ts';
import styles from './lesson.module.css';

/** What the learner is told about where a link came from (see ResourceKindSchema). */
const KIND_LABEL: Record<ResourceKind, string | null> = {
  search: 'Search',
  curated: null,
  suggestion: 'AI suggestion, not checked',
};

function Kind({ kind }: { kind: ResourceKind }) {
  const label = KIND_LABEL[kind];
  return label ? (
    <span className={styles.kind} data-kind={kind}>
      {label}
    </span>
  ) : null;
}

function LinkList({ links }: { links: ResourceLink[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.url + link.title}>
          <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
            {link.title}
          </a>
          <Kind kind={link.kind} />
        </li>
      ))}
    </ul>
  );
}

/** Recommended videos, additional resources and recommended books (spec 2 §1). */
export function LessonResources({ lesson }: { lesson: Lesson }) {
  const videos = parseVideos(lesson.videoUrls);
  const { articles, books } = parseResourceLinks(lesson.resourceLinks);
  if (!videos.length && !articles.length && !books.length) return null;
  return (
    <div className={styles.resources}>
      {videos.length ? (
        <section className={`card ${styles.resourceCard}`} aria-labelledby="lesson-videos">
          <h2 id="lesson-videos">Recommended Videos</h2>
          <LinkList links={videos} />
        </section>
      ) : null}
      {articles.length ? (
        <section className={`card ${styles.resourceCard}`} aria-labelledby="lesson-resources">
          <h2 id="lesson-resources">Additional Resources</h2>
          <LinkList links={articles} />
        </section>
      ) : null}
      {books.length ? (
        <section className={`card ${styles.resourceCard}`} aria-labelledby="lesson-books">
          <h2 id="lesson-books">Recommended Books</h2>
          <ul className={styles.links}>
            {books.map((book) => (
              <li key={book.title + book.author}>
                <a href={bookSearchUrl(book)} target="_blank" rel="noopener noreferrer nofollow">
                  {book.title}
                </a>
                {book.author ? <span className={styles.muted}> by {book.author}</span> : null}
                <Kind kind={book.kind === 'suggestion' ? 'suggestion' : 'search'} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
