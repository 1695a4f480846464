import styles from './brand-mark.module.css';

/**
 * The Mindpath logo (@mindpath/ui's global `logo-mark`) with a glow; `large` for a dialog's icon, `withName`
 * adds the word mark, which a page can style (`nameClassName`), e.g. to drop it where the header has no room.
 */
export function BrandMark({
  large = false,
  withName = false,
  nameClassName,
}: {
  large?: boolean;
  withName?: boolean;
  nameClassName?: string;
}) {
  return (
    <span className={styles.root}>
      <span
        className={`logo-mark ${styles.mark}`}
        data-size={large ? 'large' : undefined}
        aria-hidden="true"
      />
      {withName ? (
        <span className={[styles.name, nameClassName].filter(Boolean).join(' ')}>Mindpath</span>
      ) : null}
    </span>
  );
}
