// The questions of a lesson assessment read leniently (spec 2 §3): JSON text or an object, either
// {questions:[...]} or a bare array; each question has question and options (no options: a free-text answer).

export interface LessonQuestion {
  question: string;
  /** empty: answered in free text */
  options: string[];
}

/** Why no questions could be read: the text is not JSON, or nothing in it is a question. */
export type QuestionsProblem = 'unparseable' | 'empty';
export type ParsedQuestions = { questions: LessonQuestion[] } | { problem: QuestionsProblem };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function parseOne(raw: unknown): LessonQuestion | null {
  if (typeof raw === 'string') return raw.trim() ? { question: raw.trim(), options: [] } : null;
  if (!raw || typeof raw !== 'object') return null;
  const q = raw as Record<string, unknown>;
  const question = text(q.question ?? q.Question);
  if (!question) return null;
  const options = q.options ?? q.Options;
  return { question, options: Array.isArray(options) ? options.map(text).filter(Boolean) : [] };
}

export function parseLessonQuestions(raw: unknown): ParsedQuestions {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { problem: 'unparseable' };
    }
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? ((value as Record<string, unknown>).questions ?? (value as Record<string, unknown>).Questions)
      : undefined;
  if (list === undefined && typeof value !== 'object') return { problem: 'unparseable' };
  const questions = (Array.isArray(list) ? list : []).map(parseOne).filter((q) => q !== null);
  return questions.length ? { questions } : { problem: 'empty' };
}
