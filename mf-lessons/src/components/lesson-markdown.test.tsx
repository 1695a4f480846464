// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LessonMarkdown } from './lesson-markdown.tsx';

afterEach(cleanup);

const renderMd = (markdown: string) => render(<LessonMarkdown markdown={markdown} />).container;

/** every attribute name in the tree */
const attributes = (root: Element) => [...root.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());

describe('LessonMarkdown sanitizing (the model is untrusted)', () => {
  it('renders script and iframe HTML inert', () => {
    const root = renderMd(
      'Hi <script>window.hacked = true</script>\n\n<iframe src="https://evil.example"></iframe>\n\n<script>alert(1)</script>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(root.textContent).toContain('Hi');
  });

  it('drops on* handlers', () => {
    const root = renderMd(
      '<img src="x" onerror="alert(1)">\n\n<a href="#" onclick="alert(1)">x</a>\n\n<div onmouseover="alert(1)">y</div>',
    );
    expect(attributes(root).filter((a) => a.startsWith('on'))).toEqual([]);
  });

  it('turns javascript: URLs in links and images into nothing clickable', () => {
    const root = renderMd(
      '[click](javascript:alert(1)) [up](JAVASCRIPT:alert(1)) ![img](javascript:alert(1)) [ok](https://example.com)',
    );
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    const srcs = [...root.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '');
    for (const url of [...hrefs, ...srcs]) expect(url.toLowerCase()).not.toContain('javascript:');
    const ok = [...root.querySelectorAll('a')].find((a) => a.textContent === 'ok');
    expect(ok?.getAttribute('href')).toBe('https://example.com');
    expect(ok?.getAttribute('target')).toBe('_blank');
    expect(ok?.getAttribute('rel')).toContain('noopener');
  });

  it('renders GFM tables, KaTeX math and highlighted code', () => {
    const root = renderMd(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\nInline $x^2$ and\n\n$$\n\\frac{a}{b}\n$$\n\n```ts\nconst x: number = 1;\n```',
    );
    expect(root.querySelector('table')).not.toBeNull();
    expect(root.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector('.katex-display')).not.toBeNull();
    expect(root.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
  });
});
