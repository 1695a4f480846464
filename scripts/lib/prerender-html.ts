import { createHash } from 'node:crypto';
import type { PublicPage } from '@mindpath/contracts/public-pages';
import { JSDOM } from 'jsdom';
import postcss, { type Container } from 'postcss';

/** A stylesheet of a page's, before it is read: the shell's or an expose's own, or a shared module's. */
export interface Sheet {
  /** origin-relative path */
  href: string;
  /** a shared module's, the shell's copy or a remote's own */
  shared?: 'shell' | 'remote';
  /** see Stylesheet */
  alsoChunk?: string;
}

/**
 * One file of each content among a shared module's stylesheets `files`: they are written twice, under the
 * share scope's chunk id and the consumer's fallback's, and the live app loads either (which one depends on
 * how the module is reached). The file of one is linked, marked with the other's chunk as Rspack's CSS
 * loading marks its own links, so it is taken as loaded either way (issue 23: the other was requested again).
 */
export function oncePerContent(
  files: string[],
  base: string,
  uniqueName: string,
  shared: Sheet['shared'],
): Sheet[] {
  const byContent = new Map<string, string[]>();
  for (const f of files) {
    const content = f.replace(/^\d+\./, '');
    byContent.set(content, [...(byContent.get(content) ?? []), f]);
  }
  return [...byContent.values()].map(([file, ...copies]) => {
    if (copies.length > 1) throw new Error(`prerender: ${file} is written ${copies.length + 1} times`);
    const chunk = copies[0]?.match(/^(\d+)\./)?.[1];
    return { href: base + file, shared, ...(chunk ? { alsoChunk: `${uniqueName}:chunk-${chunk}` } : {}) };
  });
}

/**
 * The stylesheets a page carries: its own (the shell's, its exposes') and the shell's copies of the shared
 * modules (the live app loads them at start). A remote's own copy of a shared module is kept only where the
 * markup uses a class of it: at run time the module may come from another remote's copy, so it would only
 * add bytes (issue 23: billing's notification on the landing).
 */
export function pageStylesheets(markup: string, sheets: (Sheet & { css: string })[]): Stylesheet[] {
  const used = classesUsedBy(markup);
  return sheets.flatMap(({ shared, ...sheet }) =>
    shared === 'remote' && !classesDefinedBy(sheet.css).some((c) => used.has(c)) ? [] : [sheet],
  );
}

export interface Stylesheet {
  /** origin-relative path */
  href: string;
  /** its text */
  css: string;
  /**
   * The other chunk this file's content is also written for (a shared module's stylesheet is emitted under
   * two chunk ids), as Rspack's CSS chunk loading marks the links it adds: "<uniqueName>:chunk-<id>".
   */
  alsoChunk?: string;
}

export interface Snapshot {
  /** #root's markup (preparePrerendered's) */
  html: string;
  /** the stylesheets the live page loads, in order */
  stylesheets: Stylesheet[];
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
  const defined = new Set(stylesheets.flatMap(classesDefinedBy));
  return [...classesUsedBy(html)].filter((c) => !defined.has(c));
}

/** The class names a stylesheet's selectors name. */
export function classesDefinedBy(css: string): string[] {
  return [...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

export function classesUsedBy(html: string): Set<string> {
  const { document } = new JSDOM(`<div>${html}</div>`).window;
  return new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]));
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ROOT_OPEN = '<div id="root">';
/** The shell's entry script as its build writes it into index.html. */
const APP_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;

