import styles from './skip-link.module.css';

/**
 * The first tab stop of every page (WCAG 2.4.1): jumps over the header and side menu to the page's
 * <main id="main">. Hidden until focused, so it never changes the layout.
 */
export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main">
      Skip to content
    </a>
  );
}
