// Markdown from a model or a learner is untrusted input (DESIGN §7): raw HTML is never parsed (it shows as
// text), URLs pass react-markdown's safe-protocol filter, and the tree is sanitized before any plugin that adds
// markup of its own (an app's extra rehype plugins, KaTeX, the highlighter) runs on what is already clean.
// Import this module lazily: react-markdown, KaTeX and highlight.js are most of a page's weight. It is no
// federation singleton (unlike @mindpath/ui): it holds no state, and each remote bundles it into its own lazy
// chunk rather than declaring a shared module its first route would have to provide.
import 'katex/dist/katex.min.css';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import styles from './markdown.module.css';

/** The default schema, plus the classes remark-math gives math code (`language-math math-inline`). */
export const sanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
};

export type MarkdownComponents = Components;

/** Links in rendered Markdown leave the app in a new tab and pass on nothing about it. */
export function ExternalLink({ node: _node, ...props }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer nofollow" />;
}

/**
 * Code blocks scroll sideways when a line is long: focusable, so a keyboard can scroll them too (WCAG 2.1.1,
 * axe's scrollable-region-focusable).
 */
export function CodeBlock({ node: _node, ...props }: ComponentPropsWithoutRef<'pre'> & { node?: unknown }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
  return <pre {...props} tabIndex={0} />;
}

interface MarkdownProps {
  markdown: string;
  /** element overrides; `a` defaults to ExternalLink, `pre` to CodeBlock */
  components?: MarkdownComponents;
  /** rehype plugins run on the sanitized tree, before KaTeX and the highlighter */
  rehypePlugins?: NonNullable<Options['rehypePlugins']>;
}

/** Sanitized Markdown: GFM (lists, tables), KaTeX math, highlighted code. */
export function Markdown({ markdown, components, rehypePlugins = [] }: MarkdownProps) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[
          [rehypeSanitize, sanitizeSchema],
          ...rehypePlugins,
          rehypeKatex,
          [rehypeHighlight, { detect: false }],
        ]}
        components={{ a: ExternalLink, pre: CodeBlock, ...components }}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