/** A CSP source allowing an inline element of this text. */
export const cspSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's rules in one <style> (one CSP hash per page), in the stylesheets' order. */
function inlineRules(stylesheets: Stylesheet[]): string {
  const css = stylesheets.map((s) => s.css.trim()).join('\n');
  // moved into the page, a relative url() or @import would resolve against the page, not the stylesheet;
  // a data: URL is whole in itself (an SVG in one may hold url(#id) of its own)
  const outsideDataUrls = css.replace(/url\(\s*(['"])data:.*?\1\s*\)/g, '');
  if (/@import|url\(\s*['"]?(?!data:|\/(?!\/))/.test(outsideDataUrls) || css.includes('</'))
    throw new Error('a stylesheet to inline holds @import, a relative url() or "</"');
  return css;
}

/**
 * The classes a selector needs on elements of the page to match anything. What a functional pseudo-class
 * holds is left out (`:not(.x)` matches without .x, `:is(.x, .y)` needs one of them), and so is what an
 * attribute selector holds (a dot in its value is no class): a rule is dropped only when it cannot match.
 */
function classesRequiredBy(selector: string): string[] {
  const outside = selector.replace(/\[[^\]]*\]/g, '').replace(/\((?:[^()]|\([^()]*\))*\)/g, '');
  return classesDefinedBy(outside);
}

/** Removes at-rules (@media, @supports) left with no rules, innermost first. */
function dropEmptyGroups(container: Container): void {
  container.each((node) => {
    if (node.type !== 'atrule' || !node.nodes) return;
    dropEmptyGroups(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/**
 * The rules of `css` the first paint of `markup` can use, in their order: each rule one of whose selectors
 * names only classes the markup holds (CSS Modules names are the page's own; a rule of a dialog, a toast or
 * the signed-in layout names classes the page has not rendered), with every rule naming no class (element,
 * :root and theme rules, which index.html's head script may switch before the first paint) and every
 * @keyframes. Half of the landing's rules style what it does not show, and at 4× CPU parsing and matching
 * them held its first paint (issue 30). Not a selector engine (beasties, tried, matched `:where(.card)` to
 * nothing and dropped the cards' look): a rule is kept unless it cannot match.
 */
export function firstPaintRules(markup: string, css: string): string {
  const used = classesUsedBy(markup);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    if (rule.selectors.every((selector) => classesRequiredBy(selector).some((c) => !used.has(c))))
      rule.remove();
  });
  dropEmptyGroups(root);
  return root.toString();
}

/**
 * Its id, the template's and the style's inside it: index.html's inline script puts the style in the
 * template's place after the first paint. The head's `rel=expect` holds the first frame until the template
 * is parsed, that is until the whole page is.
 */
const PAGE_RULES_ID = 'page-rules';
/** Its id: index.html's inline script removes it once the page's rules are on. */
const FIRST_PAINT_RULES_ID = 'first-paint-rules';

/**
 * The shell's built index.html holding `page`'s rendered markup in #root (marked data-prerendered, which
 * the shell's bootstrap reads), its title, description and Open Graph tags. The rules its first paint needs
 * (firstPaintRules) are inline in the head: with a 150 ms round trip, each render-blocking stylesheet request
 * held the first paint (issue 23). All the rules of its stylesheets follow the markup, inline too but in a
 * <template> (parsed as text, matched by nothing) until index.html's inline script puts them in its place
 * and drops the head's subset, after the first paint and before the app runs: one stylesheet in the
 * original order, so no rule changes its place in the cascade. Each stylesheet is still named by a
 * disabled link, which the browser does not fetch: the shell's CSS chunk loading looks for a link of the
 * file, so it takes the rules as there and requests none (a remote's runtimes compare the href to the full
 * URL and fetch their exposes' own once, after the first paint). The first frame waits for the whole
 * markup (`rel=expect`): painted as the parser yielded, the header alone came first and the heading a
 * frame of style, layout and raster later, some 400 ms at 4× CPU (issue 30). The app's script, named on
 * #root, is fetched and run after the first paint by index.html's inline script: preloaded, its download
 * and compile competed with that paint on a two-core phone and held it some 300 ms. Returns the page and
 * the CSP sources of its inline styles. Throws when the template is not the shape the build writes, or
 * when a URL of the page leaves its origin.
 */
export function renderPage(
  template: string,
  page: PublicPage,
  snapshot: Snapshot,
): { html: string; styleSrc: string[] } {
  const start = template.indexOf(ROOT_OPEN);
  const end = template.indexOf('<noscript>', start);
  const app = template.match(APP_SCRIPT);
  if (!template.includes('<title>Mindpath</title>') || start < 0 || end < 0 || !app)
    throw new Error(
      'shell/dist/index.html: no <title>Mindpath</title>, #root, a <noscript> after it or a deferred entry script',
    );
  const head = [
    `<title>${escapeText(page.title)}</title>`,
    `<meta name="description" content="${escapeAttr(page.description)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Mindpath">',
    `<meta property="og:title" content="${escapeAttr(page.title)}">`,
    `<meta property="og:description" content="${escapeAttr(page.description)}">`,
    '<meta name="twitter:card" content="summary">',
    ...(page.indexed ? [] : ['<meta name="robots" content="noindex">']),
    `<link rel="expect" href="#${PAGE_RULES_ID}" blocking="render">`,
  ].join('');
  const stylesheets = [...new Map(snapshot.stylesheets.map((s) => [s.href, s])).values()];
  const rules = inlineRules(stylesheets);
  const firstPaint = rules && firstPaintRules(snapshot.html, rules);
  const links = stylesheets
    .map(
      (s) =>
        `<link rel="stylesheet" href="${escapeAttr(s.href)}"${s.alsoChunk ? ` data-rspack="${escapeAttr(s.alsoChunk)}"` : ''} disabled>`,
    )
    .join('');
  // the boot placeholder goes: the page itself is the loading state now
  const rootEnd = template.lastIndexOf('</div>', end) + '</div>'.length;
  const body =
    `<div id="root" data-prerendered="${escapeAttr(page.path)}" data-app-script="${escapeAttr(app[1] ?? '')}">${snapshot.html}</div>` +
    (rules ? `<template id="${PAGE_RULES_ID}"><style id="${PAGE_RULES_ID}">${rules}</style></template>` : '');
  const html = (template.slice(0, start) + body + template.slice(rootEnd))
    .replace(
      '<title>Mindpath</title>',
      rules ? `${head}<style id="${FIRST_PAINT_RULES_ID}">${firstPaint}</style>${links}` : head,
    )
    .replace(APP_SCRIPT, '');
  const foreign = foreignUrls(html);
  if (foreign.length) throw new Error(`${page.path}: URLs outside the origin: ${foreign.join(' ')}`);
  return { html, styleSrc: rules ? [cspSource(firstPaint), cspSource(rules)] : [] };
}
