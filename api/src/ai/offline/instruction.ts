// What the offline generator makes of a learner's instruction for a new version of a lesson ("simpler",
// "more examples and more practice", "focus on window functions"): the few things it can do, found by their
// usual phrasings anywhere in the text, and what is left over, which it says plainly it could not follow. A
// focus is followed only when its words name a key concept of the lesson (its term, else its sentence) or the
// lesson's title: the generator can put first only what the lesson teaches.
import type { KeyConcept } from '../lesson-outline.ts';

export type LessonDirective =
  | { kind: 'simpler' }
  | { kind: 'more-examples' }
  | { kind: 'more-practice' }
  | { kind: 'shorter' }
  /** `concept`: the key concept to lead with; null when the focus is the lesson's title itself */
  | { kind: 'focus'; term: string; concept: KeyConcept | null };

export type DirectiveKind = LessonDirective['kind'];

export interface ParsedInstruction {
  /** what the generator follows, once each, in the order the instruction names them */
  directives: LessonDirective[];
  /** the parts it cannot follow, as the learner wrote them */
  notFollowed: string[];
}

/** What the lesson's own words are, for a focus to name. */
export interface InstructionLesson {
  title: string;
  concepts: readonly KeyConcept[];
}

const QUANTITY =
  '(?:more|extra|additional|another|other|several|a\\s+few(?:\\s+more)?|a\\s+couple(?:\\s+of)?|some|two|three|[23]|lots\\s+of|plenty\\s+of|many|add(?:ing)?|with|plus|show(?:\\s+me)?|give(?:\\s+me)?|include)';
const ARTICLE = '(?:(?:an?|more|some|me)\\s+)?';
const ADJECTIVE = '(?:[\\w-]+\\s+)?';

