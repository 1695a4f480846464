// Every prompt of the product, by id. A prompt's version changes with its wording or shape.
import { gradeOpenAnswersPrompt, knowledgeAssessmentPrompt, prerequisitesPrompt } from './assessment.ts';
import { chatPrompt } from './chat.ts';
import { lessonExercisesPrompt } from './exercises.ts';
import {
  lessonContentPrompt,
  lessonMarkdownPrompt,
  lessonQuizPrompt,
  lessonResourcesPrompt,
} from './lesson.ts';
import { roadmapPrompt, sectionLessonsPrompt } from './roadmap.ts';

export const PROMPTS = {
  roadmap: roadmapPrompt,
  'section-lessons': sectionLessonsPrompt,
  'knowledge-assessment': knowledgeAssessmentPrompt,
  'grade-open-answers': gradeOpenAnswersPrompt,
  prerequisites: prerequisitesPrompt,
  'lesson-content': lessonContentPrompt,
  'lesson-markdown': lessonMarkdownPrompt,
  'lesson-quiz': lessonQuizPrompt,
  'lesson-resources': lessonResourcesPrompt,
  'lesson-exercises': lessonExercisesPrompt,
  chat: chatPrompt,
} as const;

export type PromptId = keyof typeof PROMPTS;
