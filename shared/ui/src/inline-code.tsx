import styles from './inline-code.module.css';

/**
 * Question text with `code` in backticks (as questions about code are written, by the lesson quiz and the
 * goal wizard's knowledge assessment alike) shown as code; the rest stays text, never HTML.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <code key={i} className={styles.code}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
