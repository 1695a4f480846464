// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { selectionText } from './selection-text.ts';

/** KaTeX's markup for a formula: the hidden MathML copy with the TeX annotation, then the visible glyphs. */
const katex = (tex: string, visible: string) =>
  `<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>${visible}</mi></mrow>` +
  `<annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span>` +
  `<span class="katex-html" aria-hidden="true">${visible}</span></span>`;

function rangeOver(html: string): Range {
  document.body.innerHTML = `<article>${html}</article>`;
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('article')!);
  return range;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('selectionText', () => {
  it('writes an inline formula once, as its TeX source', () => {
    const range = rangeOver(`<p>The area is ${katex('\\pi r^2', 'πr2')} for a circle.</p>`);
    expect(selectionText(range, range.toString())).toBe('The area is $\\pi r^2$ for a circle.');
  });

  it('writes a displayed formula as $$…$$ on its own line, and keeps the paragraphs apart', () => {
    const range = rangeOver(
      `<p>A useful formula:</p><span class="katex-display">${katex('T(n) = O(n)', 'T(n)=O(n)')}</span><p>Linear time.</p>`,
    );
    expect(selectionText(range, range.toString())).toBe('A useful formula:\n$$T(n) = O(n)$$\nLinear time.');
  });

  it('keeps the visible part of a formula whose source the selection leaves out', () => {
    document.body.innerHTML = `<p id="p">${katex('a^2', 'a2')} grows</p>`;
    const visible = document.querySelector('.katex-html')!;
    const range = document.createRange();
    range.setStart(visible.firstChild!, 1);
    range.setEnd(document.getElementById('p')!.lastChild!, 6);
    expect(selectionText(range, range.toString())).toBe('2 grows');
  });

  it('is the plain text of a selection without formulas', () => {
    const range = rangeOver('<p>Ownership moves <strong>values</strong>.</p>');
    expect(selectionText(range, range.toString())).toBe('Ownership moves values.');
  });
});
