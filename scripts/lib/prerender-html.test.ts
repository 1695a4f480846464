import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender-html.ts';

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

  it('refuses a template of another shape', () => {
    expect(() => renderPage('<html></html>', pricing, { html: '', stylesheets: [] })).toThrow(/index\.html/);
  });
});
