import { Markdown, type MarkdownComponents } from '@mindpath/markdown';
import type { ComponentProps } from 'react';

/**
 * Lesson Markdown (the model's output): the shared sanitized renderer, its links opening in a new tab;
 * `components` overrides elements (the lesson page's runnable code blocks), `rehypePlugins` run on the
 * sanitized tree (the citations' markers and checks).
 */
export function LessonMarkdown({
  markdown,
  components,
  rehypePlugins,
}: {
  markdown: string;
  components?: MarkdownComponents;
  rehypePlugins?: ComponentProps<typeof Markdown>['rehypePlugins'];
}) {
  return <Markdown markdown={markdown} components={components} rehypePlugins={rehypePlugins} />;
}
