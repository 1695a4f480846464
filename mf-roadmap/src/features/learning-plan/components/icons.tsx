// The learning plan's small marks, drawn in the text's colour.
import type { ReactNode, SVGProps } from 'react';
import styles from './learning-plan.module.css';

/** The frame every mark shares: a 24-unit stroke drawing, hidden from assistive technology. */
const Mark = ({ size = 14, ...rest }: { size?: number; children: ReactNode } & SVGProps<SVGSVGElement>) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    aria-hidden="true"
    {...rest}
  />
);

/** A tick: a completed milestone's node, a lesson's done toggle. */
export const CheckIcon = () => (
  <Mark strokeWidth="3">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Mark>
);

export const LockIcon = () => (
  <Mark strokeWidth="2.4">
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 018 0v3" />
  </Mark>
);

export const ChevronIcon = ({ open }: { open: boolean }) => (
  <Mark size={18} strokeWidth="2" className={styles.chevron} data-open={open || undefined}>
    <path d="M6 9l6 6 6-6" />
  </Mark>
);

/** The drag handle's six dots. */
export const GripIcon = () => (
  <Mark size={16} strokeWidth="3" strokeLinecap="round">
    <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" />
  </Mark>
);

export const ArrowIcon = ({ up }: { up: boolean }) => (
  <Mark size={16} strokeWidth="2.2">
    <path d={up ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
  </Mark>
);
