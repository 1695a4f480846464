/**
 * The side menu of spec 1 §2. Current Lesson's `to` is its fallback: the side menu points it at the current
 * lesson (current-lesson.ts). `match` decides highlighting, including the path fragments /roadmap and /chat.
 */
export type NavKey = 'home' | 'lesson' | 'roadmap' | 'knowledge' | 'review' | 'goals' | 'settings';
export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
  match: (pathname: string) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', label: 'Home', to: '/home', match: (p) => p === '/home' },
  {
    key: 'lesson',
    label: 'Current Lesson',
    to: '/learning-plan',
    match: (p) => p.startsWith('/lessons/') || p.includes('/chat'),
  },
  {
    key: 'roadmap',
    label: 'Roadmap',
    to: '/learning-plan',
    match: (p) => p === '/learning-plan' || p.startsWith('/learning-plan/') || p.includes('/roadmap'),
  },
  {
    key: 'knowledge',
    label: 'Knowledge Base',
    to: '/knowledge-graph',
    match: (p) => p === '/knowledge-graph',
  },
  // spaced review (beyond spec 1 §2): shows how many cards are due
  { key: 'review', label: 'Review', to: '/review', match: (p) => p === '/review' },
  { key: 'goals', label: 'Goals', to: '/goals', match: (p) => p === '/goals' || p.startsWith('/goals/') },
  { key: 'settings', label: 'Settings', to: '/settings', match: (p) => p === '/settings' },
];

export const TERMS_URL = 'https://mindpath.app/terms-of-use';
export const PRIVACY_URL = 'https://mindpath.app/privacy';
