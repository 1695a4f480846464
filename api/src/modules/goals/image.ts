// The goal image: the product's illustration of the goal (its words pick the colours and the pattern; its
// description is the title, its level the caption), or an images API picture. A default image is the fallback.
import { illustrationSvg } from '../media/illustration.ts';

export const DEFAULT_GOAL_IMAGE_NAME = 'default-goal.svg';
export const DEFAULT_GOAL_IMAGE_URL = `/api/media/${DEFAULT_GOAL_IMAGE_NAME}`;

const stripLevel = (description: string) =>
  description.replace(/^(Beginner|Practitioner|Advanced)\s*:\s*/, '').trim();

export function goalSvg(input: { description: string; level: string }): string {
  return illustrationSvg({ title: stripLevel(input.description) || 'My goal', caption: input.level });
}

export function defaultGoalSvg(): string {
  return goalSvg({ description: 'Your learning goal', level: 'Mindpath' });
}

/** The prompt an images API gets for a goal: an illustration, no text in it. */
export function goalImagePrompt(description: string, level: string): string {
  const text = stripLevel(description).slice(0, 400);
  return `A friendly, modern flat illustration for an online course. Subject: ${text}. Learner level: ${level}. No text, no letters, no logos.`;
}
