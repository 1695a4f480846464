import { Markdown } from '@mindpath/markdown';

/** Lesson Markdown (the model's output): the shared sanitized renderer, its links opening in a new tab. */
export function LessonMarkdown({ markdown }: { markdown: string }) {
  return <Markdown markdown={markdown} />;
}
