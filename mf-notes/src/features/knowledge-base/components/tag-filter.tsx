import styles from './knowledge-base.module.css';

/** The tag filter: every tag with its count; the selected one is pressed, "All notes" clears it. */
export function TagFilter({
  tags,
  total,
  selected,
  onSelect,
}: {
  tags: { tag: string; count: number }[];
  total: number;
  selected: string | null;
  onSelect: (tag: string | null) => void;
}) {
  if (tags.length === 0) return null;
  return (
    <fieldset className={styles.tagFilter}>
      <legend className="visually-hidden">Filter by tag</legend>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        All notes <span className={styles.chipCount}>{total}</span>
      </button>
      {tags.map(({ tag, count }) => (
        <button
          key={tag}
          type="button"
          className={styles.chip}
          aria-pressed={selected === tag}
          onClick={() => onSelect(selected === tag ? null : tag)}
        >
          #{tag} <span className={styles.chipCount}>{count}</span>
        </button>
      ))}
    </fieldset>
  );
}
