// /share/<slug> as HTML that already holds the shared roadmap (rendered per request: a link's owner may
// change or revoke it at any time), in the public layout, with its title, description and Open Graph tags.
// The public layout is the prerendered About page's (scripts/prerender.ts): its header, footer, cookie
// banner and inline styles, with the roadmap in place of its <main>; the shell then takes it over as it does
// every prerendered page (shell/src/prerender/take-over.ts). Everything of the learner's is escaped text.
// The markup's look is mf-roadmap's shared-roadmap page's (shared-roadmap.module.css), so the swap is quiet.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARE_MESSAGES, type SharedRoadmap, sharePath } from '@mindpath/contracts/roadmap-shares';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const S = {
  page: 'display:flex;flex-direction:column;gap:var(--space-6);width:100%;max-width:760px;margin:0 auto;padding:var(--space-10) var(--space-6) var(--space-16);line-height:var(--leading-normal)',
  header: 'display:flex;flex-direction:column;gap:var(--space-3)',
  eyebrow: 'font-size:var(--text-sm);color:var(--color-text-muted);font-weight:var(--weight-medium)',
  title:
    'font-size:var(--text-3xl);font-weight:var(--weight-bold);letter-spacing:-0.03em;overflow-wrap:anywhere',
  lead: 'color:var(--color-text-muted)',
  actions: 'display:flex;flex-wrap:wrap;gap:var(--space-3);align-items:center',
  use: 'display:inline-flex;align-items:center;min-height:40px;padding:0 var(--space-5);border-radius:var(--radius-md);background:var(--color-accent-fill);color:var(--color-accent-contrast);font-weight:var(--weight-semibold);text-decoration:none',
  hint: 'font-size:var(--text-sm);color:var(--color-text-muted)',
  inlineLink: 'color:var(--color-accent);text-decoration:underline',
  sections: 'display:flex;flex-direction:column;gap:var(--space-4);padding:0;list-style:none',
  section:
    'display:flex;flex-direction:column;gap:var(--space-2);padding:var(--space-4) var(--space-5);border:1px solid var(--color-border);border-radius:var(--radius-lg);background:var(--color-surface)',
  sectionName: 'font-size:var(--text-lg);font-weight:var(--weight-semibold);overflow-wrap:anywhere',
  lessons:
    'display:flex;flex-direction:column;gap:var(--space-1);padding-left:var(--space-5);list-style:decimal;color:var(--color-text-muted)',
  lesson: 'overflow-wrap:anywhere',
} as const;

const minutesText = (m: number) => (m >= 60 ? `${Math.round(m / 6) / 10} h` : `${m} min`);

export function shareTitle(shared: SharedRoadmap) {
  return `${shared.goal} — a shared roadmap on Mindpath`;
}

export function shareDescription(shared: SharedRoadmap) {
  const lessons = shared.sections.reduce((n, s) => n + s.lessons.length, 0);
  const names = shared.sections
    .slice(0, 3)
    .map((s) => s.name)
    .join(', ');
  return `A ${shared.level.toLowerCase()} learning roadmap: ${shared.sections.length} sections and ${lessons} lessons${names ? ` (${names}${shared.sections.length > 3 ? ', …' : ''})` : ''}. Use it as your own on Mindpath.`;
}

/** The roadmap's markup: the heading, counts, progress when shown, "Use this roadmap", the sections. */
export function sharedRoadmapMarkup(shared: SharedRoadmap): string {
  const lessons = shared.sections.reduce((n, s) => n + s.lessons.length, 0);
  const progress = shared.progress
    ? `<p style="${S.lead}">${shared.progress.completedLessons} of ${shared.progress.totalLessons} lessons completed (${shared.progress.percentage}%)</p>`
    : '';
  const sections = shared.sections
    .map((s) => {
      const items = s.lessons
        .map((l) => {
          const done = l.isCompleted ? ' · Completed' : '';
          return `<li style="${S.lesson}">${escapeText(l.title)} <span>(${minutesText(l.estimatedTimeInMinutes)}${done})</span></li>`;
        })
        .join('');
      const done = s.isCompleted ? ` <span style="${S.eyebrow}">Completed</span>` : '';
      return `<li style="${S.section}"><h2 style="${S.sectionName}">${escapeText(s.name)}${done}</h2><ol style="${S.lessons}">${items}</ol></li>`;
    })
    .join('');
  return [
    `<div style="${S.page}">`,
    `<div style="${S.header}">`,
    `<p style="${S.eyebrow}">Shared roadmap · ${escapeText(shared.level)}</p>`,
    `<h1 style="${S.title}">${escapeText(shared.goal)}</h1>`,
    `<p style="${S.lead}">${shared.sections.length} sections · ${lessons} lessons</p>`,
    progress,
    // as a visitor sees it (the page is served to everyone; a logged-in learner's live page drops the hint)
    `<div style="${S.actions}"><a style="${S.use}" href="/register">Use this roadmap</a>`,
    `<span style="${S.hint}">Free: create an account or <a style="${S.inlineLink}" href="/login">log in</a> and it becomes your own goal, with lessons written for you.</span></div>`,
    '</div>',
    `<ol style="${S.sections}" aria-label="Sections">${sections}</ol>`,
    '</div>',
  ].join('');
}

