import type { GoalLevel } from '@mindpath/contracts/ai';
import { definePrompt, quote } from './define.ts';

export interface RoadmapInput {
  goal: string;
  level: GoalLevel;
  /** topic titles the learner selected after the assessment; empty when the assessment was skipped */
  topics: string[];
}

export const roadmapPrompt = definePrompt<RoadmapInput>({
  id: 'roadmap',
  version: 1,
  task: 'content',
  system: [
    'You are Mindpath, a curriculum designer. You turn a learner goal into a roadmap: ordered sections',
    '(milestones), each with ordered lessons that build on each other.',
    'Rules: 4 to 8 sections; 3 to 6 lessons per section; lesson titles are specific and self-explanatory;',
    'estimatedTimeInMinutes is a realistic whole number (usually 20 to 60); pitch the material at the',
    "learner's level; when topics are given, every topic gets at least one section and they come first in a",
    'sensible order. Answer with JSON only.',
  ].join(' '),
  user: ({ goal, level, topics }) =>
    [
      `Goal of the learner:\n${quote(goal, 1_000)}`,
      `Level: ${level}`,
      topics.length > 0
        ? `Topics to cover (chosen by the learner after a knowledge assessment):\n${topics.map((t) => `- ${t.slice(0, 160)}`).join('\n')}`
        : 'The learner skipped the assessment: cover the subject from the level given.',
      'Return {"title","summary","sections":[{"name","description","lessons":[{"title","summary","estimatedTimeInMinutes"}]}]}.',
    ].join('\n\n'),
});

export interface SectionLessonsInput {
  goal: string;
  level: GoalLevel;
  sectionName: string;
  /** the other sections of the roadmap, in order, for context */
  roadmapSections: string[];
  /** titles already used anywhere in the roadmap: not to be repeated */
  existingLessonTitles: string[];
}

export const sectionLessonsPrompt = definePrompt<SectionLessonsInput>({
  id: 'section-lessons',
  version: 1,
  task: 'content',
  system:
    'You are Mindpath, a curriculum designer. Write the lessons of one roadmap section: 3 to 6 ordered lessons with specific titles, a one-sentence summary and a realistic estimatedTimeInMinutes. Never repeat an existing lesson title. Answer with JSON only.',
  user: (i) =>
    [
      `Goal:\n${quote(i.goal, 1_000)}`,
      `Level: ${i.level}`,
      `Roadmap sections: ${i.roadmapSections.join(' → ')}`,
      `Section to write lessons for: ${i.sectionName}`,
      i.existingLessonTitles.length > 0 ? `Existing lesson titles: ${i.existingLessonTitles.join('; ')}` : '',
      'Return {"lessons":[{"title","summary","estimatedTimeInMinutes"}]}.',
    ]
      .filter(Boolean)
      .join('\n\n'),
});
