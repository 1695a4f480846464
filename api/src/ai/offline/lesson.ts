// An offline lesson that holds together around its title: its key concepts, example, formula (only where one
// belongs) and diagram come from the lesson's curated kit (content/kits/), or for a review or mini-project
// lesson from its section's kits, or else from a study plan written about the title itself. The quiz is made
// from the lesson's Markdown: it asks only what that text teaches.
import {
  type GeneratedLessonContent,
  type GeneratedLessonQuiz,
  type GeneratedLessonResources,
  imagePlaceholder,
} from '@mindpath/contracts/ai';
import { type KeyConcept, keyConceptsOf } from '../lesson-outline.ts';
import type { LessonContentInput, LessonQuizInput } from '../prompts/lesson.ts';
import type { Domain, KitCheck, LessonKit } from './content.ts';
import { domainFor, kitFor, kitsOf, lowerFirst, norm, PROJECT_PREFIX, REVIEW_PREFIX } from './domain-of.ts';
import { createRng, type Rng } from './rng.ts';
import { keywords } from './subject.ts';
import { lessonSentences } from './tutor.ts';

/** What one lesson teaches, whichever source it comes from. */
interface LessonMaterial {
  concepts: readonly KeyConcept[];
  example: LessonKit['example'];
  formula?: LessonKit['formula'];
  checks: readonly KitCheck[];
}

const fromKit = (kit: LessonKit): LessonMaterial => ({
  concepts: kit.concepts,
  example: kit.example,
  ...(kit.formula ? { formula: kit.formula } : {}),
  checks: kit.checks,
});

/** A review or mini-project lesson: the first idea of each of its section's lessons, and their checks. */
function fromSection(kits: readonly LessonKit[], project: boolean): LessonMaterial {
  const concepts = kits.flatMap((k) => k.concepts.slice(0, 1));
  for (const k of kits) if (concepts.length < 4) concepts.push(k.concepts[1]);
  const source = (project ? kits[kits.length - 1] : kits[0]) as LessonKit;
  return {
    concepts: concepts.slice(0, 4),
    example: source.example,
    checks: kits.slice(0, 2).map((k) => k.checks[0]),
  };
}

/** A lesson no kit covers (a learner's own topic, an uncurated subject): a study plan about its title. */
function studyPlan(
  title: string,
  subject: string,
  siblings: readonly string[],
  docs: string,
): LessonMaterial {
  const t = lowerFirst(title);
  return {
    concepts: [
      {
        term: 'What it is',
        text: `${title} is a specific part of ${subject}: be able to say in one sentence what it does and when it is used.`,
      },
      {
        term: 'Why it matters',
        text: `Later lessons${siblings.length > 0 ? ` such as ${siblings.map(lowerFirst).join(' and ')}` : ''} build on it, so gaps here show up again.`,
      },
      {
        term: 'How to practise it',
        text: 'Work through one real example, change one thing at a time, and predict the result before checking it.',
      },
      {
        term: 'How to remember it',
        text: 'Review it tomorrow, in three days and in a week: retrieval beats re-reading.',
      },
    ],
    example: {
      lang: 'text',
      intro: `A worked study plan for ${t}, to copy into your notes and fill in:`,
      code: [
        `Lesson:        ${title} (${subject})`,
        `In a sentence: what ${t} is and when it is used`,
        `Real example:  one case of ${t} from ${docs} or your own work`,
        'Change one thing: what I changed, what I predicted, what happened',
        `Open question: one thing about ${t} I cannot answer yet`,
        'Review on:     day +1, day +3, day +7',
      ].join('\n'),
      takeaway: `Filled in, the plan is your own worked example of ${t}, and the open question is where to read next.`,
    },
    checks: [],
  };
}

const sectionNamed = (domain: Domain, name: string) =>
  domain.sections.find((s) => norm(s.name) === norm(name));

