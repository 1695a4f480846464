import { useId } from 'react';
import styles from './brand-mark.module.css';

/**
 * The Mindpath logo: a path of three nodes climbing to a star. `withName` adds the word mark, which a page can
 * style (`nameClassName`), e.g. to drop it where the header has no room.
 */
export function BrandMark({
  size = 32,
  withName = false,
  nameClassName,
}: {
  size?: number;
  withName?: boolean;
  nameClassName?: string;
}) {
  const gradient = `${useId()}-brand`;
  return (
    <span className={styles.root}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={styles.mark}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b7cf6" />
            <stop offset="1" stopColor="#5aa9f6" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <path
          d="M8 23c3 0 4-3.5 7-3.5s3.5-5 6.5-5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          opacity="0.9"
        />
        <circle cx="8" cy="23" r="2.2" fill="#fff" />
        <circle cx="15" cy="19.5" r="2.2" fill="#fff" />
        <path d="M23 7.5l1.3 2.8 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4z" fill="#fff" />
      </svg>
      {withName ? (
        <span className={[styles.name, nameClassName].filter(Boolean).join(' ')}>Mindpath</span>
      ) : null}
    </span>
  );
}