/** Each thing the generator can do, by the phrasings that ask for it (matched case-insensitively). */
const PATTERNS: { kind: Exclude<DirectiveKind, 'focus'>; re: RegExp }[] = [
  {
    kind: 'more-examples',
    re: new RegExp(`\\b${QUANTITY}\\s+${ARTICLE}${ADJECTIVE}examples?\\b|\\bexample[- ]heavy\\b`, 'gi'),
  },
  {
    kind: 'more-practice',
    re: new RegExp(
      `\\b${QUANTITY}\\s+${ARTICLE}${ADJECTIVE}(?:practi[cs]e|exercises?|drills?|problems|tasks|quizz?es)\\b|\\bpractice\\s+more\\b|\\bmore\\s+hands[- ]on\\b`,
      'gi',
    ),
  },
  {
    kind: 'simpler',
    re: /\b(?:simpl(?:er|ify|ified|e)|easier|easy|plainer|plain\s+(?:english|language|words)|less\s+(?:technical|jargon|complicated|complex|advanced|difficult)|(?:more\s+)?basic|for\s+(?:an?\s+)?(?:beginners?|novices?|newcomers?|kids?|children)|beginner[- ]friendly|eli5|like\s+i(?:['’]|\s+a)?m\s+(?:five|5)|dumb(?:ed)?\s+(?:it\s+)?down)\b/gi,
  },
  {
    kind: 'shorter',
    re: /\b(?:short(?:er)?|shorten(?:ed)?|brief(?:er)?|concise|condensed?|compact|succinct|tl;?dr|less\s+(?:text|long|wordy|verbose)|fewer\s+(?:sections|words)|not\s+(?:so|too)\s+long|too\s+long|quick(?:er)?(?:\s+read)?|to\s+the\s+point|in\s+a\s+nutshell)\b/gi,
  },
];

const FOCUS =
  /\b(?:focus(?:ed|ing)?(?:\s+(?:more|mainly|mostly|only|just))?\s+(?:on|upon)|concentrate\s+(?:more\s+)?on|emphasi[sz]e|more\s+(?:about|on)|go\s+deeper\s+(?:into|on)|dig\s+(?:deeper\s+)?into|deep(?:er)?[- ]dive\s+(?:into|on)|explain\s+more\s+about|cent(?:er|re)\s+on|zoom\s+in\s+on)\s+/gi;

/** Words that carry no instruction of their own ("please make it …", "and also"). */
const FILLER = new Set(
  (
    'please pls thanks thank you make it its this that the lesson version text content a an bit little lot much ' +
    "way really very just so too and also plus then but or with can could would you i id i’d i'd want like " +
    'need me us use give add include write rewrite redo be is are should in of to for on terms words language ' +
    'overall again instead one keep explain tell show say do get have now time understand follow read grasp'
  ).split(/\s+/),
);

/** Connectors trimmed from the ends of a part reported as not followed. */
const EDGE =
  /^(?:\s*\b(?:and|also|plus|then|but|with|please|or)\b\s*)+|(?:\s*\b(?:and|also|plus|then|but|with|please|or)\b\s*)+$/gi;

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_+#]+(?:['’][\p{L}]+)?/gu) ?? [];

/** Parts of the instruction: sentences and list items; "and" stays inside (it may join a focus's words). */
function partsOf(text: string): string[] {
  return text
    .replace(/\btl;dr\b/gi, 'tldr')
    .split(/[,;\n]+|[.!?](?:\s+|$)/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** What is left of `part` once the spans were taken out: nothing, when only filler words remain. */
function leftover(part: string, spans: [number, number][]): string | null {
  let rest = '';
  let at = 0;
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    rest += `${part.slice(at, from)} `;
    at = Math.max(at, to);
  }
  rest += part.slice(at);
  if (words(rest).every((w) => FILLER.has(w))) return null;
  const trimmed = rest.replace(/\s+/g, ' ').replace(EDGE, '').trim();
  return spans.length === 0 ? part.replace(/\s+/g, ' ').trim() : trimmed;
}

// ---------------------------------------------------------------------------------------------------
// A focus's words against the lesson's

const FOCUS_STOP = new Set(
  'the a an of to in on and or with how what using use please more about part bit concept idea topic section lesson its it this that'.split(
    ' ',
  ),
);

/** A word as compared: lower case, without a plural's s (both sides alike). */
const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
const keyWords = (s: string) => words(s.replace(/`/g, '')).map(stem);
const contentWords = (s: string) => keyWords(s).filter((w) => !FOCUS_STOP.has(w));

const within = (needle: string[], hay: string[]) => needle.length > 0 && needle.every((w) => hay.includes(w));

/**
 * The lesson's words a focus names: a key concept whose term holds all the focus's words (or whose words
 * the focus holds), else the title (the whole lesson is about it), else a concept whose sentence holds them;
 * null when it names none of them.
 */
export function matchFocus(
  phrase: string,
  lesson: InstructionLesson,
): { term: string; concept: KeyConcept | null } | null {
  const want = contentWords(phrase);
  if (want.length === 0) return null;
  const byTerm = lesson.concepts.find((c) => {
    const term = contentWords(c.term);
    return within(want, term) || within(term, want);
  });
  if (byTerm) return { term: byTerm.term, concept: byTerm };
  const title = contentWords(lesson.title);
  if (within(want, title) || within(title, want)) return { term: lesson.title, concept: null };
  const byText = lesson.concepts.find((c) => within(want, keyWords(c.text)));
  if (byText) return { term: byText.term, concept: byText };
  return null;
}

// ---------------------------------------------------------------------------------------------------

/** A match after a focus's words that ends them: joined to them ("… and shorter"), or asking on its own ("with …"). */
const endsFocus = (between: string, match: string) =>
  /\b(?:and|also|plus|then|but|with|while)\s*$/i.test(between) || /^(?:with|plus|add)\b/i.test(match);

/** Reads an instruction: what the offline generator follows of it and the parts it cannot. */
export function parseLessonInstruction(text: string, lesson: InstructionLesson): ParsedInstruction {
  const directives: LessonDirective[] = [];
  const notFollowed: string[] = [];
  for (const part of partsOf(text)) {
    const found: { at: number; end: number; text: string; kind: Exclude<DirectiveKind, 'focus'> }[] = [];
    for (const { kind, re } of PATTERNS) {
      for (const m of part.matchAll(re))
        found.push({ at: m.index, end: m.index + m[0].length, text: m[0], kind });
    }
    // of overlapping matches the earlier, longer one counts ("more basic examples": more examples)
    found.sort((a, b) => a.at - b.at || b.end - a.end);
    let matches = found.filter((f, i) => !found.slice(0, i).some((g) => f.at < g.end));
    const named: { at: number; directive: LessonDirective | null; asWritten: string }[] = [];
    const spans: [number, number][] = [];
    const focus = [...part.matchAll(FOCUS)][0];
    if (focus) {
      const from = focus.index + focus[0].length;
      // what a focus names is its own ("focus on short-circuit evaluation" asks for no shorter lesson)
      const next = matches.find((m) => m.at > from && endsFocus(part.slice(from, m.at), m.text));
      const end = next?.at ?? part.length;
      matches = matches.filter((m) => m.at < focus.index || m.at >= end);
      const asWritten = part.slice(focus.index, end).replace(EDGE, '').trim();
      const match = matchFocus(part.slice(from, end).replace(EDGE, ''), lesson);
      named.push({ at: focus.index, directive: match ? { kind: 'focus', ...match } : null, asWritten });
      spans.push([focus.index, end]);
    }
    for (const m of matches) {
      named.push({ at: m.at, directive: { kind: m.kind } as LessonDirective, asWritten: m.text });
      spans.push([m.at, m.end]);
    }
    for (const { directive, asWritten } of named.sort((a, b) => a.at - b.at)) {
      if (!directive) notFollowed.push(asWritten);
      else if (!directives.some((d) => d.kind === directive.kind)) directives.push(directive);
    }
    const rest = leftover(part, spans);
    if (rest) notFollowed.push(rest);
  }
  return { directives, notFollowed: [...new Set(notFollowed)] };
}

/** A directive as the lesson's note and the API say it. */
export function directiveLabel(d: LessonDirective): string {
  switch (d.kind) {
    case 'simpler':
      return 'simpler';
    case 'more-examples':
      return 'more examples';
    case 'more-practice':
      return 'more practice';
    case 'shorter':
      return 'shorter';
    case 'focus':
      return `focus on ${d.term}`;
  }
}
