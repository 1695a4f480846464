// The offline tutor: answers from the text of the lesson the learner is reading (the sentences that share the
// question's terms), says plainly when the lesson does not cover the question, and with no lesson open speaks
// of the goal and its roadmap. It never writes the question's words back as if they were an answer. On a
// goal with sources it answers from the excerpts of the learner's material instead (./tutor-material.ts).
import type { ChatMessage } from '@mindpath/contracts/ai';
import type { ChatInput } from '../prompts/chat.ts';
import { subjectOf } from './subject.ts';
import { materialReply, parseExcerpts } from './tutor-material.ts';
import { questionTerms, stem, wordsOf } from './tutor-terms.ts';

export { questionTerms, stem } from './tutor-terms.ts';

const FOOTER =
  "_This reply comes from the offline tutor, which answers from the lesson's text, not from an AI model._";

/** How many lesson sentences an answer quotes at most. */
const MAX_QUOTED = 3;

/** The lesson's prose as sentences: no code, formulas, images or their {{image: …}} placeholders, headings or Markdown marks. */
export function lessonSentences(markdown: string): string[] {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6} .*$/gm, '\n')
    // the offline generator's notes on an instruction (./lesson.ts) are about the version, not the subject
    .replace(/^> (?:Written as you asked: |The offline generator could not follow ).*$/gm, '\n')
    .replace(/^\s*(?:[-*+] |\d+\. |> )/gm, '')
    .replace(/[*_`|]/g, '');
  return prose
    .split(/\n{2,}|(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 25 && s.length <= 400 && /[a-z]/i.test(s));
}

/** The lesson's section names (its ## headings). */
function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^##\s+(.+)$/gm)].map((m) => m[1]!.replace(/[*_`]/g, '').trim());
}

/**
 * Up to `max` sentences that answer the question, in the lesson's order. A sentence answers when it shares
 * two of the question's terms (its only one, for a one-term question): one common word such as "rows" is not
 * an answer. Only the best matches are kept, so a passing mention does not ride along.
 */
export function matchingSentences(sentences: string[], terms: string[], max = MAX_QUOTED): string[] {
  const needed = Math.min(2, terms.length);
  const scored = sentences
    .map((text, index) => {
      const stems = new Set(wordsOf(text).map(stem));
      return { text, index, score: terms.filter((t) => stems.has(t)).length };
    })
    .filter((s) => needed > 0 && s.score >= needed);
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score >= best - 1)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text);
}

const quoted = (sentences: string[]) => sentences.map((s) => `> ${s}`).join('\n>\n');

/** The context a chat prompt writes into its system messages (see prompts/chat.ts). */
function fromMessages(messages: ChatMessage[]): ChatInput {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const context = system.find((c) => c.startsWith('Context:')) ?? '';
  const lessonTitle = /the lesson "([^"]+)"/.exec(context)?.[1];
  const goal = /for the goal "([^"]+)"/.exec(context)?.[1];
  const lessonContent = system
    .map((c) => /^The lesson the learner is reading[^\n]*\n"""\n([\s\S]*)\n"""$/.exec(c)?.[1])
    .find((c) => c !== undefined);
  const excerpts = parseExcerpts(system);
  return {
    messages,
    ...(lessonTitle ? { lessonTitle } : {}),
    ...(goal ? { goal } : {}),
    ...(lessonContent ? { lessonContent } : {}),
    ...(excerpts ? { excerpts } : {}),
  };
}

function lessonReply(question: string, title: string, content: string | undefined): string {
  if (!content) {
    return `Once “${title}” is written, I can answer from its text: open the lesson from your roadmap first.`;
  }
  const sentences = lessonSentences(content);
  const terms = questionTerms(question);
  if (terms.length === 0) {
    const overview = sentences.slice(0, 2);
    return overview.length > 0
      ? `Here is what “${title}” covers:\n\n${quoted(overview)}`
      : `Ask me about a part of “${title}”.`;
  }
  const found = matchingSentences(sentences, terms);
  if (found.length > 0) {
    return `From the lesson “${title}”:\n\n${quoted(found)}\n\nRead that part of the lesson again, then try its example with one thing changed.`;
  }
  const sections = headingsOf(content).slice(0, 3);
  const suggestion =
    sections.length > 0
      ? ` Ask me about what it does cover, such as ${sections.map((s) => `“${s}”`).join(', ')}.`
      : '';
  return `The lesson “${title}” does not cover that, and I can only answer from the lesson's text.${suggestion}`;
}

function goalReply(goal: string | undefined): string {
  if (!goal) return 'Open a lesson and ask me there: I answer from the lesson you are reading.';
  return `You are working towards “${subjectOf(goal)}”. Your roadmap breaks it into milestones and lessons: open the next lesson and ask me there, and I will answer from its text.`;
}

/** The offline tutor's reply to the last learner message, from a chat prompt's messages or its input. */
export function offlineChatReply(input: ChatInput | ChatMessage[]): string {
  const { messages, lessonTitle, goal, lessonContent, excerpts } = Array.isArray(input)
    ? fromMessages(input)
    : input;
  const question =
    [...messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const about = lessonTitle
    ? `“${lessonTitle}”: a term to look up in it, or a part to go over again`
    : goal
      ? `your goal, “${subjectOf(goal)}”, or open a lesson and ask me about what you are reading`
      : 'the lesson you are reading';
  if (!question) return `Ask me about ${about}.`;
  if (/^(hi|hello|hey|thanks|thank you)\b/i.test(question)) return `Hello! Ask me about ${about}.`;
  // a goal with sources: the answer is the learner's material or NOT_IN_MATERIAL (a question without a
  // subject, "explain it again", is answered as before)
  if (excerpts && questionTerms(question).length > 0) return materialReply(question, excerpts);
  const body = lessonTitle ? lessonReply(question, lessonTitle, lessonContent) : goalReply(goal);
  return `${body}\n\n${FOOTER}`;
}
