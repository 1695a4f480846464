import { describe, expect, it } from 'vitest';
import { CreateAssessmentForGoalSchema } from './assessments.ts';
import { CreateGoalSchema, GOAL_DESCRIPTION_MAX_LENGTH, GOAL_DESCRIPTION_TOO_LONG } from './goals.ts';

describe('goal text limits, end to end', () => {
  const longest = 'x'.repeat(GOAL_DESCRIPTION_MAX_LENGTH);

  it("takes the longest goal a learner can write with any level's prefix", () => {
    for (const level of ['Beginner', 'Practitioner', 'Advanced']) {
      expect(CreateGoalSchema.safeParse({ description: `${level}: ${longest}` }).success, level).toBe(true);
    }
    expect(CreateAssessmentForGoalSchema.safeParse({ goalDescription: longest }).success).toBe(true);
  });

  it('refuses more, in words a learner can read', () => {
    const r = CreateGoalSchema.safeParse({ description: `Practitioner: ${longest}x` });
    expect(r.error?.issues[0]?.message).toBe(GOAL_DESCRIPTION_TOO_LONG);
  });
});
