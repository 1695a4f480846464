import { Markdown, type MarkdownComponents } from '@mindpath/markdown';

/**
 * Lesson Markdown (the model's output): the shared sanitized renderer, its links opening in a new tab;
 * `components` overrides elements (the lesson page's runnable code blocks).
 */
export function LessonMarkdown({
  markdown,
  components,
}: {
  markdown: string;
  components?: MarkdownComponents;
}) {
  return <Markdown markdown={markdown} components={components} />;
}
