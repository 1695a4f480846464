import { PUBLIC_PAGES } from '@mindpath/contracts/public-pages';
import { describe, expect, it } from 'vitest';
import {
  cspSource,
  firstPaintRules,
  foreignUrls,
  oncePerContent,
  pageStylesheets,
  preparePrerendered,
  renderPage,
  type Stylesheet,
  undefinedClasses,
} from './prerender-html.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mindpath</title><script>x()</script>' +
  '<noscript><style>.b{display:none}</style></noscript></head>' +
  '<body><div id="root"><div class="boot" role="status"><span>Loading Mindpath…</span></div></div>\n' +
  '<script>inert()</script><noscript>Mindpath needs JavaScript.</noscript>' +
  '<script defer src="/main.1234567890.js"></script></body></html>';

const sheet = (href: string, css = `.c{color:red}`): Stylesheet => ({ href, css });

describe('renderPage', () => {
  const pricing = PUBLIC_PAGES.find((p) => p.path === '/pricing')!;
  const { html, styleSrc } = renderPage(TEMPLATE, pricing, {
    html: '<main class="b"><h1>Pricing</h1></main>',
    stylesheets: [
      sheet('/main.abcdef1234.css', ':root{--a:1}'),
      { ...sheet('/614.abcdef1234.css', '.b{gap:0}'), alsoChunk: 'shell:chunk-233' },
      sheet('/remotes/billing/1/x.css', '.x{gap:0}'),
      sheet('/main.abcdef1234.css', ':root{--a:1}'),
    ],
  });

  it('puts the rendered markup in #root, marked with its path, instead of the boot placeholder', () => {
    expect(html).toContain(
      '<div id="root" data-prerendered="/pricing" data-app-script="/main.1234567890.js"><main class="b"><h1>Pricing</h1></main></div>',
    );
    expect(html).not.toContain('Loading Mindpath');
    expect(html).toContain(
      '</style></template>\n<script>inert()</script><noscript>Mindpath needs JavaScript.</noscript>',
    );
  });

  it('names the app script on #root instead of running it deferred or preloading it (index.html runs it after the paint)', () => {
    expect(html).not.toContain('<script defer');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('data-app-script="/main.1234567890.js"');
  });

  it('holds the first frame until the whole markup is parsed: the head expects the rules after #root', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#page-rules" blocking="render">');
    expect(html.indexOf('<template id="page-rules">')).toBeGreaterThan(html.indexOf('</main></div>'));
  });

  it('gives the page its title, description and Open Graph tags', () => {
    expect(html).toContain('<title>Pricing — Mindpath</title>');
    expect(html).toMatch(/<meta name="description" content="Basic is free; Professional is \$20\/month/);
    expect(html).toContain('<meta property="og:title" content="Pricing — Mindpath">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).not.toContain('noindex');
  });

  it('inlines the rules its first paint uses in the head, and all its rules once each after #root in a template', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style id="first-paint-rules">:root{--a:1}\n.b{gap:0}</style>');
    expect(html).toContain(
      '</main></div><template id="page-rules"><style id="page-rules">:root{--a:1}\n.b{gap:0}\n.x{gap:0}</style></template>',
    );
    expect(styleSrc).toEqual([
      cspSource(':root{--a:1}\n.b{gap:0}'),
      cspSource(':root{--a:1}\n.b{gap:0}\n.x{gap:0}'),
    ]);
  });

  it('names each stylesheet once by a disabled link (fetched by no one), a twin chunk marked as Rspack does', () => {
    expect(html).toContain(
      '</style><link rel="stylesheet" href="/main.abcdef1234.css" disabled>' +
        '<link rel="stylesheet" href="/614.abcdef1234.css" data-rspack="shell:chunk-233" disabled>' +
        '<link rel="stylesheet" href="/remotes/billing/1/x.css" disabled>',
    );
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(3);
  });

  it('refuses to inline what would resolve against the page instead of the stylesheet', () => {
    for (const css of [
      '@import "/a.css";',
      '.a{background:url(img/a.png)}',
      ".a{background:url('//cdn.example/a.png')}",
      `.a{background:url("data:image/svg+xml,%3Csvg/%3E")}.b{background:url(img/b.png)}`,
    ])
      expect(() => renderPage(TEMPLATE, pricing, { html: '', stylesheets: [sheet('/a.css', css)] })).toThrow(
        /@import, a relative url/,
      );
    expect(() =>
      renderPage(TEMPLATE, pricing, {
        html: '',
        stylesheets: [
          sheet(
            '/a.css',
            '.a{background:url(/a.png)}.b{background:url(data:image/png;base64,AA)}' +
              `.c{background:url("data:image/svg+xml,%3Crect fill='url(%23g)'/%3E")}`,
          ),
        ],
      }),
    ).not.toThrow();
  });

  it('keeps the forms out of search results and escapes what it writes', () => {
    const login = PUBLIC_PAGES.find((p) => p.path === '/login')!;
    const { html: out } = renderPage(
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
    const { html: out } = renderPage(TEMPLATE, landing, {
      html: '<img src="/remotes/auth/1/assets/a.jpg" srcset="/a.jpg 1x, /b.jpg 2x"><a href="#pricing">P</a>',
      stylesheets: [sheet('/remotes/auth/1/x.css')],
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
      renderPage(TEMPLATE, landing, { html: '', stylesheets: [sheet('http://127.0.0.1:1/main.css')] }),
    ).toThrow(/outside the origin/);
  });

  it('refuses a template of another shape', () => {
    expect(() => renderPage('<html></html>', pricing, { html: '', stylesheets: [] })).toThrow(/index\.html/);
  });
});

describe('firstPaintRules', () => {
  it('drops the rules that cannot match the markup and keeps the rest in order, with their at-rules', () => {
    const css =
      '.a{color:red}.gone{color:blue}.a .gone,.gone>p{gap:0}.a,.gone{margin:0}' +
      '@media (max-width:849.98px){.a{gap:0}}@media print{.gone{gap:1px}}' +
      '@supports (display:grid){@media (min-width:850px){.gone{gap:2px}}}' +
      '.a:hover{color:green}.a:before{content:"."}@keyframes spin{to{rotate:1turn}}';
    expect(firstPaintRules('<p class="a">A</p>', css)).toBe(
      '.a{color:red}.a,.gone{margin:0}@media (max-width:849.98px){.a{gap:0}}' +
        '.a:hover{color:green}.a:before{content:"."}@keyframes spin{to{rotate:1turn}}',
    );
  });

  it('keeps what may match without the classes it names: negations, alternatives, attribute values, no class', () => {
    const css =
      ':where(.card){padding:0}.a:not(.gone){x:y}:is(.gone,.a) p{x:y}[href$=".pdf"]{x:y}' +
      ':root[data-theme=light]{--bg:#fff}html[data-consent] [data-modal-companion=cookie-banner]{display:none}';
    expect(firstPaintRules('<p class="a">A</p>', css)).toBe(css);
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

describe('oncePerContent', () => {
  it("keeps one file of a shared module's stylesheet written under two chunk ids, naming the other chunk", () => {
    expect(
      oncePerContent(['233.ed02a927db.css', '614.ed02a927db.css', 'x.1234567890.css'], '/', 'shell', 'shell'),
    ).toEqual([
      { href: '/233.ed02a927db.css', shared: 'shell', alsoChunk: 'shell:chunk-614' },
      { href: '/x.1234567890.css', shared: 'shell' },
    ]);
  });
});

describe('pageStylesheets', () => {
  const markup = '<main class="page"><button class="btn">Go</button></main>';
  const sheets = pageStylesheets(markup, [
    { href: '/main.css', css: ':root{--a:1}' },
    { href: '/page.css', css: '.page{gap:0}' },
    { href: '/button.css', css: '.btn{color:red}', shared: 'shell' },
    { href: '/spinner.css', css: '.spin{color:red}', shared: 'shell' },
    { href: '/remotes/billing/1/button.css', css: '.btn{color:red}', shared: 'remote' },
    { href: '/remotes/billing/1/notification.css', css: '.note{color:red}', shared: 'remote' },
  ]);

  it("keeps its own, the shell's shared ones (the live app loads them) and a remote's copy only where used", () => {
    expect(sheets.map((s) => s.href)).toEqual([
      '/main.css',
      '/page.css',
      '/button.css',
      '/spinner.css',
      '/remotes/billing/1/button.css',
    ]);
  });
});
