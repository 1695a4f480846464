// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NoteContent from './note-content.tsx';

afterEach(cleanup);

const notes = new Map([
  ['rust basics', 'id-rust'],
  ['self', 'id-self'],
]);

function renderContent(content: string) {
  const handlers = { onOpenNote: vi.fn(), onCreateNote: vi.fn(), onTag: vi.fn() };
  const { container } = render(
    <NoteContent content={content} selfId="id-self" resolve={(key) => notes.get(key)} {...handlers} />,
  );
  return { container, ...handlers };
}

/** every attribute name in the tree */
const attributes = (root: Element) => [...root.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());

describe('NoteContent', () => {
  it('renders [[links]] to notes, links to missing notes and #tags; none inside code', async () => {
    const { container, onOpenNote, onCreateNote, onTag } = renderContent(
      'See [[Rust Basics|the basics]], [[Later]] and [[self]]. #Rust `#not-a-tag`\n\n```\n[[Rust basics]]\n```',
    );
    await userEvent.click(screen.getByRole('link', { name: 'the basics' }));
    expect(onOpenNote).toHaveBeenCalledWith('id-rust');
    expect(screen.getByRole('link', { name: 'the basics' }).getAttribute('href')).toBe('?note=id-rust');
    const later = screen.getByRole('link', { name: 'Later' });
    expect(later.getAttribute('title')).toBe('No note called "Later" yet: create it');
    await userEvent.click(later);
    expect(onCreateNote).toHaveBeenCalledWith('Later');
    await userEvent.click(screen.getByRole('button', { name: '#Rust' }));
    expect(onTag).toHaveBeenCalledWith('rust');
    // a self-link is plain text; code keeps its text and makes no link or tag
    expect(screen.queryByRole('link', { name: 'self' })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(container.querySelector('p code')?.textContent).toBe('#not-a-tag');
    expect(container.querySelector('pre')?.textContent).toBe('[[Rust basics]]\n');
  });

  it('renders Markdown: lists, tables, emphasis, highlighted code and KaTeX math', () => {
    const { container } = renderContent(
      '## Ownership\n\n- one **owner** per value\n- [[Rust Basics]] in a list #rust\n\n| a | b |\n|---|---|\n| 1 | [[Later]] |\n\nInline $x^2$\n\n$$\n\\frac{a}{b}\n$$\n\n```rust\nfn main() {}\n```',
    );
    // below the note's title (a level-2 heading), looking as written
    expect(screen.getByRole('heading', { level: 4, name: 'Ownership' }).tagName).toBe('H2');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('li strong')?.textContent).toBe('owner');
    expect(container.querySelector('li a')?.textContent).toBe('Rust Basics');
    expect(container.querySelector('li button')?.textContent).toBe('#rust');
    expect(container.querySelector('td a')?.textContent).toBe('Later');
    expect(container.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('fn');
  });

  it('keeps script, iframe, on* handlers, javascript: URLs and KaTeX HTML commands inert (notes are pasted text)', () => {
    const { container } = renderContent(
      'Hi <script>window.hacked = true</script> <b>bold</b>\n\n<iframe src="https://evil.example"></iframe>\n\n' +
        '<img src="x" onerror="alert(1)">\n\n<a href="#" onclick="alert(1)">x</a>\n\n' +
        '[click](javascript:alert(1)) [up](JAVASCRIPT:alert(1)) ![img](javascript:alert(1)) [ok](https://example.com) [[Later]]\n\n' +
        // KaTeX runs after the sanitizer: these make links, images and ids only when it is told to trust them
        String.raw`$\href{javascript:alert(1)}{a}$ $\url{https://evil.example}$ $\includegraphics{x}$ $\htmlId{pwn}{b}$`,
    );
    expect(container.querySelectorAll('.katex')).toHaveLength(4);
    for (const tag of ['script', 'iframe', 'img[onerror]', 'b', '#pwn', '.katex a', '.katex img'])
      expect(container.querySelector(tag)).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(attributes(container).filter((a) => a.startsWith('on'))).toEqual([]);
    const urls = [...container.querySelectorAll('a, img')].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '',
    );
    for (const url of urls) expect(url.toLowerCase()).not.toContain('javascript:');
    const ok = screen.getByRole('link', { name: 'ok' });
    expect(ok.getAttribute('href')).toBe('https://example.com');
    expect(ok.getAttribute('target')).toBe('_blank');
    expect(ok.getAttribute('rel')).toContain('noopener');
    // [[links]] still work among sanitized content
    expect(screen.getByRole('link', { name: 'Later' }).getAttribute('href')).toBe('?new=1&title=Later');
  });

  it('says when the note is empty', () => {
    renderContent('  \n ');
    expect(screen.getByText('This note is empty.')).toBeTruthy();
  });
});
