// The elements the citation plugin marks, rendered: a marker's `sup` as its buttons, a flagged paragraph or
// list item with its note. Everything else renders as react-markdown would.
import type { MarkdownComponents } from '@mindpath/markdown';
import type { ComponentPropsWithoutRef } from 'react';
import { ISSUE_ATTRIBUTE, MARKER_ATTRIBUTE } from '../utils/rehype-citations.ts';
import { CitationFlag, isIssueKind } from './citation-flag.tsx';
import { CitationMarkers } from './citation-marker.tsx';
import styles from './citations.module.css';

type Props<T extends 'sup' | 'p' | 'li'> = ComponentPropsWithoutRef<T> & { node?: unknown };
const attribute = (props: object, name: string): unknown => (props as Record<string, unknown>)[name];

function Sup({ node: _node, ...props }: Props<'sup'>) {
  const numbers = attribute(props, MARKER_ATTRIBUTE);
  if (typeof numbers !== 'string') return <sup {...props} />;
  return <CitationMarkers numbers={numbers.split(',').map(Number)} />;
}

function Paragraph({ node: _node, children, className, ...props }: Props<'p'>) {
  const kind = attribute(props, ISSUE_ATTRIBUTE);
  if (!isIssueKind(kind))
    return (
      <p className={className} {...props}>
        {children}
      </p>
    );
  return (
    <>
      <p className={[className, styles.flagged].filter(Boolean).join(' ')} {...props}>
        {children}
      </p>
      <CitationFlag kind={kind} />
    </>
  );
}

function ListItem({ node: _node, children, className, ...props }: Props<'li'>) {
  const kind = attribute(props, ISSUE_ATTRIBUTE);
  if (!isIssueKind(kind))
    return (
      <li className={className} {...props}>
        {children}
      </li>
    );
  return (
    <li className={[className, styles.flagged].filter(Boolean).join(' ')} {...props}>
      {children}
      <CitationFlag kind={kind} />
    </li>
  );
}

/** Components for Markdown rendered with rehypeCitations. */
export const CITATION_COMPONENTS: MarkdownComponents = { sup: Sup, p: Paragraph, li: ListItem };
