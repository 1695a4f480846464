// What a selection in the rendered lesson says, as text a note or a question can carry.

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, tr, .katex-display';

/**
 * The text of `range`, with each KaTeX formula as its TeX source ($…$, or $$…$$ when displayed) instead of
 * what the browser copies for it: the hidden MathML copy and the visible glyphs, one after the other
 * ("x2x^2"). Without formulas it is `copied`, the browser's own text of the selection (line breaks as laid out).
 */
export function selectionText(range: Range, copied: string): string {
  const fragment = range.cloneContents();
  const formulas = fragment.querySelectorAll('.katex');
  if (formulas.length === 0) return copied.trim();
  for (const katex of formulas) {
    const tex = katex.querySelector('annotation[encoding="application/x-tex"]')?.textContent?.trim();
    const display = katex.parentElement?.classList.contains('katex-display') ?? false;
    // a selection that starts or ends inside a formula keeps only its visible part
    const text = tex
      ? display
        ? `$$${tex}$$`
        : `$${tex}$`
      : (katex.querySelector('.katex-html')?.textContent ?? '');
    katex.replaceWith(text);
  }
  // textContent runs blocks together: end each with a line break, as the browser's copy does
  for (const block of fragment.querySelectorAll(BLOCKS)) block.append('\n');
  return (fragment.textContent ?? '')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
