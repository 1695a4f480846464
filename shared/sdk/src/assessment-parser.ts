// The client side of the new-style knowledge assessment (spec 1 §3): `questions` arrive as JSON text or an
// object that parses to topics; anything else that still holds questions becomes one 'General Knowledge'
// topic, so a learner is never stuck on an answer the server shaped differently.
import type { AssessmentQuestion, AssessmentTopic } from '@mindpath/contracts/ai';

export const FALLBACK_TOPIC_TITLE = 'General Knowledge';

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** One question from whatever the server sent; null when it has no question text. */
export function parseQuestion(raw: unknown): AssessmentQuestion | null {
  if (typeof raw === 'string') {
    const question = raw.trim();
    return question
      ? { type: 'open-ended', question, options: [], correctAnswer: '', expectedLength: 'medium' }
      : null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const q = raw as Record<string, unknown>;
  const question = str(q.question ?? q.Question ?? q.text ?? q.Text);
  if (!question) return null;
  const options = (Array.isArray(q.options ?? q.Options) ? ((q.options ?? q.Options) as unknown[]) : [])
    .map(str)
    .filter(Boolean);
  const declared = str(q.type ?? q.Type);
  const type =
    declared === 'open-ended' || (declared !== 'multiple-choice' && options.length < 2)
      ? 'open-ended'
      : 'multiple-choice';
  const length = str(q.expectedLength ?? q.ExpectedLength);
  return {
    type,
    question,
    options: type === 'multiple-choice' ? options : [],
    correctAnswer: str(q.correctAnswer ?? q.CorrectAnswer),
    expectedLength:
      length === 'short' || length === 'long' ? length : type === 'open-ended' ? 'medium' : 'short',
  };
}

function parseTopic(raw: unknown): AssessmentTopic | null {
  if (!raw || typeof raw !== 'object') return null;
  const t = raw as Record<string, unknown>;
  const list = t.questions ?? t.Questions;
  const questions = (Array.isArray(list) ? list : []).map(parseQuestion).filter((q) => q !== null);
  if (questions.length === 0) return null;
  return { title: str(t.title ?? t.Title) || FALLBACK_TOPIC_TITLE, questions };
}

/** JSON text or an object → topics with questions; [] when nothing in it is a question. */
export function parseAssessmentTopics(raw: unknown): AssessmentTopic[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      // plain text: one question per non-empty line
      const questions = raw
        .split('\n')
        .map(parseQuestion)
        .filter((q) => q !== null);
      return questions.length ? [{ title: FALLBACK_TOPIC_TITLE, questions }] : [];
    }
  }
  const obj =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const topicsRaw = obj ? (obj.topics ?? obj.Topics) : undefined;
  if (Array.isArray(topicsRaw)) {
    const topics = topicsRaw.map(parseTopic).filter((t) => t !== null);
    if (topics.length > 0) return topics;
  }
  // no usable topics: whatever questions there are, under one fallback topic
  const flat = Array.isArray(value)
    ? value
    : Array.isArray(obj?.questions ?? obj?.Questions)
      ? ((obj?.questions ?? obj?.Questions) as unknown[])
      : Array.isArray(topicsRaw)
        ? topicsRaw.flatMap((t) =>
            t && typeof t === 'object' ? ((t as { questions?: unknown[] }).questions ?? []) : [],
          )
        : [];
  const questions = flat.map(parseQuestion).filter((q) => q !== null);
  return questions.length ? [{ title: FALLBACK_TOPIC_TITLE, questions }] : [];
}
