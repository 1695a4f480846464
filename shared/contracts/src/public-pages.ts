/**
 * The public pages served as HTML that already holds their content (prerendered at build time by
 * scripts/prerender.ts), with the title, description and Open Graph tags of each; the API serves them,
 * lists them in /sitemap.xml and sends the plain shell for every other page.
 */
export interface PublicPage {
  path: string;
  /** the file under shell/dist/prerendered/ */
  file: string;
  title: string;
  description: string;
  /** the text of the heading the page is ready with (its h1, or the dialog's title) */
  heading: string;
  /** listed in the sitemap (the forms are reachable, but not content to index) */
  indexed: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    file: 'index.html',
    title: 'Mindpath — learn anything with a roadmap built around you',
    description:
      'Set a learning goal, take a short knowledge check and get a personal AI-generated roadmap of topics and lessons, with an AI tutor, notes and a focus timer.',
    heading: 'Learn anything with a roadmap built around you',
    indexed: true,
  },
  {
    path: '/about',
    file: 'about.html',
    title: 'About Mindpath',
    description:
      'What Mindpath is, how its AI-assisted roadmaps, lessons and tutor work, and how it treats your data.',
    heading: 'About Mindpath',
    indexed: true,
  },
  {
    path: '/pricing',
    file: 'pricing.html',
    title: 'Pricing — Mindpath',
    description:
      'Basic is free; Professional is $20/month with up to 10 goals, unlimited lessons and AI chat, cancel anytime and a 30-day money-back guarantee.',
    heading: 'Pricing',
    indexed: true,
  },
  {
    path: '/privacy-policy',
    file: 'privacy-policy.html',
    title: 'Privacy policy — Mindpath',
    description: 'What Mindpath stores about you, why, for how long, and what you can do about it.',
    heading: 'Privacy policy',
    indexed: true,
  },
  {
    path: '/login',
    file: 'login.html',
    title: 'Log in — Mindpath',
    description: 'Log in to Mindpath to pick up your learning path where you left it.',
    heading: 'Welcome back',
    indexed: false,
  },
  {
    path: '/register',
    file: 'register.html',
    title: 'Sign up — Mindpath',
    description: 'Create your free Mindpath account and get a personal learning roadmap.',
    heading: 'Create your account',
    indexed: false,
  },
];

export const publicPageAt = (path: string) => PUBLIC_PAGES.find((p) => p.path === path);
