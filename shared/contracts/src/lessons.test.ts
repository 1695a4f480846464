import { describe, expect, it } from 'vitest';
import {
  computeScore,
  normalizeLessonMarkdown,
  OFFLINE_RUBRIC,
  PASSING_SCORE,
  SCORE_MESSAGES,
  scoreLevel,
  scoreMessage,
} from './lessons.ts';

describe('score and its message (spec 2 §9)', () => {
  it.each([
    [100, 'perfect'],
    [99, 'excellent'],
    [80, 'excellent'],
    [79, 'good'],
    [60, 'good'],
    [59, 'review'],
    [0, 'review'],
  ] as const)('%i is %s', (score, level) => {
    expect(scoreLevel(score)).toBe(level);
    expect(scoreMessage(score)).toBe(SCORE_MESSAGES[level]);
  });

  it('passes at 60', () => {
    expect(PASSING_SCORE).toBe(60);
  });

  it('is round(correct / total × 100), open answers adding partial credit', () => {
    expect(computeScore([1, 1, 0])).toBe(67);
    expect(computeScore([1, 0, 0])).toBe(33);
    expect(computeScore([1, 1, 1, 1, 0.5])).toBe(90);
    expect(computeScore([1, 1, 1])).toBe(100);
    expect(computeScore([0, 0])).toBe(0);
    expect(computeScore([])).toBe(0);
    // credits outside 0–1 are clamped, never a score above 100
    expect(computeScore([2, 1])).toBe(100);
  });
});

describe('lesson Markdown: special sections get level-2 headings (spec 2 §5)', () => {
  it('turns a section name on its own line, in any heading level, bold or with a colon, into ## Name', () => {
    const md = [
      '# T',
      'Overview:',
      'text',
      '### key concepts',
      '**Example**',
      '#### Practice',
      '__Summary__',
      '',
    ].join('\n');
    expect(normalizeLessonMarkdown(md)).toBe(
      ['# T', '## Overview', 'text', '## Key Concepts', '## Example', '## Practice', '## Summary', ''].join(
        '\n',
      ),
    );
  });

  it('leaves prose mentioning a section, other headings and fenced code alone', () => {
    const md = [
      '## Overview',
      'An overview of the summary.',
      '## Background',
      '```md',
      'Summary',
      '```',
      'Summary of results: good',
    ].join('\n');
    expect(normalizeLessonMarkdown(md)).toBe(`${md}\n`);
  });

  it('normalises line endings and trims', () => {
    expect(normalizeLessonMarkdown('\r\nOverview\r\ntext\r\n\r\n')).toBe('## Overview\ntext\n');
  });
});

describe('the offline rubric as learners read it', () => {
  it('says what it looks for, with no weights or thresholds to game it by', () => {
    expect(OFFLINE_RUBRIC).toMatch(/key ideas/);
    expect(OFFLINE_RUBRIC).not.toMatch(/\d|%|words/);
  });
});
