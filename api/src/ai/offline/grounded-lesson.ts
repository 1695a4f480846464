// A lesson written offline from the learner's own material: the numbered passages it is given, quoted as they
// are, each paragraph and list item ending with the [n] of the passage it quotes. Nothing is added that the
// passages do not say: the Overview quotes their opening sentences, the Key Concepts are their definitions
// ("X is …"), the Example is a passage's example or code, Practice asks about their key sentences and the
// Summary repeats them. Its quiz asks what the passages state: fill-in-the-blank from their definitions and
// key sentences, and one open question whose expected answer is a passage's sentence.
import {
  type GeneratedLessonContent,
  type GeneratedLessonQuiz,
  imagePlaceholder,
  LESSON_SECTIONS,
} from '@mindpath/contracts/ai';
import type { KeyConcept } from '../lesson-outline.ts';
import type { GroundingPassage, LessonContentInput, LessonQuizInput } from '../prompts/lesson.ts';
import { lowerFirst, norm } from './domain-of.ts';
import { type DirectiveKind, type ParsedInstruction, parseLessonInstruction } from './instruction.ts';
import { createRng, type Rng } from './rng.ts';
import { keywords } from './subject.ts';

const [OVERVIEW, KEY_CONCEPTS, EXAMPLE, PRACTICE, SUMMARY] = LESSON_SECTIONS;

/** A sentence of a passage, as the lesson quotes it. */
export interface PassageSentence {
  n: number;
  /** its place in the passage (0: the passage's first) */
  index: number;
  text: string;
  /** "X is …": the term it defines */
  term: string | null;
}

interface CodeBlock {
  n: number;
  lang: string;
  code: string;
}

const cite = (n: number) => `[${n}]`;

/**
 * A passage's text as a quote: on one line, without Markdown that would change the lesson's blocks (a
 * heading's or list's mark, an image placeholder's braces) or markers that read as citations ([2]).
 */
