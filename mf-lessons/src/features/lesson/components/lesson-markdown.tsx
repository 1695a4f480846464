import 'katex/dist/katex.min.css';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { sanitizeSchema } from '../utils/lesson-markdown.ts';
import styles from './lesson-markdown.module.css';

/** Links in a lesson leave the app in a new tab and pass on nothing about it. */
function ExternalLink({ node: _node, ...props }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer nofollow" />;
}

/** Lesson Markdown: GFM, KaTeX math, highlighted code; sanitized (see utils/lesson-markdown.ts). */
export function LessonMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={[[rehypeSanitize, sanitizeSchema], rehypeKatex, [rehypeHighlight, { detect: false }]]}
        components={{ a: ExternalLink }}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
