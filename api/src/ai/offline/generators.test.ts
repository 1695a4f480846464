import {
  GeneratedKnowledgeAssessmentSchema,
  GeneratedPrerequisitesSchema,
  GeneratedRoadmapSchema,
  GeneratedSectionLessonsSchema,
  type GoalLevel,
  OldStyleAssessmentSchema,
  parseOldStyleQuestion,
  toOldStyleAssessment,
} from '@mindpath/contracts/ai';
import { describe, expect, it } from 'vitest';
import { domainFor } from './domain-of.ts';
import {
  gradeOpenAnswer,
  offlineKnowledgeAssessment,
  offlinePrerequisites,
  offlineRoadmap,
  offlineSectionLessons,
} from './generators.ts';
import { subjectOf } from './subject.ts';

const GOALS = [
  'Beginner: I want to learn Python',
  'Learn JavaScript to build web apps (Practitioner)',
  'SQL for data analysis',
  'Machine learning',
  'I would like to get better at watercolor painting',
  'Advanced: Master the cello so that I can join an orchestra',
  'Level: Beginner',
  '   ',
  'Aprender español 🇪🇸 para viajar',
  `${'very long goal '.repeat(40)}`,
];
const LEVELS: GoalLevel[] = ['Beginner', 'Practitioner', 'Advanced'];
const CASES = GOALS.flatMap((goal) => LEVELS.map((level) => [goal, level] as const));

describe('subjectOf', () => {
  it.each([
    ['Beginner: I want to learn Python', 'Python'],
    ['Learn JavaScript to build web apps (Practitioner)', 'JavaScript to build web apps'],
    ['I would like to get better at watercolor painting', 'Watercolor painting'],
    ['Advanced: Master the cello so that I can join an orchestra', 'The cello'],
    ['Level: Beginner', 'General Knowledge'],
    ['', 'General Knowledge'],
  ])('%j → %j', (goal, subject) => {
    expect(subjectOf(goal)).toBe(subject);
  });

  it('keeps subjects short', () => {
    expect(subjectOf('x'.repeat(10) + ' y'.repeat(100)).length).toBeLessThanOrEqual(60);
  });
});

