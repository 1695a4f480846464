// What a lesson's Markdown says it teaches: the bulleted key concepts under "## Key Concepts", each a bold
// term and its sentence. The offline quiz asks about them and the lesson's diagram labels them, so both come
// from the lesson as written (by the offline generator or a model), never from a list beside it.

export interface KeyConcept {
  term: string;
  text: string;
}

const SECTION_RE = /^##\s+Key Concepts\s*$/im;
// "- **Term**: text", "* **Term** — text", "- **Term:** text"
const BULLET_RE = /^\s*[-*+]\s+\*\*(.+?)\*\*\s*(?:[:\u2014\u2013-]\s*)?(.*)$/;
const MAX_TERM = 60;

/** Plain text of an inline Markdown fragment: no emphasis marks, links as their text. */
const plain = (s: string) =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();

/** The key concepts of a lesson, in order; empty when its Markdown has no such list. */
export function keyConceptsOf(markdown: string): KeyConcept[] {
  const start = SECTION_RE.exec(markdown);
  if (!start) return [];
  const rest = markdown.slice(start.index + start[0].length);
  const end = rest.search(/^#{1,2}\s/m);
  const out: KeyConcept[] = [];
  for (const line of (end === -1 ? rest : rest.slice(0, end)).split('\n')) {
    const m = BULLET_RE.exec(line);
    if (!m) continue;
    const term = plain(m[1] as string).replace(/[:.]$/, '');
    const text = (m[2] as string).trim();
    if (term && text && term.length <= MAX_TERM && !out.some((c) => c.term === term))
      out.push({ term, text });
  }
  return out;
}
