import type { EvaluatedTopic } from '@mindpath/contracts/ai';
import type { ParsedKnowledgeAssessment } from '@mindpath/sdk/assessments-api';
import { describe, expect, it } from 'vitest';
import {
  answersPayload,
  backTarget,
  flatQuestions,
  GOAL_REQUIRED,
  hasUnsavedInput,
  initialSelection,
  initialWizardState,
  isLastQuestion,
  MATERIAL_STEPS,
  needsSave,
  STEPS,
  stepsOf,
  TOPIC_REQUIRED,
  toggleTopic,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './wizard-state.ts';

const run = (...actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState);

const assessment: ParsedKnowledgeAssessment = {
  id: '00000000-0000-4000-8000-000000000001',
  goalId: null,
  goalDescription: 'Learn SQL',
  level: 'Beginner',
  source: 'offline',
  createdAt: 'x',
  questions: {
    topics: [
      {
        title: 'Joins',
        questions: [
          {
            type: 'multiple-choice',
            question: 'Q1',
            options: ['a', 'b'],
            correctAnswer: 'a',
            expectedLength: 'short',
          },
          { type: 'open-ended', question: 'Q2', options: [], correctAnswer: 'k', expectedLength: 'medium' },
        ],
      },
      {
        title: 'Indexes',
        questions: [
          { type: 'open-ended', question: 'Q3', options: [], correctAnswer: 'k', expectedLength: 'long' },
        ],
      },
    ],
  },
};

const topics: EvaluatedTopic[] = [
  { title: 'Joins', recommendToComplete: true, score: 20 },
  { title: 'Indexes', recommendToComplete: false, score: 90 },
  { title: 'Views', recommendToComplete: true, score: 40 },
];

const rec = { title: 'SQL basics', description: 'd', level: 'Beginner' as const, reason: 'r' };

describe('the first step', () => {
  it("refuses a blank description with 'Please enter a goal description'", () => {
    const s = run({ type: 'edit', patch: { description: '   ' } }, { type: 'next-from-form' });
    expect(s.error).toBe(GOAL_REQUIRED);
    expect(s.step).toBe('form');
  });

  it('defaults to Beginner and clears the error when the learner types', () => {
    expect(initialWizardState.draft.level).toBe('Beginner');
    const s = run({ type: 'error', message: GOAL_REQUIRED }, { type: 'edit', patch: { description: 'x' } });
    expect(s.error).toBeNull();
  });

  it('goes to the prerequisites when there are some, else straight to the assessment prompt', () => {
    const typed = { type: 'edit', patch: { description: ' Learn SQL ' } } as const;
    expect(run(typed, { type: 'prerequisites', recommendations: [rec] }).step).toBe('prerequisites');
    const s = run(typed, { type: 'prerequisites', recommendations: [] });
    expect(s.step).toBe('prompt');
    expect(s.chosen).toEqual({ description: 'Learn SQL', level: 'Beginner' });
  });
});

describe('Back', () => {
  const at = (step: WizardState['step'], recommendations = [rec]) =>
    ({ ...initialWizardState, step, recommendations }) satisfies WizardState;

  it('is there at each step except during questions, topics (Back to Assessment) and generation', () => {
    expect(backTarget(at('form'))).toBeNull();
    expect(backTarget(at('prerequisites'))).toBe('form');
    expect(backTarget(at('prompt'))).toBe('prerequisites');
    expect(backTarget(at('prompt', []))).toBe('form');
    expect(backTarget(at('questions'))).toBeNull();
    expect(backTarget(at('topics'))).toBeNull();
    expect(backTarget(at('generating'))).toBeNull();
    expect(wizardReducer(at('questions'), { type: 'back' }).step).toBe('questions');
  });

  it("topic selection's 'Back to Assessment' returns to the questions with the answers kept", () => {
    const s = wizardReducer(
      { ...initialWizardState, step: 'topics', answers: { '0:0': 'a' } },
      { type: 'back-to-assessment' },
    );
    expect(s).toMatchObject({ step: 'questions', answers: { '0:0': 'a' } });
  });
});

describe('picking a prerequisite', () => {
  it('moves to the assessment prompt for that goal', () => {
    const s = run(
      { type: 'edit', patch: { description: 'Learn SQL', level: 'Advanced' } },
      { type: 'prerequisites', recommendations: [rec] },
      { type: 'pick', recommendation: rec },
    );
    expect(s.step).toBe('prompt');
    expect(s.chosen).toEqual({ description: 'SQL basics', level: 'Beginner' });
  });
});

describe('saving the goal', () => {
  it('creates once, and edits only when the learner went Back and changed it', () => {
    let s = run(
      { type: 'edit', patch: { description: 'Learn SQL' } },
      { type: 'prerequisites', recommendations: [] },
    );
    expect(needsSave(s)).toBe(true);
    s = wizardReducer(s, { type: 'saved', goal: { id: 'g1', description: 'Learn SQL', level: 'Beginner' } });
    expect(needsSave(s)).toBe(false);
    s = run(
      { type: 'saved', goal: { id: 'g1', description: 'Learn SQL', level: 'Beginner' } },
      { type: 'edit', patch: { description: 'Learn SQL', level: 'Advanced' } },
      { type: 'prerequisites', recommendations: [] },
    );
    expect(needsSave(s)).toBe(true);
  });
});

describe('questions', () => {
  const started = run({ type: 'assessment', assessment });

  it('are one at a time, grouped by topic, and Next waits for a non-empty answer', () => {
    expect(flatQuestions(assessment).map((q) => `${q.topic}:${q.question.question}`)).toEqual([
      'Joins:Q1',
      'Joins:Q2',
      'Indexes:Q3',
    ]);
    expect(wizardReducer(started, { type: 'next-question' }).questionIndex).toBe(0);
    const blank = wizardReducer(started, { type: 'answer', value: '   ' });
    expect(wizardReducer(blank, { type: 'next-question' }).questionIndex).toBe(0);
    const a = wizardReducer(started, { type: 'answer', value: 'a' });
    expect(wizardReducer(a, { type: 'next-question' }).questionIndex).toBe(1);
  });

  it('the last question is the one that shows Complete Assessment, and the payload has every answer', () => {
    const s = [
      { type: 'answer', value: 'a' },
      { type: 'next-question' },
      { type: 'answer', value: ' joins rows ' },
      { type: 'next-question' },
      { type: 'answer', value: 'b-trees' },
    ].reduce((st, a) => wizardReducer(st, a as WizardAction), started);
    expect(isLastQuestion(s)).toBe(true);
    expect(wizardReducer(s, { type: 'next-question' }).questionIndex).toBe(2);
    expect(answersPayload(s)).toEqual([
      { topicIndex: 0, questionIndex: 0, answer: 'a' },
      { topicIndex: 0, questionIndex: 1, answer: 'joins rows' },
      { topicIndex: 1, questionIndex: 0, answer: 'b-trees' },
    ]);
  });
});

describe('topic selection', () => {
  it('starts with the recommended topics checked (a free learner: the first of them)', () => {
    expect(initialSelection(topics, true)).toEqual(['Joins', 'Views']);
    expect(initialSelection(topics, false)).toEqual(['Joins']);
    expect(initialSelection([{ title: 'A', recommendToComplete: false, score: 100 }], true)).toEqual([]);
  });

  it("keeps at least one selected, with 'Please select at least one topic to continue.'", () => {
    expect(toggleTopic(['Joins'], 'Joins', true)).toEqual({ selected: ['Joins'], error: TOPIC_REQUIRED });
    expect(toggleTopic(['Joins', 'Views'], 'Joins', true)).toEqual({ selected: ['Views'], error: null });
  });

  it('adds for Pro and replaces for a free learner (1 topic per goal)', () => {
    expect(toggleTopic(['Joins'], 'Indexes', true).selected).toEqual(['Joins', 'Indexes']);
    expect(toggleTopic(['Joins'], 'Indexes', false).selected).toEqual(['Indexes']);
  });

  it('the evaluated action lands on the topics step with the initial selection', () => {
    expect(run({ type: 'evaluated', topics, pro: false })).toMatchObject({
      step: 'topics',
      selected: ['Joins'],
    });
  });
});

describe('closing', () => {
  it('asks first once the learner typed or moved on', () => {
    expect(hasUnsavedInput(initialWizardState)).toBe(false);
    expect(hasUnsavedInput(run({ type: 'edit', patch: { description: 'x' } }))).toBe(true);
    expect(hasUnsavedInput({ ...initialWizardState, step: 'prompt' })).toBe(true);
  });
});

describe('learning from the material', () => {
  const atPrompt = run(
    { type: 'edit', patch: { description: 'Learn SQL' } },
    { type: 'prerequisites', recommendations: [] },
  );

  it('goes from the assessment prompt to the material step, whose stepper has no questions or topics', () => {
    const material = wizardReducer(atPrompt, { type: 'material' });
    expect(material).toMatchObject({ step: 'material', path: 'material', error: null });
    expect(stepsOf(material)).toBe(MATERIAL_STEPS);
    expect(MATERIAL_STEPS.map((s) => s.step)).toEqual([
      'form',
      'prerequisites',
      'prompt',
      'material',
      'generating',
    ]);
    expect(stepsOf(atPrompt)).toBe(STEPS);
    // only from the prompt
    expect(wizardReducer(initialWizardState, { type: 'material' })).toBe(initialWizardState);
  });

  it('Back returns to the prompt (the path forgotten); building goes on to the roadmap step', () => {
    const material = wizardReducer(atPrompt, { type: 'material' });
    expect(backTarget(material)).toBe('prompt');
    expect(wizardReducer(material, { type: 'back' })).toMatchObject({ step: 'prompt', path: null });
    const building = wizardReducer(material, { type: 'generate', path: 'material' });
    expect(building).toMatchObject({ step: 'generating', path: 'material' });
    expect(stepsOf(building)).toBe(MATERIAL_STEPS);
    expect(backTarget(building)).toBeNull();
  });
});
