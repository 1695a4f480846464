import styles from './feature-list.module.css';

const Check = () => (
  <svg
    className={styles.check}
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

/** A plan's features as a checked list; `label` names the list for screen readers. */
export function FeatureList({ features, label }: { features: readonly string[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {features.map((feature) => (
        <li key={feature} className={styles.item}>
          <Check />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
