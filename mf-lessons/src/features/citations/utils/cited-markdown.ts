import type { MarkdownComponents } from '@mindpath/markdown';
import { CITATION_COMPONENTS } from '../components/citation-components.tsx';
import { rehypeCitations } from './rehype-citations.ts';

/**
 * What a Markdown renderer takes to show citations: the plugin (markers, and with `flag` the paragraphs'
 * checks) and the components that render what it marked, merged over the page's own.
 */
export function citedMarkdown(count: number, flag: boolean, components?: MarkdownComponents) {
  return {
    rehypePlugins: [[rehypeCitations, { count, flag }]] as [
      [typeof rehypeCitations, { count: number; flag: boolean }],
    ],
    components: { ...components, ...CITATION_COMPONENTS },
  };
}