/** What a lesson teaches; `sectionName` is where the roadmap put it (a review lesson names its section). */
function materialFor(domain: Domain, title: string, sectionName: string): LessonMaterial {
  const kit = kitFor(domain.id, title);
  if (kit) return fromKit(kit);
  const project = title.startsWith(PROJECT_PREFIX);
  const reviewed =
    project || title.startsWith(REVIEW_PREFIX)
      ? sectionNamed(domain, title.slice(title.indexOf(': ') + 2))
      : undefined;
  const kits = reviewed ? kitsOf(domain.id, reviewed.lessons) : [];
  if (kits.length >= 2) return fromSection(kits, project);
  const section = sectionNamed(domain, sectionName);
  const siblings = (section?.lessons ?? []).filter((l) => norm(l) !== norm(title)).slice(0, 2);
  return studyPlan(title, domain.label, siblings, domain.docs.name);
}

export function offlineLessonMarkdown(input: LessonContentInput): string {
  const domain = domainFor(input.goal);
  const subject = domain.label;
  const rng = createRng(
    'lesson',
    norm(input.goal),
    input.level,
    norm(input.sectionName),
    norm(input.lessonTitle),
  );
  const t = input.lessonTitle;
  const m = materialFor(domain, t, input.sectionName);
  const opener = rng.pick([
    `This lesson is part of **${input.sectionName}** on your ${input.level.toLowerCase()} path in ${subject}.`,
    `You are in **${input.sectionName}**, one milestone of your ${input.level.toLowerCase()} roadmap for ${subject}.`,
  ]);
  const terms = m.concepts.map((c) => lowerFirst(c.term));
  const practice = [
    `Explain ${lowerFirst(t)} in three sentences without looking at your notes: ${terms.join(', ')}.`,
    'Redo the example, then change one thing in it and predict the result before you check it.',
    `Write down one question about ${lowerFirst(t)} you cannot answer yet, and find the answer in ${domain.docs.name}.`,
  ];
  return [
    `# ${t}`,
    '',
    '## Overview',
    '',
    `${opener} ${input.lessonSummary ?? `It covers ${lowerFirst(t)}: the idea, an example and practice.`} By the end you will be able to explain ${lowerFirst(t)} and use it in a small exercise.`,
    '',
    '## Key Concepts',
    '',
    ...m.concepts.map((c) => `- **${c.term}**: ${c.text}`),
    '',
    imagePlaceholder(`A labelled diagram of ${t}: ${terms.join(', ')}`),
    '',
    ...(m.formula ? [`$$${m.formula.tex}$$`, '', m.formula.caption, ''] : []),
    '## Example',
    '',
    m.example.intro,
    '',
    `\`\`\`${m.example.lang}`,
    m.example.code,
    '```',
    '',
    m.example.takeaway,
    '',
    '## Practice',
    '',
    ...practice.map((p, i) => `${i + 1}. ${p}`),
    '',
    '## Summary',
    '',
    `${t} is one step of ${input.sectionName}: ${terms.join(', ')}. Practise with the exercises, and come back to the example${m.formula ? ' and the formula' : ''} when you meet ${lowerFirst(t)} again.`,
    '',
  ].join('\n');
}

const search = (base: string, q: string) => `${base}${encodeURIComponent(q)}`;

/** Search pages and curated books: never a URL that might not exist. */
export function offlineLessonResources(input: LessonContentInput): GeneratedLessonResources {
  const domain = domainFor(input.goal);
  const q = `${domain.label} ${input.lessonTitle}`;
  return {
    videos: [
      {
        title: `Videos: ${input.lessonTitle}`,
        url: search('https://www.youtube.com/results?search_query=', q),
      },
    ],
    articles: [
      {
        title: `${domain.docs.name}: ${input.lessonTitle}`,
        url: search(domain.docs.search, input.lessonTitle),
      },
      {
        title: `Wikipedia: ${domain.label}`,
        url: search('https://en.wikipedia.org/w/index.php?search=', domain.label),
      },
    ],
    books: domain.books.slice(0, 2).map((b) => ({ ...b })),
  };
}

