// Scoring a knowledge assessment: in code, never by the model (DESIGN.md §5). Multiple-choice answers are
// right or wrong; open answers get a 0–100 grade (from the provider's grader, clamped); a topic's score is
// the mean of its questions; topics below RECOMMEND_BELOW_SCORE are recommended.
import {
  type AiSource,
  type AssessmentAnswers,
  type EvaluationResult,
  type GeneratedKnowledgeAssessment,
  RECOMMEND_BELOW_SCORE,
} from '@mindpath/contracts/ai';

const same = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether a multiple-choice answer is right: the option text, or its letter (A–F) or 1-based number. */
export function isCorrectChoice(answer: string, options: readonly string[], correct: string): boolean {
  const a = answer.trim();
  if (same(a, correct)) return true;
  const index = /^[A-Fa-f]$/.test(a)
    ? a.toUpperCase().charCodeAt(0) - 65
    : /^[1-6]$/.test(a)
      ? Number(a) - 1
      : -1;
  return index >= 0 && index < options.length && options[index] === correct;
}

export interface OpenAnswerRef {
  /** position in the flat list of open answers sent for grading */
  index: number;
  topicIndex: number;
  questionIndex: number;
}

/** The open-ended questions that were answered (non-blank), in order: what gets graded. */
export function openAnswersToGrade(assessment: GeneratedKnowledgeAssessment, answers: AssessmentAnswers) {
  const refs: (OpenAnswerRef & { topic: string; question: string; keyPoints: string; answer: string })[] = [];
  for (const a of answers) {
    const topic = assessment.topics[a.topicIndex];
    const q = topic?.questions[a.questionIndex];
    if (!topic || !q || q.type !== 'open-ended' || !a.answer.trim()) continue;
    refs.push({
      index: refs.length,
      topicIndex: a.topicIndex,
      questionIndex: a.questionIndex,
      topic: topic.title,
      question: q.question,
      keyPoints: q.correctAnswer,
      answer: a.answer,
    });
  }
  return refs;
}

/**
 * The evaluation. `openGrades` maps `${topicIndex}:${questionIndex}` to a 0–100 grade; unanswered questions
 * score 0. When no topic falls below the threshold, the weakest one (the later on a tie) is still
 * recommended, so the topic step always starts with one topic checked.
 */
export function scoreAssessment(
  assessment: GeneratedKnowledgeAssessment,
  answers: AssessmentAnswers,
  openGrades: ReadonlyMap<string, number>,
  source: AiSource,
): EvaluationResult {
  const given = new Map(answers.map((a) => [`${a.topicIndex}:${a.questionIndex}`, a.answer]));
  let total = 0;
  let count = 0;
  const topics = assessment.topics.map((topic, ti) => {
    const scores = topic.questions.map((q, qi) => {
      const answer = given.get(`${ti}:${qi}`) ?? '';
      if (!answer.trim()) return 0;
      if (q.type === 'multiple-choice') return isCorrectChoice(answer, q.options, q.correctAnswer) ? 100 : 0;
      const g = openGrades.get(`${ti}:${qi}`) ?? 0;
      return Math.max(0, Math.min(100, Math.round(g)));
    });
    total += scores.reduce((s, x) => s + x, 0);
    count += scores.length;
    const score = Math.round(scores.reduce((s, x) => s + x, 0) / Math.max(1, scores.length));
    return { title: topic.title, score, recommendToComplete: score < RECOMMEND_BELOW_SCORE };
  });
  if (topics.length > 0 && !topics.some((t) => t.recommendToComplete)) {
    let weakest = 0;
    topics.forEach((t, i) => {
      if (t.score <= (topics[weakest] as (typeof topics)[number]).score) weakest = i;
    });
    (topics[weakest] as (typeof topics)[number]).recommendToComplete = true;
  }
  return { topics, overallScore: Math.round(total / Math.max(1, count)), source };
}