export function notFoundMarkup(): string {
  return [
    `<div style="${S.page}">`,
    `<div style="${S.header}">`,
    `<h1 style="${S.title}">Roadmap not found</h1>`,
    `<p style="${S.lead}">${escapeText(SHARE_MESSAGES.notFound)}</p>`,
    `<div style="${S.actions}"><a style="${S.use}" href="/">Go to Mindpath</a></div>`,
    '</div></div>',
  ].join('');
}

const HEAD_META =
  /<title>[\s\S]*?<\/title>(?:<meta name="description"[^>]*>|<meta property="og:[^"]*"[^>]*>|<meta name="twitter:card"[^>]*>|<meta name="robots"[^>]*>)*/;
const MAIN = /(<main id="main"[^>]*>)[\s\S]*?(<\/main>)/;

function head(meta: { title: string; description: string; url: string }) {
  return [
    `<title>${escapeText(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Mindpath">',
    `<meta property="og:title" content="${escapeAttr(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttr(meta.url)}">`,
    '<meta name="twitter:card" content="summary">',
    // a learner's link: not for search engines' indexes
    '<meta name="robots" content="noindex">',
  ].join('');
}

/**
 * The page of `path` in the public layout: the prerendered About page with `markup` as its <main>, or, when
 * the build has no prerendered pages, the shell's index.html with the tags in its head (the live app draws
 * the layout). Undefined when the shell is not built.
 */
export function publicLayoutPage(
  shellDist: string,
  page: { origin: string; path: string },
  meta: { title: string; description: string },
  markup: string,
): string | undefined {
  const { path } = page;
  const about = join(shellDist, 'prerendered', 'about.html');
  const tags = head({ ...meta, url: page.origin + path });
  if (existsSync(about)) {
    const template = readFileSync(about, 'utf8');
    if (HEAD_META.test(template) && MAIN.test(template) && template.includes('data-prerendered="/about"'))
      return (
        template
          .replace(HEAD_META, tags)
          .replace('data-prerendered="/about"', `data-prerendered="${escapeAttr(path)}"`)
          // the header's About link is not the current page here
          .replace(/<a aria-current="page" class="([^"]*?) active"/, '<a class="$1"')
          .replace(MAIN, (_m, open: string, close: string) => `${open}${markup}${close}`)
      );
  }
  const index = join(shellDist, 'index.html');
  if (!existsSync(index)) return undefined;
  // the live app replaces the markup at its first render
  return readFileSync(index, 'utf8')
    .replace(/<title>[\s\S]*?<\/title>/, tags)
    .replace(/<div id="root">[\s\S]*?<\/div><\/div>/, `<div id="root">${markup}</div>`);
}

/** The HTML of /share/<slug> and its status: 200 with the roadmap, 404 with the learner's words. */
export function sharePageHtml(
  shellDist: string,
  origin: string,
  slug: string,
  shared: SharedRoadmap | undefined,
): { status: number; html: string } | undefined {
  const page = { origin, path: sharePath(slug) };
  const html = shared
    ? publicLayoutPage(
        shellDist,
        page,
        { title: shareTitle(shared), description: shareDescription(shared) },
        sharedRoadmapMarkup(shared),
      )
    : publicLayoutPage(
        shellDist,
        page,
        { title: 'Roadmap not found — Mindpath', description: SHARE_MESSAGES.notFound },
        notFoundMarkup(),
      );
  return html === undefined ? undefined : { status: shared ? 200 : 404, html };
}
