// The offline generator: deterministic (seeded from the input), built from the learner's goal, level and
// topics, and the curated knowledge in content/. Every output validates against the shared schemas.
import {
  type AssessmentQuestion,
  type GeneratedKnowledgeAssessment,
  type GeneratedLesson,
  type GeneratedOpenAnswerGrades,
  type GeneratedPrerequisites,
  type GeneratedRoadmap,
  type GeneratedSection,
  type GeneratedSectionLessons,
  type GoalLevel,
  ROADMAP_LIMITS,
} from '@mindpath/contracts/ai';
import type {
  KnowledgeAssessmentInput,
  OpenAnswerGradingInput,
  PrerequisitesInput,
} from '../prompts/assessment.ts';
import type { RoadmapInput, SectionLessonsInput } from '../prompts/roadmap.ts';
import type { DomainSection, McItem } from './content.ts';
import { domainFor, lowerFirst, norm, PROJECT_PREFIX, REVIEW_PREFIX } from './domain-of.ts';
import { createRng, type Rng } from './rng.ts';
import { keywords, subjectOf } from './subject.ts';

const LEVEL_INDEX: Record<GoalLevel, 0 | 1 | 2> = { Beginner: 0, Practitioner: 1, Advanced: 2 };

const MINUTES: Record<GoalLevel, readonly number[]> = {
  Beginner: [20, 25, 30, 30, 35],
  Practitioner: [25, 30, 35, 40, 45],
  Advanced: [30, 40, 45, 50, 60],
};

const SUMMARIES = [
  (t: string, s: string) =>
    `${t}: what it is, why it matters in ${s}, and a short exercise to try it yourself.`,
  (t: string, s: string) =>
    `Learn ${lowerFirst(t)} step by step, with a worked example from ${s} and a self-check.`,
  (t: string, s: string) =>
    `A focused lesson on ${lowerFirst(t)}: the key ideas, an example, and practice in ${s}.`,
];

function lessonsFor(
  base: readonly string[],
  sectionName: string,
  subject: string,
  level: GoalLevel,
  rng: Rng,
  taken: Set<string>,
): GeneratedLesson[] {
  const extras = [`${REVIEW_PREFIX}${sectionName}`, `${PROJECT_PREFIX}${sectionName}`];
  const count = rng.int(ROADMAP_LIMITS.minLessons, ROADMAP_LIMITS.maxLessons);
  const titles = [...base, ...extras].filter((t) => !taken.has(norm(t))).slice(0, Math.max(count, 0));
  // a section whose base lessons were all used elsewhere still gets its minimum from generic titles
  const fallback = [
    `Introduction to ${sectionName}`,
    `${sectionName} in practice`,
    `Self-check: ${sectionName}`,
  ];
  for (const t of fallback)
    if (titles.length < ROADMAP_LIMITS.minLessons && !taken.has(norm(t))) titles.push(t);
  for (const t of titles) taken.add(norm(t));
  return titles.map((title) => ({
    title,
    summary: rng.pick(SUMMARIES)(title, subject),
    estimatedTimeInMinutes: rng.pick(MINUTES[level]),
  }));
}

function describeSection(name: string, lessons: readonly GeneratedLesson[]) {
  const list = lessons.slice(0, 3).map((l) => lowerFirst(l.title));
  return `${name}: ${list.join(', ')}${lessons.length > 3 ? ' and more' : ''}.`;
}

/** A section for a topic the curriculum does not have (a model's topic title, a learner's own). */
function topicSection(topic: string): DomainSection {
  return {
    name: topic,
    level: 1,
    lessons: [
      `Introduction to ${topic}`,
      `Core ideas of ${topic}`,
      `${topic} in practice`,
      `Common mistakes in ${topic}`,
    ],
  };
}

export function offlineRoadmap({ goal, level, topics }: RoadmapInput): GeneratedRoadmap {
  const domain = domainFor(goal);
  const subject = domain.label;
  const rng = createRng('roadmap', norm(goal), level, ...topics.map(norm));
  const all = domain.sections;
  const chosen: DomainSection[] = [];
  const wanted = topics.map((t) => t.trim()).filter(Boolean);
  if (wanted.length > 0) {
    // the selected topics first (curriculum order for known ones), then what follows them in the curriculum
    const known = all.filter((s) => wanted.some((t) => norm(t) === norm(s.name)));
    const unknown = wanted.filter((t) => !all.some((s) => norm(s.name) === norm(t)));
    chosen.push(...known, ...unknown.map(topicSection));
    chosen.splice(ROADMAP_LIMITS.maxSections);
    const last = known.length > 0 ? all.indexOf(known[known.length - 1] as DomainSection) : -1;
    const rest = [...all.slice(last + 1), ...all.slice(0, last + 1)].filter((s) => !chosen.includes(s));
    const target = Math.max(
      ROADMAP_LIMITS.minSections,
      Math.min(ROADMAP_LIMITS.maxSections, chosen.length + 2),
    );
    while (chosen.length < target && rest.length > 0) chosen.push(rest.shift() as DomainSection);
    // a tiny curriculum: fill with topic sections around the subject
    const fillers = [
      `Foundations of ${subject}`,
      `Practising ${subject}`,
      `Projects in ${subject}`,
      `Next steps in ${subject}`,
    ];
    while (chosen.length < ROADMAP_LIMITS.minSections) chosen.push(topicSection(fillers.shift() as string));
  } else {
    const want = LEVEL_INDEX[level];
    let start = all.findIndex((s) => s.level >= want);
    if (want > 0) start = Math.max(0, start - 1); // one section of review below the level
    const count = rng.int(5, 7);
    start = Math.max(0, Math.min(start, all.length - ROADMAP_LIMITS.minSections));
    chosen.push(...all.slice(start, start + count));
  }
  const taken = new Set<string>();
  const sections: GeneratedSection[] = chosen.map((s) => {
    const lessons = lessonsFor(s.lessons, s.name, subject, level, rng, taken);
    return { name: s.name, description: describeSection(s.name, lessons), lessons };
  });
  const focus =
    wanted.length > 0
      ? ` focused on ${wanted.slice(0, 3).join(', ')}${wanted.length > 3 ? ' and more' : ''}`
      : '';
  return {
    title: `${subject}: ${level} roadmap`,
    summary: `A ${sections.length}-milestone path to ${subjectOf(goal)} for a ${level.toLowerCase()} learner${focus}, from ${sections[0]?.name ?? subject} to ${sections[sections.length - 1]?.name ?? subject}.`,
    sections,
  };
}