export function offlineLessonContent(input: LessonContentInput): GeneratedLessonContent {
  return {
    title: input.lessonTitle,
    content: offlineLessonMarkdown(input),
    ...offlineLessonResources(input),
  };
}

// ---------------------------------------------------------------------------------------------------
// The quiz, from the lesson's text.

type QuizQuestion = GeneratedLessonQuiz['questions'][number];
const CHOICES = 4;

function choice(question: string, correct: string, wrong: readonly string[], rng: Rng): QuizQuestion {
  return {
    question,
    options: rng.shuffle([correct, ...wrong.slice(0, CHOICES - 1)]),
    correctAnswer: correct,
  };
}

/** "Which statement fits X?": the options are the lesson's own statements about its other concepts. */
function conceptQuestions(concepts: readonly KeyConcept[], rng: Rng): QuizQuestion[] {
  if (concepts.length < CHOICES) return [];
  return concepts.map((c) =>
    choice(
      `According to the lesson, which statement fits “${c.term}”?`,
      c.text,
      rng.shuffle(concepts.filter((o) => o !== c).map((o) => o.text)),
      rng,
    ),
  );
}

/** Fill-in-the-blank from the lesson's sentences: the missing word and three other words of the lesson. */
function clozeQuestions(markdown: string, rng: Rng): QuizQuestion[] {
  const sentences = lessonSentences(markdown).filter((s) => s.length >= 40 && s.length <= 240);
  const all = keywords(sentences.join(' '));
  const out: QuizQuestion[] = [];
  for (const s of rng.shuffle(sentences)) {
    const own = keywords(s);
    const word = own.find((w) => new RegExp(`\\b${w}\\b`, 'i').test(s));
    const others = rng.shuffle(all.filter((w) => !own.includes(w)));
    if (!word || others.length < CHOICES - 1) continue;
    const blanked = s.replace(new RegExp(`\\b${word}\\b`, 'i'), '_____');
    out.push(choice(`Which word completes the lesson's sentence: “${blanked}”`, word, others, rng));
  }
  return out;
}

/** The kit's checks, when the Markdown is the one written from that kit (its concepts are there). */
function checksOf(domain: Domain, title: string, concepts: readonly KeyConcept[]): readonly KitCheck[] {
  // where the roadmap put the lesson only changes the study plan, which has no checks
  const m = materialFor(domain, title, '');
  const written = m.concepts.every((c) => concepts.some((k) => k.term === c.term));
  return written ? m.checks : [];
}

/**
 * Four choice questions and one open question, all from the lesson's Markdown: the kit's checks (whose
 * answers the lesson states), questions on its key concepts, and fill-in-the-blank from its sentences.
 */
export function offlineLessonQuiz(input: LessonQuizInput): GeneratedLessonQuiz {
  const domain = domainFor(input.goal);
  const rng = createRng('lesson-quiz', norm(input.goal), norm(input.lessonTitle));
  let content = input.content;
  if (keyConceptsOf(content).length < CHOICES && lessonSentences(content).length < CHOICES) {
    // nothing to ask from: the lesson as the offline generator writes it
    content = offlineLessonMarkdown({ ...input, sectionName: domain.label });
  }
  const concepts = keyConceptsOf(content);
  const checks = checksOf(domain, input.lessonTitle, concepts).map((c) =>
    choice(c.q, c.options[0], c.options.slice(1), rng),
  );
  const pool = [...checks, ...rng.shuffle(conceptQuestions(concepts, rng)), ...clozeQuestions(content, rng)];
  const questions = pool.slice(0, CHOICES);
  const covered =
    concepts.length > 0
      ? concepts.map((c) => `${c.term}: ${c.text}`).join(' ')
      : lessonSentences(content).slice(0, 4).join(' ');
  questions.push({
    question: `In your own words, explain ${lowerFirst(input.lessonTitle)}${concepts.length > 0 ? `, covering ${concepts.map((c) => lowerFirst(c.term)).join(', ')}` : ''}.`,
    options: [],
    correctAnswer: covered.slice(0, 1_200),
  });
  return { questions };
}