describe('offline roadmap', () => {
  it.each(CASES)('%j at %s: 4–8 sections of 3–6 lessons, valid, unique titles', (goal, level) => {
    const roadmap = offlineRoadmap({ goal, level, topics: [] });
    expect(GeneratedRoadmapSchema.parse(roadmap)).toEqual(roadmap);
    expect(roadmap.sections.length).toBeGreaterThanOrEqual(4);
    expect(roadmap.sections.length).toBeLessThanOrEqual(8);
    for (const s of roadmap.sections) {
      expect(s.lessons.length).toBeGreaterThanOrEqual(3);
      expect(s.lessons.length).toBeLessThanOrEqual(6);
    }
    const titles = roadmap.sections.flatMap((s) => s.lessons.map((l) => l.title.toLowerCase()));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('is deterministic, and differs with the input', () => {
    const input = { goal: 'Learn Python', level: 'Beginner' as const, topics: ['Data Structures'] };
    expect(offlineRoadmap(input)).toEqual(offlineRoadmap({ ...input, topics: ['Data Structures'] }));
    expect(offlineRoadmap(input)).not.toEqual(offlineRoadmap({ ...input, level: 'Advanced' }));
    expect(offlineRoadmap(input)).not.toEqual(offlineRoadmap({ ...input, topics: [] }));
  });

  it('puts the selected topics first, known or not', () => {
    const roadmap = offlineRoadmap({ goal: 'SQL', level: 'Beginner', topics: ['Joins', 'Data warehousing'] });
    expect(roadmap.sections.slice(0, 2).map((s) => s.name)).toEqual(['Joins', 'Data warehousing']);
    expect(roadmap.summary).toContain('Joins');
    const generic = offlineRoadmap({ goal: 'pottery', level: 'Beginner', topics: ['Glazing'] });
    expect(generic.sections[0]?.name).toBe('Glazing');
    expect(generic.sections.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps to 8 sections however many topics are selected', () => {
    const topics = Array.from({ length: 12 }, (_, i) => `Topic ${i + 1}`);
    const roadmap = offlineRoadmap({ goal: 'Chess', level: 'Practitioner', topics });
    expect(GeneratedRoadmapSchema.safeParse(roadmap).success).toBe(true);
    expect(roadmap.sections).toHaveLength(8);
  });

  it('writes the lessons of one section without repeating existing titles', () => {
    const roadmap = offlineRoadmap({ goal: 'Python', level: 'Beginner', topics: [] });
    const existing = roadmap.sections.flatMap((s) => s.lessons.map((l) => l.title));
    const out = offlineSectionLessons({
      goal: 'Python',
      level: 'Beginner',
      sectionName: 'Control Flow',
      roadmapSections: roadmap.sections.map((s) => s.name),
      existingLessonTitles: existing,
    });
    expect(GeneratedSectionLessonsSchema.parse(out)).toEqual(out);
    for (const l of out.lessons) expect(existing).not.toContain(l.title);
  });
});

describe('offline knowledge assessment', () => {
  it.each(CASES)('%j at %s: valid, with real correct answers, in both styles', (goal, level) => {
    const a = offlineKnowledgeAssessment({ goal, level });
    expect(GeneratedKnowledgeAssessmentSchema.parse(a)).toEqual(a);
    const mcs = a.topics.flatMap((t) => t.questions).filter((q) => q.type === 'multiple-choice');
    expect(mcs.length).toBeGreaterThanOrEqual(a.topics.length);
    for (const q of mcs) expect(q.options).toContain(q.correctAnswer);
    const old = toOldStyleAssessment(a);
    expect(OldStyleAssessmentSchema.parse(old).questions).toHaveLength(mcs.length);
    old.questions.forEach((q, i) => {
      const parsed = parseOldStyleQuestion(q);
      expect(parsed?.options[parsed.correctIndex]).toBe(mcs[i]?.correctAnswer);
    });
  });

  it('knows real answers in the curated subjects', () => {
    const a = offlineKnowledgeAssessment({ goal: 'Python', level: 'Beginner' });
    const all = a.topics.flatMap((t) => t.questions);
    const slice = all.find((q) => q.question.includes('[1, 2, 3, 4, 5][1:3]'));
    if (slice) expect(slice.correctAnswer).toBe('[2, 3]');
    expect(domainFor('Learn PostgreSQL').id).toBe('sql');
    expect(domainFor('deep learning with PyTorch').id).toBe('machine-learning');
    expect(domainFor('React for beginners').id).toBe('javascript');
    expect(domainFor('Knitting').id).toBe('generic');
  });

  it('is deterministic and shuffles options so the answer is not always first', () => {
    const a = offlineKnowledgeAssessment({ goal: 'SQL', level: 'Practitioner' });
    expect(offlineKnowledgeAssessment({ goal: 'SQL', level: 'Practitioner' })).toEqual(a);
    const positions = new Set(
      GOALS.flatMap((goal) =>
        offlineKnowledgeAssessment({ goal, level: 'Beginner' })
          .topics.flatMap((t) => t.questions)
          .filter((q) => q.type === 'multiple-choice')
          .map((q) => q.options.indexOf(q.correctAnswer)),
      ),
    );
    expect(positions.size).toBe(4);
  });
});

describe('offline grading of open answers', () => {
  const key =
    'A transaction makes related writes atomic: all succeed or all roll back, keeping data consistent.';
  it('gives nothing for blank or "I don’t know" answers', () => {
    for (const a of ['', '  ', "I don't know", 'idk', 'no idea', 'not sure', '?'])
      expect(gradeOpenAnswer(a, key)).toBe(0);
  });
  it('rewards covering the key points', () => {
    const good = gradeOpenAnswer(
      'Transactions make writes atomic, so they all succeed or roll back and data stays consistent.',
      key,
    );
    const weak = gradeOpenAnswer('It is about the database.', key);
    expect(good).toBeGreaterThanOrEqual(70);
    expect(weak).toBeLessThan(70);
    expect(weak).toBeGreaterThan(0);
  });
});

describe('offline prerequisites', () => {
  it('recommends real prerequisites, and none for a generic beginner goal', () => {
    const ml = offlinePrerequisites({ goal: 'Machine learning', level: 'Beginner' });
    expect(GeneratedPrerequisitesSchema.parse(ml).recommendations.map((r) => r.title)).toContain(
      'Statistics Fundamentals',
    );
    expect(offlinePrerequisites({ goal: 'Knitting', level: 'Beginner' }).recommendations).toEqual([]);
    const adv = offlinePrerequisites({ goal: 'Knitting', level: 'Advanced' });
    expect(adv.recommendations[0]).toMatchObject({ title: 'Knitting Fundamentals', level: 'Practitioner' });
  });
});
