import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** the label; may hold a link (e.g. to the terms) */
  children: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox (keyboard and screen readers for free) with the house look; the label wraps it. */
export function Checkbox({ children, className, ref, ...rest }: CheckboxProps) {
  return (
    <label className={[styles.root, className].filter(Boolean).join(' ')}>
      <input ref={ref} type="checkbox" className={styles.input} {...rest} />
      <span className={styles.box} aria-hidden="true">
        <svg
          viewBox="0 0 16 16"
          width="12"
          height="12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          aria-hidden="true"
        >
          <path d="M3.5 8.5l3 3 6-7" />
        </svg>
      </span>
      <span className={styles.label}>{children}</span>
    </label>
  );
}
