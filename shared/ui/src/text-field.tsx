import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** help text under the field */
  hint?: ReactNode;
  /** an error for this field: shown under it and linked with aria-describedby / aria-invalid */
  error?: string | undefined;
  /** a control inside the field on the right (e.g. a show/hide button) */
  endAdornment?: ReactNode;
  /** visually hide the label (it stays the accessible name) */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; hint and error are announced with the field. */
export function TextField({
  label,
  hint,
  error,
  endAdornment,
  hideLabel = false,
  id,
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control} data-invalid={error ? '' : undefined}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          {...rest}
          aria-describedby={describedBy}
          aria-invalid={error ? true : rest['aria-invalid']}
        />
        {endAdornment ? <div className={styles.adornment}>{endAdornment}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
