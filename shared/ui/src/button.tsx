import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look as a class list, for links that should look like buttons (`<Link className={…}>`). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleOptions = {}) {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** shows a spinner, sets aria-busy and disables the button */
  loading?: boolean;
  /** an icon before the label */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button. `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  icon,
  className,
  disabled,
  type = 'button',
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={[buttonClassName({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
