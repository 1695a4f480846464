import { useId } from 'react';

// Apart from the icons: the public pages' header draws it in the first render, the icons are the sidebar's.

/** The Mindpath mark: a path through three nodes. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const gradient = useId(); // unique per instance: a hidden copy (sidebar on mobile) must not own the gradient
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b7cf6" />
          <stop offset="1" stopColor="#5aa9f6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M8 22c3-8 5-8 8-4s5 4 8-6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="22" r="2" fill="#fff" />
      <circle cx="24" cy="12" r="2" fill="#fff" />
    </svg>
  );
}
