import { type GoalLevel, LESSON_SECTIONS } from '@mindpath/contracts/ai';
import { definePrompt, quote } from './define.ts';

export interface LessonContentInput {
  goal: string;
  level: GoalLevel;
  sectionName: string;
  lessonTitle: string;
  lessonSummary?: string;
  /** the learner's instruction for a new version of the lesson ("simpler", "more examples"…) */
  instruction?: string;
}

const lessonRules = [
  'Write in Markdown. Use exactly these level-2 headings, in this order:',
  LESSON_SECTIONS.map((s) => `"## ${s}"`).join(', '),
  '. Under "## Key Concepts", list the lesson\'s key ideas as bullets written "- **Term**: one sentence".',
  "Include at least one fenced code block with a language tag (a real code example of this lesson's topic for",
  'technical subjects; a worked template or checklist otherwise), a formula in KaTeX between $$ and $$ only',
  'where one belongs to the topic, and exactly one image placeholder written as',
  "{{image: a short description of a labelled diagram of this lesson's ideas}}.",
  'Be accurate; never invent facts, people or quotations.',
].join(' ');

/** The learner's instruction for a new version: fenced like all learner text, under the rules, not above them. */
export function instructionBlock(instruction: string | undefined): string[] {
  const text = instruction?.trim();
  if (!text) return [];
  return [
    `This is a new version of the lesson. The learner asked for it to be written differently; follow their instruction where it fits the lesson, keeping the headings and rules above:\n${quote(text, 300)}`,
  ];
}

/** What a lesson's prompts say about it. */
const lessonLines = (i: LessonContentInput) => [
  `Goal:\n${quote(i.goal, 1_000)}`,
  `Level: ${i.level}`,
  `Section: ${i.sectionName}`,
  `Lesson: ${i.lessonTitle}${i.lessonSummary ? ` (${i.lessonSummary})` : ''}`,
];

export const lessonContentPrompt = definePrompt<LessonContentInput>({
  id: 'lesson-content',
  version: 3,
  task: 'content',
  system: `You are Mindpath, an expert teacher writing one lesson of a learning roadmap. ${lessonRules} For resources: videos and articles are https links to well-known, stable pages (official documentation, Wikipedia, university courses); books are real books with their real authors. Answer with JSON only.`,
  user: (i) =>
    [
      ...lessonLines(i),
      ...instructionBlock(i.instruction),
      'Return {"title","content","videos":[{"title","url"}],"articles":[{"title","url"}],"books":[{"title","author"}]}.',
    ].join('\n\n'),
});

/** The same lesson as streamed Markdown (no JSON around it), for showing it as it is written. */
export const lessonMarkdownPrompt = definePrompt<LessonContentInput>({
  id: 'lesson-markdown',
  version: 3,
  task: 'content',
  system: `You are Mindpath, an expert teacher writing one lesson of a learning roadmap. ${lessonRules} Answer with the Markdown only, starting with "# " and the lesson title.`,
  user: (i) => [...lessonLines(i), ...instructionBlock(i.instruction)].join('\n\n'),
});

export interface LessonQuizInput {
  goal: string;
  level: GoalLevel;
  lessonTitle: string;
  /** the lesson's Markdown (trimmed to a budget) */
  content: string;
}

export const lessonQuizPrompt = definePrompt<LessonQuizInput>({
  id: 'lesson-quiz',
  version: 2,
  task: 'assessment',
  system:
    'You are Mindpath, an assessor. Write 5 questions that check understanding of the lesson given: 4 multiple-choice questions, each with 4 distinct options and correctAnswer equal to the correct option word for word, then 1 open question answered in a few sentences, with "options": [] and correctAnswer the key points a good answer covers. Ask only about what the lesson teaches. Answer with JSON only.',
  user: (i) =>
    `Lesson: ${i.lessonTitle} (level ${i.level})\n\nLesson content:\n${quote(i.content, 12_000)}\n\nReturn {"questions":[{"question","options","correctAnswer"}]}.`,
});

/** The lesson's videos, articles and books, asked for beside its streamed Markdown. */
export const lessonResourcesPrompt = definePrompt<LessonContentInput>({
  id: 'lesson-resources',
  version: 1,
  task: 'content',
  system:
    'You are Mindpath, a librarian for one lesson of a learning roadmap. Recommend up to 3 videos and up to 4 articles as https links to well-known, stable pages (official documentation, Wikipedia, university courses), and up to 3 real books with their real authors. Leave a list empty rather than guess a link. Answer with JSON only.',
  user: (i) =>
    [
      `Goal:\n${quote(i.goal, 1_000)}`,
      `Level: ${i.level}`,
      `Section: ${i.sectionName}`,
      `Lesson: ${i.lessonTitle}${i.lessonSummary ? ` (${i.lessonSummary})` : ''}`,
      'Return {"videos":[{"title","url"}],"articles":[{"title","url"}],"books":[{"title","author"}]}.',
    ].join('\n\n'),
});