export function offlineSectionLessons(input: SectionLessonsInput): GeneratedSectionLessons {
  const domain = domainFor(input.goal);
  const rng = createRng('section-lessons', norm(input.goal), input.level, norm(input.sectionName));
  const known =
    domain.sections.find((s) => norm(s.name) === norm(input.sectionName)) ?? topicSection(input.sectionName);
  const taken = new Set(input.existingLessonTitles.map(norm));
  return { lessons: lessonsFor(known.lessons, input.sectionName, domain.label, input.level, rng, taken) };
}

// ---------------------------------------------------------------------------------------------------

function mcQuestion(item: McItem, rng: Rng) {
  return {
    type: 'multiple-choice' as const,
    question: item.q,
    options: rng.shuffle(item.options),
    correctAnswer: item.options[0],
    expectedLength: 'short' as const,
  };
}

export function offlineKnowledgeAssessment({
  goal,
  level,
}: KnowledgeAssessmentInput): GeneratedKnowledgeAssessment {
  const domain = domainFor(goal);
  const rng = createRng('knowledge-assessment', norm(goal), level);
  // topics that have questions, in curriculum order; a window of 3–4 of them around the level
  const order = (t: string) => domain.sections.findIndex((s) => s.name === t);
  const topics = [...new Set(domain.mc.map((m) => m.topic))].sort((a, b) => order(a) - order(b));
  const size = Math.min(topics.length, rng.int(3, 4));
  const maxStart = topics.length - size;
  const start = Math.round((maxStart * LEVEL_INDEX[level]) / 2);
  return {
    topics: topics.slice(start, start + size).map((title) => {
      const mcs = rng.shuffle(domain.mc.filter((m) => m.topic === title)).slice(0, 2);
      const open = domain.open.find((o) => o.topic === title);
      const questions: AssessmentQuestion[] = mcs.map((m) => mcQuestion(m, rng));
      if (open) {
        questions.push({
          type: 'open-ended',
          question: open.q,
          options: [],
          correctAnswer: open.keyPoints,
          expectedLength: level === 'Beginner' ? 'short' : 'medium',
        });
      }
      return { title, questions };
    }),
  };
}

const DONT_KNOW = /^(i\s*)?(don'?t|do not|dont)\s+know|^idk\b|^no idea|^not sure|^n\/?a$|^none$|^-+$|^\?+$/i;

/** Offline grading of open answers: coverage of the key points' words, and enough substance. */
export function gradeOpenAnswer(answer: string, keyPoints: string): number {
  const a = answer.trim();
  if (!a || DONT_KNOW.test(a)) return 0;
  const keys = keywords(keyPoints).map((k) => k.slice(0, 6));
  const words = a
    .toLowerCase()
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean);
  const stems = new Set(words.map((w) => w.slice(0, 6)));
  const coverage = keys.length === 0 ? 1 : keys.filter((k) => stems.has(k)).length / keys.length;
  const substance = Math.min(1, words.length / 25);
  return Math.round(100 * Math.min(1, 0.75 * Math.min(1, coverage * 2.5) + 0.25 * substance));
}

export function offlineGradeOpenAnswers({ items }: OpenAnswerGradingInput): GeneratedOpenAnswerGrades {
  return {
    grades: items.map((it) => {
      const score = gradeOpenAnswer(it.answer, it.keyPoints);
      const feedback =
        score >= 70
          ? 'Good answer: it covers the key points.'
          : score > 0
            ? `Partly there. A complete answer mentions: ${it.keyPoints.slice(0, 300)}`
            : `No answer yet. Key points: ${it.keyPoints.slice(0, 300)}`;
      return { index: it.index, score, feedback };
    }),
  };
}

export function offlinePrerequisites({ goal, level }: PrerequisitesInput): GeneratedPrerequisites {
  const domain = domainFor(goal);
  const own = [...(domain.prerequisites[level] ?? [])];
  if (level !== 'Beginner') {
    const below: GoalLevel = level === 'Advanced' ? 'Practitioner' : 'Beginner';
    own.push({
      title: `${domain.label} Fundamentals`,
      description: `Learn the fundamentals of ${domain.label}`,
      level: below,
      reason: `${level === 'Advanced' ? 'An' : 'A'} ${level.toLowerCase()} roadmap assumes the ${below.toLowerCase()} material of ${domain.label}; start there if it is new to you.`,
    });
  }
  return { recommendations: own.slice(0, 3) };
}
