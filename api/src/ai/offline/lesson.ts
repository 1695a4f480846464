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
import { offlineInstructionNote } from '@mindpath/contracts/lessons-versions-constants';
import { type KeyConcept, keyConceptsOf } from '../lesson-outline.ts';
import type { LessonContentInput, LessonQuizInput } from '../prompts/lesson.ts';
import type { Domain, KitCheck, LessonKit } from './content.ts';
import { domainFor, kitFor, kitsOf, lowerFirst, norm, PROJECT_PREFIX, REVIEW_PREFIX } from './domain-of.ts';
import { groundedLessonInstruction } from './grounded-lesson.ts';
import {
  type DirectiveKind,
  directiveLabel,
  type ParsedInstruction,
  parseLessonInstruction,
} from './instruction.ts';
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

/** A concept's sentence cut to its first clause (simpler), unless that would leave too little or split code. */
export function simpleSentence(text: string): string {
  const cut = text.search(/;\s|\s—\s|,\s(?:so|while|but|which|whereas|though|and\s+so)\s/);
  const head = text.slice(0, cut);
  if (cut < 25 || (head.match(/`/g) ?? []).length % 2 === 1) return text;
  return `${head.replace(/[,:;]\s*$/, '')}.`;
}

/** The concept a check is about: the one sharing the most words with its question and answer. */
function conceptOfCheck(check: KitCheck, concepts: readonly KeyConcept[]): KeyConcept | undefined {
  const own = new Set(keywords(`${check.q} ${check.options[0]}`));
  let best: KeyConcept | undefined;
  let score = 0;
  for (const c of concepts) {
    const n = keywords(`${c.term} ${c.text}`).filter((w) => own.has(w)).length;
    if (n > score) [best, score] = [c, n];
  }
  return best;
}

/**
 * More worked examples: the lesson's ideas applied one by one in a worked template. Not the kit's checks: the
 * lesson's quiz asks those, and a worked answer in the lesson would give it away.
 */
function moreExamples(concepts: readonly KeyConcept[], title: string): string[] {
  const worked = concepts
    .slice(0, 2)
    .map((c) => [
      `### Worked example: ${c.term}`,
      '',
      `${c.text} Here it is worked through for ${lowerFirst(title)}:`,
      '',
      '```text',
      `Idea:      ${c.term}`,
      `Case:      one real case of ${lowerFirst(title)} you have met`,
      'Applied:   what the idea says about that case, in one sentence',
      'Predicted: what should happen if you change one thing in it',
      'Checked:   what did happen, and why',
      '```',
    ]);
  return worked.flatMap((w) => [...w, '']);
}

/** More practice: exercises beyond the three every lesson has. */
function morePractice(m: LessonMaterial, concepts: readonly KeyConcept[], title: string, docs: string) {
  const [first, second] = concepts;
  return [
    `Without looking, write down the key concepts of ${lowerFirst(title)} with one sentence each, then compare them with the list above.`,
    ...(first
      ? [
          `Make up a small case where ${lowerFirst(first.term)} matters and predict what happens before you check it.`,
        ]
      : []),
    ...(second
      ? [
          `Explain to someone else how ${lowerFirst(second.term)} differs from ${lowerFirst(first!.term)}, with an example of each.`,
        ]
      : []),
    ...m.checks.map((c) => `Answer without looking back, then check your answer in the lesson: ${c.q}`),
    `Find one more exercise on ${lowerFirst(title)} in ${docs} and solve it.`,
  ];
}

/** A focus: the concept it names said again, and ways to work with it. */
function closerLook(concept: KeyConcept, m: LessonMaterial): string[] {
  const check = m.checks.find((c) => conceptOfCheck(c, m.concepts) === concept);
  const term = lowerFirst(concept.term);
  return [
    `### A closer look: ${concept.term}`,
    '',
    concept.text,
    '',
    `- Say it back: explain ${term} in one sentence of your own, then compare it with the line above.`,
    `- Spot it: find where ${term} shows in the example below, or write a two-line example of your own.`,
    ...(check ? [`- Check yourself: ${check.q}`] : []),
    '',
  ];
}

/** The lines at the top of a lesson written with an instruction: what it followed, and what it could not. */
export const FOLLOWED_PREFIX = 'Written as you asked: ';

function instructionNotes(read: ParsedInstruction | null): string[] {
  if (!read) return [];
  const lines = [
    ...(read.directives.length > 0
      ? [`> ${FOLLOWED_PREFIX}${read.directives.map(directiveLabel).join(', ')}.`]
      : []),
    ...(read.notFollowed.length > 0 ? [`> ${offlineInstructionNote(read.notFollowed)}`] : []),
  ];
  return lines.length > 0 ? [lines.join('\n>\n'), ''] : [];
}

/** What the offline generator follows of the lesson's instruction (null without one). */
export function offlineLessonInstruction(input: LessonContentInput): ParsedInstruction | null {
  const text = input.instruction?.trim();
  if (!text) return null;
  // a lesson written from the learner's material is read against its passages' concepts
  if ((input.passages?.length ?? 0) > 0) return groundedLessonInstruction(input);
  const domain = domainFor(input.goal);
  const m = materialFor(domain, input.lessonTitle, input.sectionName);
  return parseLessonInstruction(text, { title: input.lessonTitle, concepts: m.concepts });
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
  const read = offlineLessonInstruction(input);
  const wants = (kind: DirectiveKind) => read?.directives.some((d) => d.kind === kind) ?? false;
  const simpler = wants('simpler');
  const shorter = wants('shorter');
  const focus = read?.directives.find((d) => d.kind === 'focus');
  const focusConcept = focus?.kind === 'focus' ? focus.concept : null;
  // a focus leads; simpler keeps three ideas, each in its first clause
  let concepts = focusConcept
    ? [focusConcept, ...m.concepts.filter((c) => c !== focusConcept)]
    : [...m.concepts];
  if (simpler) concepts = concepts.slice(0, 3).map((c) => ({ term: c.term, text: simpleSentence(c.text) }));
  const formula = simpler ? undefined : m.formula;
  const opener = rng.pick([
    `This lesson is part of **${input.sectionName}** on your ${input.level.toLowerCase()} path in ${subject}.`,
    `You are in **${input.sectionName}**, one milestone of your ${input.level.toLowerCase()} roadmap for ${subject}.`,
  ]);
  const terms = concepts.map((c) => lowerFirst(c.term));
  const practice = [
    `Explain ${lowerFirst(t)} in three sentences without looking at your notes: ${terms.join(', ')}.`,
    'Redo the example, then change one thing in it and predict the result before you check it.',
    `Write down one question about ${lowerFirst(t)} you cannot answer yet, and find the answer in ${domain.docs.name}.`,
    ...(wants('more-practice') ? morePractice(m, concepts, t, domain.docs.name) : []),
  ];
  const practiceSection = !shorter || wants('more-practice');
  const about =
    input.lessonSummary ??
    `It covers ${lowerFirst(t)}: the idea${practiceSection ? ', an example and practice' : ' and an example'}.`;
  const overview = simpler
    ? `${opener} It explains ${lowerFirst(t)} in plain words: ${terms.length} ideas, one example${shorter ? '' : ' and a little practice'}.`
    : shorter
      ? `${opener} ${about}`
      : `${opener} ${about} By the end you will be able to explain ${lowerFirst(t)} and use it in a small exercise.`;
  const focusLine = focus?.kind === 'focus' ? [`This version puts **${focus.term}** first.`, ''] : [];
  return [
    `# ${t}`,
    '',
    ...instructionNotes(read),
    '## Overview',
    '',
    overview,
    '',
    ...focusLine,
    '## Key Concepts',
    '',
    ...concepts.map((c) => `- **${c.term}**: ${c.text}`),
    '',
    ...(focusConcept ? closerLook(focusConcept, m) : []),
    imagePlaceholder(`A labelled diagram of ${t}: ${terms.join(', ')}`),
    '',
    ...(formula ? [`$$${formula.tex}$$`, '', formula.caption, ''] : []),
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
    ...(wants('more-examples') ? moreExamples(concepts, t) : []),
    ...(practiceSection ? ['## Practice', '', ...practice.map((p, i) => `${i + 1}. ${p}`), ''] : []),
    '## Summary',
    '',
    shorter || simpler
      ? `${t} is one step of ${input.sectionName}: ${terms.join(', ')}.`
      : `${t} is one step of ${input.sectionName}: ${terms.join(', ')}. Practise with the exercises, and come back to the example${formula ? ' and the formula' : ''} when you meet ${lowerFirst(t)} again.`,
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
