// The new-goal wizard's steps and rules (spec 1 §2, §4, §5) as a pure reducer, so they are tested alone.
import {
  type AssessmentAnswers,
  type AssessmentQuestion,
  DEFAULT_GOAL_LEVEL,
  type EvaluatedTopic,
  type GoalLevel,
  type Prerequisite,
} from '@mindpath/contracts/ai';
import type { ParsedKnowledgeAssessment } from '@mindpath/sdk/assessments-api';

export type WizardStep =
  | 'form'
  | 'prerequisites'
  | 'prompt'
  | 'questions'
  | 'topics'
  | 'material'
  | 'generating';

/** How the roadmap is made: for the whole goal, for the topics an assessment chose, or from the material. */
export type WizardPath = 'skip' | 'take' | 'material';

/** The six steps in order, for the step indicator. */
export const STEPS: { step: WizardStep; label: string }[] = [
  { step: 'form', label: 'Goal' },
  { step: 'prerequisites', label: 'Prerequisites' },
  { step: 'prompt', label: 'Assessment' },
  { step: 'questions', label: 'Questions' },
  { step: 'topics', label: 'Topics' },
  { step: 'generating', label: 'Roadmap' },
];

/** Learning from the learner's material: no questions or topics, the material in their place. */
export const MATERIAL_STEPS: { step: WizardStep; label: string }[] = [
  { step: 'form', label: 'Goal' },
  { step: 'prerequisites', label: 'Prerequisites' },
  { step: 'prompt', label: 'Start' },
  { step: 'material', label: 'Material' },
  { step: 'generating', label: 'Roadmap' },
];

/** The step indicator's steps for the path taken. */
export const stepsOf = (state: Pick<WizardState, 'path'>) =>
  state.path === 'material' ? MATERIAL_STEPS : STEPS;

export interface GoalDraft {
  description: string;
  level: GoalLevel;
}

export interface WizardState {
  step: WizardStep;
  /** what the learner typed in the first step */
  draft: GoalDraft;
  /** the goal to create: the draft, or a prerequisite the learner picked */
  chosen: GoalDraft | null;
  recommendations: Prerequisite[];
  /** the goal once saved on the server, as it was saved */
  saved: (GoalDraft & { id: string }) | null;
  assessment: ParsedKnowledgeAssessment | null;
  questionIndex: number;
  /** keyed by `${topicIndex}:${questionIndex}` */
  answers: Record<string, string>;
  topics: EvaluatedTopic[];
  selected: string[];
  path: WizardPath | null;
  error: string | null;
}

export type WizardAction =
  | { type: 'edit'; patch: Partial<GoalDraft> }
  | { type: 'next-from-form' }
  | { type: 'prerequisites'; recommendations: Prerequisite[] }
  | { type: 'pick'; recommendation: Prerequisite }
  | { type: 'continue-with-original' }
  | { type: 'back' }
  | { type: 'saved'; goal: GoalDraft & { id: string } }
  | { type: 'assessment'; assessment: ParsedKnowledgeAssessment }
  | { type: 'answer'; value: string }
  | { type: 'next-question' }
  | { type: 'evaluated'; topics: EvaluatedTopic[]; pro: boolean }
  | { type: 'toggle-topic'; title: string; pro: boolean }
  | { type: 'back-to-assessment' }
  | { type: 'material' }
  | { type: 'generate'; path: WizardPath }
  | { type: 'error'; message: string | null };

export const initialWizardState: WizardState = {
  step: 'form',
  draft: { description: '', level: DEFAULT_GOAL_LEVEL },
  chosen: null,
  recommendations: [],
  saved: null,
  assessment: null,
  questionIndex: 0,
  answers: {},
  topics: [],
  selected: [],
  path: null,
  error: null,
};

export const GOAL_REQUIRED = 'Please enter a goal description';
export const TOPIC_REQUIRED = 'Please select at least one topic to continue.';

export interface FlatQuestion {
  topicIndex: number;
  questionIndex: number;
  topic: string;
  question: AssessmentQuestion;
}

/** The questions one at a time, grouped by topic (spec 1 §2 step 4). */
export function flatQuestions(assessment: ParsedKnowledgeAssessment | null): FlatQuestion[] {
  return (assessment?.questions.topics ?? []).flatMap((t, topicIndex) =>
    t.questions.map((question, questionIndex) => ({ topicIndex, questionIndex, topic: t.title, question })),
  );
}

export const answerKey = (q: Pick<FlatQuestion, 'topicIndex' | 'questionIndex'>) =>
  `${q.topicIndex}:${q.questionIndex}`;

/** Each answer must be non-empty text (spec 1 §5); Next and Complete wait for it. */
export const isAnswered = (value: string | undefined) => Boolean(value?.trim());

export function currentQuestion(state: WizardState): FlatQuestion | null {
  return flatQuestions(state.assessment)[state.questionIndex] ?? null;
}

