import type { PublicPage } from '@mindpath/contracts/public-pages';

export interface Snapshot {
  /** #root's markup once the page had settled */
  html: string;
  /** pathnames of the stylesheets the page had loaded, in order */
  stylesheets: string[];
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ROOT_OPEN = '<div id="root">';

/**
 * The shell's built index.html holding `page`'s rendered markup in #root (marked data-prerendered, which
 * the shell's bootstrap reads), its title, description and Open Graph tags, and its stylesheets in the
 * head so the first paint is styled. Throws when the template is not the shape the build writes.
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
  return (template.slice(0, start) + body + template.slice(rootEnd)).replace('<title>Mindpath</title>', head);
}
