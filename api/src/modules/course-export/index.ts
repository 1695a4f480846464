// The course-export module's face to other modules: a lesson as the Markdown file a learner keeps.
export { type LessonMarkdownDeps, lessonMarkdown, NO_CONTENT_YET } from './lesson-markdown.ts';
