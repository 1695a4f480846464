/** The ten avatar themes of spec 1 §2 / spec 2 §9, in the spec's order; lotr is the default. */
export const AVATAR_THEME_IDS = [
  'lotr',
  'got',
  'cyberpunk',
  'gta',
  'hacker',
  'starwars',
  'marvel',
  'anime',
  'pixel',
  'disney',
] as const;
export type AvatarThemeId = (typeof AVATAR_THEME_IDS)[number];
export const DEFAULT_AVATAR: AvatarThemeId = 'lotr';

export type EmblemKind =
  | 'ring'
  | 'crown'
  | 'circuit'
  | 'star-badge'
  | 'terminal'
  | 'saber'
  | 'shield'
  | 'blossom'
  | 'pixel-heart'
  | 'castle';

export interface AvatarTheme {
  id: AvatarThemeId;
  name: string;
  /** one line under the name */
  tagline: string;
  /** the emblem's background gradient and glyph colour */
  from: string;
  to: string;
  ink: string;
  emblem: EmblemKind;
}

export const AVATAR_THEMES: readonly AvatarTheme[] = [
  {
    id: 'lotr',
    name: 'Lord of the Rings',
    tagline: 'One ring, many paths',
    from: '#2f5233',
    to: '#b8892b',
    ink: '#ffe7a3',
    emblem: 'ring',
  },
  {
    id: 'got',
    name: 'Game of Thrones',
    tagline: 'Winter is learning',
    from: '#1f2a38',
    to: '#6b7a8f',
    ink: '#e9edf2',
    emblem: 'crown',
  },
  {
    id: 'cyberpunk',
    name: 'Cyberpunk',
    tagline: 'Neon and circuits',
    from: '#ff2e97',
    to: '#3a0ca3',
    ink: '#f9f871',
    emblem: 'circuit',
  },
  {
    id: 'gta',
    name: 'GTA',
    tagline: 'Sunset city vibes',
    from: '#ff8a3d',
    to: '#7b2ff7',
    ink: '#ffffff',
    emblem: 'star-badge',
  },
  {
    id: 'hacker',
    name: 'Hacker',
    tagline: 'Green on black',
    from: '#02130a',
    to: '#0b3d1e',
    ink: '#39ff88',
    emblem: 'terminal',
  },
  {
    id: 'starwars',
    name: 'Star Wars',
    tagline: 'A galaxy of knowledge',
    from: '#05070f',
    to: '#1b2a5a',
    ink: '#7fd4ff',
    emblem: 'saber',
  },
  {
    id: 'marvel',
    name: 'Marvel',
    tagline: 'Assemble your skills',
    from: '#b3121f',
    to: '#1c3faa',
    ink: '#ffffff',
    emblem: 'shield',
  },
  {
    id: 'anime',
    name: 'Anime',
    tagline: 'Cherry-blossom focus',
    from: '#ff9ec7',
    to: '#7f5af0',
    ink: '#ffffff',
    emblem: 'blossom',
  },
  {
    id: 'pixel',
    name: 'Pixel',
    tagline: '8-bit determination',
    from: '#2bb673',
    to: '#1e6fd9',
    ink: '#ffffff',
    emblem: 'pixel-heart',
  },
  {
    id: 'disney',
    name: 'Disney',
    tagline: 'A little magic',
    from: '#3b5bdb',
    to: '#cc5de8',
    ink: '#fff3bf',
    emblem: 'castle',
  },
];

export const isAvatarThemeId = (value: unknown): value is AvatarThemeId =>
  typeof value === 'string' && (AVATAR_THEME_IDS as readonly string[]).includes(value);

/** The stored avatar, or the default when none or unknown. */
export function avatarTheme(id: unknown): AvatarTheme {
  const known = isAvatarThemeId(id) ? id : DEFAULT_AVATAR;
  return AVATAR_THEMES.find((t) => t.id === known)!;
}
