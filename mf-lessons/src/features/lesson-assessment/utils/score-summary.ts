import { PASSING_SCORE, SCORE_MESSAGES, type ScoreLevel, scoreLevel } from '@mindpath/contracts/lessons';

/** The headline of each score level (spec 2 §9: 100 perfect, 80+ excellent, 60+ good, below 60 review). */
export const SCORE_TITLES: Record<ScoreLevel, string> = {
  perfect: 'Perfect Score!',
  excellent: 'Excellent!',
  good: 'Good Job!',
  review: 'Review Needed',
};

export interface ScoreSummary {
  level: ScoreLevel;
  title: string;
  /** the server's message; the level's own when the server sent none */
  message: string;
  passed: boolean;
}

/** What the results say about a score the server computed. */
export function scoreSummary(score: number, serverMessage?: string | null): ScoreSummary {
  const level = scoreLevel(score);
  return {
    level,
    title: SCORE_TITLES[level],
    message: serverMessage?.trim() || SCORE_MESSAGES[level],
    passed: score >= PASSING_SCORE,
  };
}