export function isLastQuestion(state: WizardState): boolean {
  return state.questionIndex >= flatQuestions(state.assessment).length - 1;
}

/** The answers payload, one per question in order. */
export function answersPayload(state: WizardState): AssessmentAnswers {
  return flatQuestions(state.assessment).map((q) => ({
    topicIndex: q.topicIndex,
    questionIndex: q.questionIndex,
    answer: (state.answers[answerKey(q)] ?? '').trim(),
  }));
}

/**
 * Where Back leads, or null where there is none: Back is available at each step except during questions
 * (spec 1 §4); topic selection has 'Back to Assessment' instead, and the roadmap step has none.
 */
export function backTarget(state: WizardState): WizardStep | null {
  switch (state.step) {
    case 'prerequisites':
      return 'form';
    case 'prompt':
      return state.recommendations.length > 0 ? 'prerequisites' : 'form';
    // the goal is saved; its material stays with it, and Skip or Take may still be chosen
    case 'material':
      return 'prompt';
    default:
      return null;
  }
}

/** Whether closing would lose something the learner typed or chose (then it asks first). */
export function hasUnsavedInput(state: WizardState): boolean {
  return state.step !== 'form' || state.draft.description.trim() !== '';
}

/** Whether the goal to create differs from the one already saved (Back, then a change). */
export function needsSave(state: WizardState): boolean {
  const goal = state.chosen;
  if (!goal) return false;
  return (
    !state.saved ||
    state.saved.description.trim() !== goal.description.trim() ||
    state.saved.level !== goal.level
  );
}

/** Recommended topics start checked; a free learner has 1 topic per goal, so only the first of them. */
export function initialSelection(topics: EvaluatedTopic[], pro: boolean): string[] {
  const recommended = topics.filter((t) => t.recommendToComplete).map((t) => t.title);
  return pro ? recommended : recommended.slice(0, 1);
}

/**
 * A checkbox click. At least one topic stays selected; a free learner's one topic is replaced by the one
 * clicked. The error is set when the learner tries to clear the last one.
 */
export function toggleTopic(
  selected: string[],
  title: string,
  pro: boolean,
): { selected: string[]; error: string | null } {
  if (selected.includes(title)) {
    return selected.length === 1
      ? { selected, error: TOPIC_REQUIRED }
      : { selected: selected.filter((t) => t !== title), error: null };
  }
  return { selected: pro ? [...selected, title] : [title], error: null };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'edit':
      return { ...state, draft: { ...state.draft, ...action.patch }, error: null };
    case 'next-from-form':
      return state.draft.description.trim() ? { ...state, error: null } : { ...state, error: GOAL_REQUIRED };
    case 'prerequisites':
      return {
        ...state,
        recommendations: action.recommendations,
        chosen: { ...state.draft, description: state.draft.description.trim() },
        step: action.recommendations.length > 0 ? 'prerequisites' : 'prompt',
        error: null,
      };
    case 'pick':
      return {
        ...state,
        chosen: { description: action.recommendation.title, level: action.recommendation.level },
        step: 'prompt',
        error: null,
      };
    case 'continue-with-original':
      return {
        ...state,
        chosen: { ...state.draft, description: state.draft.description.trim() },
        step: 'prompt',
        error: null,
      };
    case 'back': {
      const to = backTarget(state);
      if (!to) return state;
      return { ...state, step: to, path: to === 'prompt' ? null : state.path, error: null };
    }
    case 'saved':
      return { ...state, saved: action.goal };
    case 'assessment':
      return {
        ...state,
        assessment: action.assessment,
        questionIndex: 0,
        answers: {},
        path: 'take',
        step: 'questions',
        error: null,
      };
    case 'answer': {
      const q = currentQuestion(state);
      return q
        ? { ...state, answers: { ...state.answers, [answerKey(q)]: action.value }, error: null }
        : state;
    }
    case 'next-question': {
      const q = currentQuestion(state);
      if (!q || !isAnswered(state.answers[answerKey(q)]) || isLastQuestion(state)) return state;
      return { ...state, questionIndex: state.questionIndex + 1 };
    }
    case 'evaluated':
      return {
        ...state,
        topics: action.topics,
        selected: initialSelection(action.topics, action.pro),
        step: 'topics',
        error: null,
      };
    case 'toggle-topic': {
      const next = toggleTopic(state.selected, action.title, action.pro);
      return { ...state, selected: next.selected, error: next.error };
    }
    case 'back-to-assessment':
      return state.step === 'topics' ? { ...state, step: 'questions', error: null } : state;
    case 'material':
      return state.step === 'prompt' ? { ...state, path: 'material', step: 'material', error: null } : state;
    case 'generate':
      return { ...state, path: action.path, step: 'generating', error: null };
    case 'error':
      return { ...state, error: action.message };
  }
}
