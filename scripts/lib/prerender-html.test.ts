import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import { describe, expect, it } from 'vitest';
import { foreignUrls, preparePrerendered, renderPage, undefinedClasses } from './prerender-html.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mindpath</title><script>x()</script>' +
  '<noscript><style>.b{display:none}</style></noscript></head>' +
  '<body><div id="root"><div class="boot" role="status"><span>Loading Mindpath…</span></div></div>\n' +
  '<script>inert()</script><noscript>Mindpath needs JavaScript.</noscript>' +
  '<script defer src="/main.1234567890.js"></script></body></html>';

describe('renderPage', () => {
  const pricing = PUBLIC_PAGES.find((p) => p.path === '/pricing')!;
  const html = renderPage(TEMPLATE, pricing, {
    html: '<main><h1>Pricing</h1></main>',
    stylesheets: ['/main.abcdef1234.css', '/remotes/billing/1/x.css', '/main.abcdef1234.css'],
  });

  it('puts the rendered markup in #root, marked with its path, instead of the boot placeholder', () => {
    expect(html).toContain('<div id="root" data-prerendered="/pricing"><main><h1>Pricing</h1></main></div>');
    expect(html).not.toContain('Loading Mindpath');
    expect(html).toContain(
      '</main></div>\n<script>inert()</script><noscript>Mindpath needs JavaScript.</noscript>',
    );
    expect(html).toContain('<script defer src="/main.1234567890.js"></script>');
  });

  it('gives the page its title, description and Open Graph tags, and links each stylesheet once', () => {
    expect(html).toContain('<title>Pricing — Mindpath</title>');
    expect(html).toMatch(/<meta name="description" content="Basic is free; Professional is \$20\/month/);
    expect(html).toContain('<meta property="og:title" content="Pricing — Mindpath">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html.match(/main\.abcdef1234\.css/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" href="/remotes/billing/1/x.css">');
    expect(html).not.toContain('noindex');
  });

  it('keeps the forms out of search results and escapes what it writes', () => {
    const login = PUBLIC_PAGES.find((p) => p.path === '/login')!;
    const out = renderPage(
      TEMPLATE,
      { ...login, title: 'A "quoted" <title>' },
      { html: '', stylesheets: [] },
    );
    expect(out).toContain('<meta name="robots" content="noindex">');
    expect(out).toContain('<title>A "quoted" &lt;title&gt;</title>');
    expect(out).toContain('content="A &quot;quoted&quot; &lt;title&gt;"');
  });

  it('writes only origin-relative URLs, and refuses markup pointing elsewhere (the build server, a CDN)', () => {
    const landing = PUBLIC_PAGES.find((p) => p.path === '/')!;
    const out = renderPage(TEMPLATE, landing, {
      html: '<img src="/remotes/auth/1/assets/a.jpg" srcset="/a.jpg 1x, /b.jpg 2x"><a href="#pricing">P</a>',
      stylesheets: ['/remotes/auth/1/x.css'],
    });
    expect(foreignUrls(out)).toEqual([]);
    expect(foreignUrls(html)).toEqual([]);
    for (const foreign of [
      '<img src="http://127.0.0.1:43659/remotes/auth/1/assets/a.jpg">',
      '<img srcset="/a.jpg 1x, //cdn.example/b.jpg 2x">',
      '<div style="background:url(https://cdn.example/x.png)"></div>',
    ])
      expect(() => renderPage(TEMPLATE, landing, { html: foreign, stylesheets: [] })).toThrow(
        /outside the origin/,
      );
    expect(() =>
      renderPage(TEMPLATE, landing, { html: '', stylesheets: ['http://127.0.0.1:1/main.css'] }),
    ).toThrow(/outside the origin/);
  });

  it('refuses a template of another shape', () => {
    expect(() => renderPage('<html></html>', pricing, { html: '', stylesheets: [] })).toThrow(/index\.html/);
  });
});

const BANNER = '<section data-modal-companion="cookie-banner"><h2>Cookies on Mindpath</h2></section>';

describe('preparePrerendered', () => {
  it('makes forms inert, their fields read-only and not autofocused, and leaves the rest as rendered', () => {
    const out = preparePrerendered(
      `<main><form><input name="email" autofocus=""><textarea></textarea><button>Log in</button></form><input name="q"></main>${BANNER}`,
    );
    expect(out).toContain('<form inert=""><input name="email" readonly=""><textarea readonly=""></textarea>');
    expect(out).toContain('<input name="q">');
    expect(out).not.toContain('autofocus');
    expect(out).toContain(BANNER);
  });

  it('refuses a page without the cookie banner, or with a tab list off its first tab', () => {
    expect(() => preparePrerendered('<main></main>')).toThrow(/cookie banner/);
    const tabs = (first: boolean) =>
      `<div role="tablist" aria-label="How it works"><button role="tab" aria-selected="${first}">1</button>` +
      `<button role="tab" aria-selected="${!first}">2</button></div>${BANNER}`;
    expect(() => preparePrerendered(tabs(true))).not.toThrow();
    expect(() => preparePrerendered(tabs(false))).toThrow(/How it works.*first tab/);
  });
});

describe('undefinedClasses', () => {
  it('names the classes of the markup that no stylesheet defines, escaped names included', () => {
    const css = ['.wjJEe5{color:red}.wjJEe5:hover{}', '@media (width<40em){._-7MCTg>.a\\:b{gap:.5rem}}'];
    expect(undefinedClasses('<p class="wjJEe5 _-7MCTg"><span class="a:b other"></span></p>', css)).toEqual([
      'other',
    ]);
  });
});
