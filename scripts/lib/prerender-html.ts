import type { PublicPage } from '@mindpath/contracts/public-pages';
import { JSDOM } from 'jsdom';

export interface Snapshot {
  /** #root's markup (preparePrerendered's) */
  html: string;
  /** origin-relative paths of the stylesheets the live page loads, in order */
  stylesheets: string[];
}

/** Attributes that hold a URL the browser fetches or follows. */
const URL_ATTRIBUTES = ['src', 'href', 'srcset', 'action', 'formaction', 'poster', 'data', 'xlink:href'];

/**
 * The URLs of `html` that leave its origin (absolute, protocol-relative or of another scheme than data:):
 * a prerendered page is served from any origin, and the CSP allows its own only ('self').
 */
export function foreignUrls(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const urls: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    for (const name of URL_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      urls.push(
        ...(name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value]),
      );
    }
    for (const m of (el.getAttribute('style') ?? '').matchAll(/url\(\s*['"]?([^'")]*)/g))
      urls.push(m[1] ?? '');
  }
  return urls.filter((u) => !/^(?:\/(?!\/)|#|data:|\?|$)/.test(u.trim()));
}

/**
 * The server-rendered markup as the browser may show it before the live app takes over. Its forms are inert
 * and their fields read-only and not autofocused: nothing typed is lost in the swap, and a native submit (a
 * GET with the password in the URL) cannot happen. Throws when the page is not the first visit's: no cookie banner, or a tab list
 * that does not show its first tab (the live app starts there, so the swap would jump).
 */
export function preparePrerendered(html: string): string {
  const { document } = new JSDOM(`<div id="root">${html}</div>`).window;
  const root = document.getElementById('root')!;
  for (const form of root.querySelectorAll('form')) {
    form.setAttribute('inert', '');
    for (const field of form.querySelectorAll('input, textarea')) field.setAttribute('readonly', '');
    // the live app focuses its field at the take-over (the server renderer writes React's autoFocus out)
    for (const field of form.querySelectorAll('[autofocus]')) field.removeAttribute('autofocus');
  }
  if (!root.querySelector('[data-modal-companion="cookie-banner"]')) throw new Error('no cookie banner');
  for (const list of root.querySelectorAll('[role="tablist"]'))
    if (list.querySelector('[role="tab"]')?.getAttribute('aria-selected') !== 'true')
      throw new Error(`tab list "${list.getAttribute('aria-label')}" does not show its first tab`);
  return root.innerHTML;
}

/**
 * The class names in `html` that none of `stylesheets` (their text) defines: a CSS Modules name that differs
 * from the browser build's, or a stylesheet missing from the page's head.
 */
export function undefinedClasses(html: string, stylesheets: string[]): string[] {
  const defined = new Set<string>();
  for (const css of stylesheets)
    for (const m of css.matchAll(/\.((?:\\.|[\w-])+)/g)) defined.add((m[1] ?? '').replace(/\\(.)/g, '$1'));
  const { document } = new JSDOM(`<div>${html}</div>`).window;
  const used = new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]));
  return [...used].filter((c) => !defined.has(c));
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ROOT_OPEN = '<div id="root">';

/**
 * The shell's built index.html holding `page`'s rendered markup in #root (marked data-prerendered, which
 * the shell's bootstrap reads), its title, description and Open Graph tags, and its stylesheets in the
 * head so the first paint is styled. Throws when the template is not the shape the build writes, or when a
 * URL of the page leaves its origin.
 */
export function renderPage(template: string, page: PublicPage, snapshot: Snapshot): string {
  const start = template.indexOf(ROOT_OPEN);
  const end = template.indexOf('<noscript>', start);
  if (!template.includes('<title>Mindpath</title>') || start < 0 || end < 0)
    throw new Error('shell/dist/index.html: no <title>Mindpath</title>, #root or a <noscript> after it');
  const head = [
    `<title>${escapeText(page.title)}</title>`,
    `<meta name="description" content="${escapeAttr(page.description)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Mindpath">',
    `<meta property="og:title" content="${escapeAttr(page.title)}">`,
    `<meta property="og:description" content="${escapeAttr(page.description)}">`,
    '<meta name="twitter:card" content="summary">',
    ...(page.indexed ? [] : ['<meta name="robots" content="noindex">']),
    ...[...new Set(snapshot.stylesheets)].map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
  ].join('');
  // the boot placeholder goes: the page itself is the loading state now
  const rootEnd = template.lastIndexOf('</div>', end) + '</div>'.length;
  const body = `<div id="root" data-prerendered="${escapeAttr(page.path)}">${snapshot.html}</div>`;
  const html = (template.slice(0, start) + body + template.slice(rootEnd)).replace(
    '<title>Mindpath</title>',
    head,
  );
  const foreign = foreignUrls(html);
  if (foreign.length) throw new Error(`${page.path}: URLs outside the origin: ${foreign.join(' ')}`);
  return html;
}
