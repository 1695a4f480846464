// A grounded lesson's passages: read before its content is written (numbered 1…n as the prompt gives them,
// and stored as the lesson's citations in that order), and read again by the citations for its quiz.
import type { LessonCitation } from '@mindpath/contracts/citations';
import type { PassageHit } from '@mindpath/contracts/sources';
import type { GroundingPassage } from '../../ai/prompts/lesson.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lessonPassages, passagesById, type SearchDeps } from '../sources/index.ts';
import type { LessonContext } from './repository.ts';

export interface LessonGrounding {
  /** what the prompts are given; empty for a lesson of a goal without ready sources */
  passages: GroundingPassage[];
  /** what the lesson stores: passage n of the prompt is citation n */
  citations: LessonCitation[];
}

const toPrompt = (hit: PassageHit, n: number): GroundingPassage => ({
  n,
  text: hit.text,
  sourceTitle: hit.sourceTitle,
  page: hit.page,
  headingPath: hit.headingPath,
});

/** The passages a lesson is written from, numbered, and the citations they become. */
export async function groundingOf(
  from: Db | Tx | SearchDeps,
  userId: string,
  ctx: LessonContext,
): Promise<LessonGrounding> {
  const goalId = ctx.roadmap.goalId;
  if (!goalId) return { passages: [], citations: [] };
  const hits = await lessonPassages(from, {
    userId,
    goalId,
    title: ctx.lesson.title,
    summary: ctx.lesson.summary,
    span: ctx.lesson.sourceSpan,
  });
  return {
    passages: hits.map((h, i) => toPrompt(h, i + 1)),
    citations: hits.map((h, i) => ({
      n: i + 1,
      passageId: h.passageId,
      sourceId: h.sourceId,
      sourceTitle: h.sourceTitle,
      page: h.page,
      headingPath: h.headingPath,
    })),
  };
}

/**
 * The passages a grounded lesson cites, under the numbers it cites them by; a passage gone since (its
 * source removed or read again) is left out.
 */
export async function citedPassages(
  db: Db | Tx,
  userId: string,
  citations: readonly LessonCitation[],
): Promise<GroundingPassage[]> {
  const hits = await passagesById(
    db,
    userId,
    citations.map((c) => c.passageId),
  );
  const byId = new Map(hits.map((h) => [h.passageId, h]));
  return citations.flatMap((c) => {
    const hit = byId.get(c.passageId);
    return hit ? [toPrompt(hit, c.n)] : [];
  });
}
