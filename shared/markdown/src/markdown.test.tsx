// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

afterEach(cleanup);

interface Tree {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: Tree[];
}

describe('Markdown', () => {
  it('runs an app rehype plugin on the sanitized tree, whose markup then stays', () => {
    const seen: string[] = [];
    // a plugin that records what reaches it and adds an attribute the sanitizer would strip
    const plugin = () => (tree: Tree) => {
      const visit = (n: Tree) => {
        if (n.tagName) seen.push(n.tagName);
        if (n.tagName === 'p') n.properties = { ...n.properties, dataMark: 'yes' };
        n.children?.forEach(visit);
      };
      visit(tree);
    };
    const { container } = render(
      <Markdown
        markdown={'Hi <script>alert(1)</script>\n\n[x](https://example.com)'}
        rehypePlugins={[plugin]}
      />,
    );
    expect(seen).not.toContain('script');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('p')?.getAttribute('data-mark')).toBe('yes');
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('makes code blocks focusable, so a keyboard can scroll a long line', () => {
    const { container } = render(<Markdown markdown={'```sql\nSELECT 1;\n```'} />);
    expect(container.querySelector('pre')?.getAttribute('tabindex')).toBe('0');
  });

  it('lets an app replace elements', () => {
    const { container } = render(
      <Markdown
        markdown="[x](https://example.com)"
        components={{ a: ({ children }) => <em>{children}</em> }}
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('em')?.textContent).toBe('x');
  });
});