function quotable(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g, '($1)')
    .replace(/\*\*|__/g, '')
    .replace(/[{}]/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const FENCE_RE = /^(```|~~~)\s*([\w+#-]*)[^\n]*\n([\s\S]*?)\n\1\s*$/gm;

/** The fenced code blocks of a passage. */
function codeBlocks(p: GroundingPassage): CodeBlock[] {
  return [...p.text.matchAll(FENCE_RE)]
    .map((m) => ({ n: p.n, lang: m[2] || 'text', code: (m[3] ?? '').replace(/\s+$/, '') }))
    .filter((c) => c.code.trim().length > 0 && !c.code.includes('```'));
}

const PRONOUN =
  /^(?:it|this|that|these|those|there|they|he|she|we|you|i|here|which|what|who|when|where|how|why|each|all|some|one|both|such)$/i;
const DEFINITION_RE =
  /^(?:(?:an?|the)\s+)?(.{2,60}?)\s+(?:is|are|means|refers to|stands for|is called|describes)\s+\S/i;

/** The term a sentence defines ("An index is a …": "Index"), or null. */
export function definedTerm(sentence: string): string | null {
  const m = DEFINITION_RE.exec(sentence);
  if (!m) return null;
  const term = (m[1] ?? '')
    .replace(/`/g, '')
    .replace(/[,:;]$/, '')
    .trim();
  const words = term.split(/\s+/);
  if (words.length > 5 || PRONOUN.test(words[0] ?? '') || /[,;:()"“”.]/.test(term)) return null;
  if (!/^[\p{L}\p{N}]/u.test(term)) return null;
  return term.charAt(0).toUpperCase() + term.slice(1);
}

/** The sentences of a passage's prose, in order: its code, headings, tables and rules left out. */
export function passageSentences(p: GroundingPassage): PassageSentence[] {
  const prose = p.text
    .replace(FENCE_RE, '\n\n')
    .replace(/^\s*#{1,6}\s.*$/gm, '\n\n')
    .replace(/^\s*(?:[=-]{3,}|\*{3,}|_{3,})\s*$/gm, '\n\n')
    .replace(/^\s*\|.*$/gm, '\n\n')
    .replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s?)/gm, '\n\n');
  const pieces = prose
    .split(/\n\s*\n/)
    .flatMap((para) => quotable(para).split(/(?<=[.!?]["')”’]?)\s+(?=["'“‘(`]?[\p{Lu}\p{N}])/u))
    .map((s) => s.trim())
    .filter((s) => s.length >= 20 && s.length <= 320 && /\p{L}{3}/u.test(s));
  const ended = pieces.filter((s) => /[.!?]["')”’]?$/.test(s));
  return (ended.length > 0 ? ended : pieces).map((text, index) => ({
    n: p.n,
    index,
    text,
    term: definedTerm(text),
  }));
}

const EXAMPLE_RE = /\b(?:for example|for instance|such as|e\.g\.)/i;

/** How much a sentence says about the lesson: its words shared with the title and summary, a definition, a lead. */
function scoreOf(s: PassageSentence, topic: ReadonlySet<string>): number {
  const shared = keywords(s.text).filter((w) => topic.has(w)).length;
  return shared * 2 + (s.term ? 2 : 0) + (s.index === 0 ? 1 : 0) - (s.text.length > 220 ? 1 : 0);
}

/** The passages' sentences, best first (ties in the passages' order). */
function keySentences(sentences: readonly PassageSentence[], topicText: string): PassageSentence[] {
  const topic = new Set(keywords(topicText));
  return sentences
    .map((s, i) => ({ s, i, score: scoreOf(s, topic) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.s);
}

const inOrder = (list: readonly PassageSentence[]) =>
  [...list].sort((a, b) => a.n - b.n || a.index - b.index);

/** What the lesson is built from: the passages' sentences, definitions, examples and code. */
interface Material {
  sentences: PassageSentence[];
  key: PassageSentence[];
  concepts: Array<KeyConcept & { n: number; sentence: PassageSentence }>;
  examples: PassageSentence[];
  code: CodeBlock[];
}

function materialOf(passages: readonly GroundingPassage[], title: string, summary = ''): Material {
  const sentences = passages.flatMap(passageSentences);
  const key = keySentences(sentences, `${title} ${summary}`);
  const concepts: Material['concepts'] = [];
  for (const s of sentences) {
    if (!s.term || concepts.some((c) => norm(c.term) === norm(s.term!))) continue;
    concepts.push({ term: s.term, text: s.text, n: s.n, sentence: s });
  }
  return {
    sentences,
    key,
    concepts,
    examples: sentences.filter((s) => EXAMPLE_RE.test(s.text)),
    code: passages.flatMap(codeBlocks),
  };
}

/** A word of the sentence to blank out: the term it defines, else its longest key word found once in it. */
function blankOf(s: PassageSentence): { answer: string; blanked: string } | null {
  const candidates = s.term
    ? [s.term, ...keywords(s.text)]
    : [...keywords(s.text)].sort((a, b) => b.length - a.length);
  for (const word of candidates) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRe(word)}(?![\\p{L}\\p{N}_])`, 'giu');
    const found = [...s.text.matchAll(re)];
    if (found.length !== 1) continue;
    const at = found[0]!.index;
    const answer = s.text.slice(at, at + word.length);
    return { answer, blanked: `${s.text.slice(0, at)}_____${s.text.slice(at + word.length)}` };
  }
  return null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the grounded lesson follows of an instruction, its concepts being the passages' definitions. */
export function groundedLessonInstruction(input: LessonContentInput): ParsedInstruction | null {
  const text = input.instruction?.trim();
  if (!text) return null;
  const m = materialOf(input.passages ?? [], input.lessonTitle, input.lessonSummary);
  return parseLessonInstruction(text, { title: input.lessonTitle, concepts: m.concepts });
}

/** A focus's closer look: the sentences of its passage that name it, quoted. */
function closerLook(concept: Material['concepts'][number], m: Material): string[] {
  const words = keywords(concept.term);
  const names = words.length > 0 ? words : [concept.term.toLowerCase()];
  const about = m.sentences.filter(
    (s) => s !== concept.sentence && names.some((w) => s.text.toLowerCase().includes(w)),
  );
  if (about.length === 0) return [];
  return [
    `### A closer look: ${concept.term}`,
    '',
    ...about.slice(0, 4).map((s) => `- ${s.text} ${cite(s.n)}`),
    '',
  ];
}

/**
 * A term as a sentence's middle writes it: a name the passages capitalise mid-sentence ("Python") keeps its
 * capital; a term capitalised only because it opened its sentence does not.
 */
function termInText(term: string, sentences: readonly PassageSentence[]): string {
  const named = sentences.some((s) => s.text.slice(1).includes(` ${term}`));
  return named ? term : lowerFirst(term);
}

/** A practice item on a sentence: explain a definition, or fill the gap of a key sentence. */
function practiceItem(s: PassageSentence, simpler: boolean, m: Material): string | null {
  if (s.term) {
    const term = termInText(s.term, m.sentences);
    return simpler
      ? `Explain ${term} in your own words, then check it against your material ${cite(s.n)}.`
      : `Without looking, say what ${term} means and give a case of it, then check it against your material ${cite(s.n)}.`;
  }
  const gap = blankOf(s);
  return gap ? `Fill in the gap, then check it in your material: “${gap.blanked}” ${cite(s.n)}` : null;
}

/** The lesson's Markdown, written only from its passages. */
export function groundedLessonMarkdown(input: LessonContentInput): string {
  const passages = input.passages ?? [];
  const t = input.lessonTitle;
  const m = materialOf(passages, t, input.lessonSummary);
  const read = groundedLessonInstruction(input);
  const wants = (kind: DirectiveKind) => read?.directives.some((d) => d.kind === kind) ?? false;
  const simpler = wants('simpler');
  const shorter = wants('shorter');
  const focus = read?.directives.find((d) => d.kind === 'focus');
  const focusConcept =
    focus?.kind === 'focus' && focus.concept
      ? m.concepts.find((c) => c.term === focus.concept?.term)
      : undefined;

  // Overview: the passages' opening sentences
  const openings = passages
    .map((p) => m.sentences.find((s) => s.n === p.n))
    .filter((s): s is PassageSentence => s !== undefined);
  const overview = openings.slice(0, simpler || shorter ? 2 : 3);
  const used = new Set<PassageSentence>(overview);

  // Key Concepts: the definitions, a focus first; topped up with key sentences when there are few
  let concepts = focusConcept
    ? [focusConcept, ...m.concepts.filter((c) => c !== focusConcept)]
    : [...m.concepts];
  if (simpler) concepts = [...concepts].sort((a, b) => a.text.length - b.text.length);
  concepts = concepts.slice(0, simpler ? 3 : 5);
  if (focusConcept && !concepts.includes(focusConcept)) concepts.unshift(focusConcept);
  const conceptLines = concepts.map((c) => `- **${c.term}**: ${c.text} ${cite(c.n)}`);
  for (const c of concepts) used.add(c.sentence);
  const topUp = m.key.filter((s) => !used.has(s)).slice(0, Math.max(0, 3 - conceptLines.length));
  for (const s of topUp) {
    const p = passages.find((x) => x.n === s.n);
    const term = p?.headingPath.at(-1) ?? keywords(s.text)[0] ?? p?.sourceTitle ?? t;
    if (conceptLines.some((l) => l.startsWith(`- **${term}**`)))
      conceptLines.push(`- ${s.text} ${cite(s.n)}`);
    else conceptLines.push(`- **${term.slice(0, 60)}**: ${s.text} ${cite(s.n)}`);
    used.add(s);
  }
  const terms = concepts.map((c) => termInText(c.term, m.sentences));

  // Example: a passage's code and its example sentences; else a key sentence not quoted yet
  const exampleCount = wants('more-examples') ? 3 : 1;
  const code = m.code.slice(0, exampleCount);
  const sentencesAsExamples = m.examples.filter((s) => !used.has(s)).slice(0, exampleCount);
  const example: string[] = [];
  for (const c of code) {
    example.push(
      `Your material shows it in this code ${cite(c.n)}.`,
      '',
      `\`\`\`${c.lang}`,
      c.code,
      '```',
      '',
    );
  }
  for (const s of sentencesAsExamples) {
    example.push(`> ${s.text} ${cite(s.n)}`, '');
    used.add(s);
  }
  if (example.length === 0) {
    const s = m.key.find((x) => !used.has(x)) ?? m.key[0];
    if (s) {
      example.push(`> ${s.text} ${cite(s.n)}`, '');
      used.add(s);
    }
  }

  // Practice: questions on the key sentences
  const practiceCount = wants('more-practice') ? 6 : 3;
  const practice = m.key
    .map((s) => practiceItem(s, simpler, m))
    .filter((p): p is string => p !== null)
    .filter((p, i, all) => all.indexOf(p) === i)
    .slice(0, practiceCount);
  const practiceSection = (!shorter || wants('more-practice')) && practice.length > 0;

  // Summary: the key sentences, in the passages' order (those the Overview did not quote first)
  const summaryCount = shorter || simpler ? 2 : 3;
  const unquoted = m.key.filter((s) => !overview.includes(s));
  const summary = inOrder(
    unquoted.length >= summaryCount ? unquoted.slice(0, summaryCount) : m.key.slice(0, summaryCount),
  );

  return [
    `# ${t}`,
    '',
    `## ${OVERVIEW}`,
    '',
    ...overview.flatMap((s) => [`> ${s.text} ${cite(s.n)}`, '']),
    // passages too short for a sentence of their own are quoted whole
    ...(overview.length === 0
      ? passages.slice(0, 3).flatMap((p) => {
          const text = quotable(p.text).slice(0, 600);
          return text ? [`> ${text} ${cite(p.n)}`, ''] : [];
        })
      : []),
    ...(focus?.kind === 'focus'
      ? [
          `This version puts **${focus.term}** first, as your material says it ${cite(focusConcept?.n ?? overview[0]?.n ?? 1)}.`,
          '',
        ]
      : []),
    `## ${KEY_CONCEPTS}`,
    '',
    ...conceptLines,
    '',
    ...(focusConcept ? closerLook(focusConcept, m) : []),
    imagePlaceholder(`A labelled diagram of ${t}${terms.length > 0 ? `: ${terms.join(', ')}` : ''}`),
    '',
    `## ${EXAMPLE}`,
    '',
    ...example,
    ...(practiceSection ? [`## ${PRACTICE}`, '', ...practice.map((p, i) => `${i + 1}. ${p}`), ''] : []),
    `## ${SUMMARY}`,
    '',
    ...summary.map((s) => `- ${s.text} ${cite(s.n)}`),
    '',
  ].join('\n');
}

/**
 * The whole lesson as the lesson-content prompt answers: its text from the passages. There are no links to
 * give from the material; the lesson's links are asked for beside it (lesson-resources).
 */
export function groundedLessonContent(input: LessonContentInput): GeneratedLessonContent {
  return {
    title: input.lessonTitle,
    content: groundedLessonMarkdown(input),
    videos: [],
    articles: [],
    books: [],
  };
}

// ---------------------------------------------------------------------------------------------------
// The quiz: what the cited passages state.

type QuizQuestion = GeneratedLessonQuiz['questions'][number];
const CHOICES = 4;

/** Three wrong answers: other passages' terms first, then their key words, none found in the sentence. */
function distractors(s: PassageSentence, answer: string, m: Material, rng: Rng): string[] {
  const lower = s.text.toLowerCase();
  const fits = (w: string) => norm(w) !== norm(answer) && !lower.includes(w.toLowerCase());
  const others = m.sentences.filter((o) => o.n !== s.n);
  const tiers = [
    m.concepts.filter((c) => c.n !== s.n).map((c) => c.term),
    keywords(others.map((o) => o.text).join(' ')),
    keywords(
      m.sentences
        .filter((o) => o !== s)
        .map((o) => o.text)
        .join(' '),
    ),
  ];
  const out: string[] = [];
  for (const tier of tiers) {
    for (const w of rng.shuffle(tier)) {
      if (out.length >= CHOICES - 1) return out;
      if (fits(w) && !out.some((o) => norm(o) === norm(w))) out.push(sameCase(w, answer));
    }
  }
  return out;
}

/** A wrong answer written as the right one is (capital or not), so its case gives nothing away. */
const sameCase = (w: string, answer: string) =>
  /^\p{Lu}/u.test(answer) ? w.charAt(0).toUpperCase() + w.slice(1) : lowerFirst(w);

/**
 * Four fill-in-the-blank questions from the passages' definitions and key sentences, then one open question
 * whose expected answer is a key sentence; null when the passages give too little to ask (the caller then asks
 * about the lesson's text).
 */
export function groundedLessonQuiz(input: LessonQuizInput): GeneratedLessonQuiz | null {
  const passages = input.passages ?? [];
  if (passages.length === 0) return null;
  const m = materialOf(passages, input.lessonTitle);
  const rng = createRng('grounded-quiz', norm(input.lessonTitle), ...passages.map((p) => p.n));
  const candidates = [...inOrder(m.sentences.filter((s) => s.term)), ...m.key.filter((s) => !s.term)];
  const questions: QuizQuestion[] = [];
  const asked = new Set<PassageSentence>();
  const answers = new Set<string>();
  for (const s of candidates) {
    if (questions.length >= CHOICES) break;
    const gap = blankOf(s);
    if (!gap || answers.has(norm(gap.answer))) continue;
    const wrong = distractors(s, gap.answer, m, rng);
    if (wrong.length < CHOICES - 1) continue;
    questions.push({
      question: `According to your material ${cite(s.n)}, which completes: “${gap.blanked}”?`.slice(0, 600),
      options: rng.shuffle([gap.answer, ...wrong]),
      correctAnswer: gap.answer,
    });
    asked.add(s);
    answers.add(norm(gap.answer));
  }
  if (questions.length < 2) return null;
  const open = m.key.find((s) => !asked.has(s)) ?? m.key[0]!;
  const p = passages.find((x) => x.n === open.n);
  const about = p?.headingPath.at(-1) ?? input.lessonTitle;
  questions.push({
    question: open.term
      ? `According to your material ${cite(open.n)}, what does “${termInText(open.term, m.sentences)}” mean? Answer in your own words.`
      : `According to your material ${cite(open.n)}, what does it say about ${termInText(about, m.sentences)}? Answer in your own words.`,
    options: [],
    correctAnswer: open.text.slice(0, 800),
  });
  return { questions };
}
