import { type ReactNode, useId } from 'react';
import type { AvatarTheme, EmblemKind } from '../utils/avatar-themes.ts';

/** The glyph of each emblem, drawn in a 64×64 box with `ink`. */
function glyph(kind: EmblemKind, ink: string): ReactNode {
  switch (kind) {
    case 'ring':
      return (
        <>
          <ellipse cx="32" cy="33" rx="15" ry="13" fill="none" stroke={ink} strokeWidth="5" />
          <ellipse
            cx="32"
            cy="33"
            rx="15"
            ry="13"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.5"
            strokeWidth="1.2"
          />
          <path d="M22 20c4-3 16-3 20 0" fill="none" stroke={ink} strokeOpacity="0.7" strokeWidth="1.5" />
        </>
      );
    case 'crown':
      return (
        <path
          d="M16 42l-2-20 10 9 8-13 8 13 10-9-2 20zM16 46h32v4H16z"
          fill={ink}
          stroke={ink}
          strokeLinejoin="round"
          strokeWidth="1.5"
        />
      );
    case 'circuit':
      return (
        <g fill="none" stroke={ink} strokeWidth="2.5" strokeLinecap="round">
          <rect x="22" y="22" width="20" height="20" rx="3" />
          <path d="M27 22v-8M37 22v-8M27 42v8M37 42v8M22 27h-8M22 37h-8M42 27h8M42 37h8" />
          <circle cx="32" cy="32" r="3" fill={ink} />
        </g>
      );
    case 'star-badge':
      return (
        <>
          <circle cx="32" cy="32" r="17" fill="none" stroke={ink} strokeWidth="3" />
          <path d="M32 20l3.5 7.5 8 1-6 5.5 1.6 8L32 38l-7.1 4 1.6-8-6-5.5 8-1z" fill={ink} />
        </>
      );
    case 'terminal':
      return (
        <g fill="none" stroke={ink} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
          <rect x="14" y="18" width="36" height="28" rx="4" strokeWidth="2" />
          <path d="M21 28l6 5-6 5M31 39h10" />
        </g>
      );
    case 'saber':
      return (
        <>
          <path d="M42 14L26 40" stroke={ink} strokeWidth="5" strokeLinecap="round" />
          <path d="M42 14L26 40" stroke="#fff" strokeWidth="1.5" strokeLinecap="round" />
          <path d="M25 41l-5 8" stroke="#c9ced6" strokeWidth="6" strokeLinecap="round" />
          <circle cx="16" cy="20" r="1.4" fill="#fff" />
          <circle cx="48" cy="44" r="1.2" fill="#fff" />
          <circle cx="22" cy="14" r="0.9" fill="#fff" />
        </>
      );
    case 'shield':
      return (
        <>
          <circle cx="32" cy="32" r="18" fill="none" stroke={ink} strokeWidth="3" />
          <circle cx="32" cy="32" r="11" fill="none" stroke={ink} strokeWidth="3" />
          <path d="M32 25l2 4.5 5 .6-3.7 3.3 1 4.9L32 35.8l-4.3 2.5 1-4.9-3.7-3.3 5-.6z" fill={ink} />
        </>
      );
    case 'blossom':
      return (
        <g fill={ink}>
          {[0, 72, 144, 216, 288].map((deg) => (
            <ellipse
              key={deg}
              cx="32"
              cy="21"
              rx="6"
              ry="10"
              transform={`rotate(${deg} 32 32)`}
              opacity="0.92"
            />
          ))}
          <circle cx="32" cy="32" r="4" fill="#ffd43b" />
        </g>
      );
    case 'pixel-heart':
      return (
        <path
          d="M20 22h8v4h8v-4h8v4h4v10h-4v4h-4v4h-4v4h-4v-4h-4v-4h-4v-4h-4V26h4z"
          fill={ink}
          shapeRendering="crispEdges"
        />
      );
    case 'castle':
      return (
        <g fill={ink}>
          <path d="M18 48V30h4v-4h4v4h4V22l2-6 2 6v8h4v-4h4v4h4v18H36v-8a4 4 0 0 0-8 0v8z" />
          <path d="M44 14l1 2.2 2.4.3-1.8 1.6.5 2.4-2.1-1.2-2.1 1.2.5-2.4-1.8-1.6 2.4-.3z" />
        </g>
      );
  }
}

/** A generated avatar: the theme's gradient disc and emblem. Decorative (the name is shown next to it). */
export function AvatarEmblem({ theme, size = 56 }: { theme: AvatarTheme; size?: number }) {
  const id = `${useId()}-${theme.id}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={theme.from} />
          <stop offset="1" stopColor={theme.to} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${id})`} />
      <circle cx="32" cy="32" r="31" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="2" />
      {glyph(theme.emblem, theme.ink)}
    </svg>
  );
}
