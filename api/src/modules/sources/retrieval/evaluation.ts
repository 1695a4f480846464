// Measuring retrieval: a document, questions about it, and for each the passage that answers it (its heading
// and a phrase it contains). Recall@k is the share of questions whose answer is among the first k hits. The
// test holds it above a floor and the bench reports it, over the same set and the same computation.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const RetrievalQuestionSchema = z.object({
  question: z.string().min(1),
  /** the innermost heading above the answering passage */
  heading: z.string().min(1),
  /** words the answering passage contains, as written in the document */
  phrase: z.string().min(1),
});
export type RetrievalQuestion = z.infer<typeof RetrievalQuestionSchema>;

const RetrievalSetFileSchema = z.object({
  /** the document's file name, next to the questions' file */
  document: z.string().min(1),
  title: z.string().min(1),
  questions: z.array(RetrievalQuestionSchema).min(1),
});

export interface RetrievalSet {
  title: string;
  /** the document's text (Markdown) */
  text: string;
  questions: RetrievalQuestion[];
}

/** Reads a questions file and the document it names; every phrase must be in the document once at least. */
export function readRetrievalSet(questionsFile: string): RetrievalSet {
  const file = RetrievalSetFileSchema.parse(JSON.parse(readFileSync(questionsFile, 'utf8')));
  const text = readFileSync(join(dirname(questionsFile), file.document), 'utf8');
  const flat = squash(text);
  const missing = file.questions.filter((q) => !flat.includes(squash(q.phrase)));
  if (missing.length > 0) {
    throw new Error(
      `phrases not in ${file.document}: ${missing.map((q) => JSON.stringify(q.phrase)).join(', ')}`,
    );
  }
  return { title: file.title, text, questions: file.questions };
}

/** What a hit needs for the check: its heading path and its text. */
export interface RetrievedPassage {
  headingPath: readonly string[];
  text: string;
}

/** Runs of whitespace as one space: a phrase may wrap differently in the passage than in the questions file. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The passage answers the question: it sits under the heading and contains the phrase. */
export function answers(passage: RetrievedPassage, question: RetrievalQuestion): boolean {
  return (
    passage.headingPath.at(-1) === question.heading && squash(passage.text).includes(squash(question.phrase))
  );
}

export interface RecallReport {
  k: number;
  /** answered within k / questions */
  recall: number;
  /** answered first / questions: how often the best hit is the answer */
  recallAt1: number;
  /** the mean of 1 / the answer's rank (0 when it is not within k) */
  mrr: number;
  questions: number;
  /** the questions answered below k or not at all, with where the answer came (null: not in the hits) */
  misses: { question: string; heading: string; rank: number | null }[];
}

/**
 * Recall@k of `search` (the question → hits, best first) over the questions, asked one after another (the
 * search is the system under test; asking in parallel would measure the pool, not retrieval).
 */
export async function recallAtK(
  questions: readonly RetrievalQuestion[],
  search: (question: string) => Promise<readonly RetrievedPassage[]>,
  k = 5,
): Promise<RecallReport> {
  const misses: RecallReport['misses'] = [];
  let first = 0;
  let reciprocal = 0;
  for (const q of questions) {
    const hits = await search(q.question);
    const index = hits.findIndex((hit) => answers(hit, q));
    if (index < 0 || index >= k) {
      misses.push({ question: q.question, heading: q.heading, rank: index < 0 ? null : index + 1 });
      continue;
    }
    if (index === 0) first++;
    reciprocal += 1 / (index + 1);
  }
  const n = questions.length;
  return {
    k,
    recall: (n - misses.length) / n,
    recallAt1: first / n,
    mrr: reciprocal / n,
    questions: n,
    misses,
  };
}
