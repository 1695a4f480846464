import type { Prerequisite } from '@mindpath/contracts/ai';
import { isPro } from '@mindpath/contracts/subscriptions-constants';
import { ApiRequestError, RateLimitError } from '@mindpath/sdk/errors';
import {
  useCompleteAssessment,
  useCreateGoal,
  useCreateGoalAssessment,
  useGenerateGoalImage,
  usePrerequisites,
  useUpdateGoal,
} from '@mindpath/sdk/goals-hooks';
import { useSubscriptionStatus, useUser } from '@mindpath/sdk/hooks';
import { useGenerateRoadmap } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { RateLimitPanel } from '@mindpath/ui/rate-limit-panel';
import { useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GoalLimit } from '../../goals/index.ts';
import { buildingSearch } from '../utils/building-param.ts';
import { MissingUserError, requireUserId } from '../utils/user-id.ts';
import {
  answerKey,
  answersPayload,
  currentQuestion,
  flatQuestions,
  GOAL_REQUIRED,
  hasUnsavedInput,
  initialWizardState,
  isLastQuestion,
  needsSave,
  stepsOf,
  TOPIC_REQUIRED,
  type WizardPath,
  wizardReducer,
} from '../utils/wizard-state.ts';
import { GenerationProgress } from './generation-progress.tsx';
import { MaterialStep } from './material-step.tsx';
import { QuestionStep } from './question-step.tsx';
import styles from './wizard.module.css';
import { AssessmentPromptStep, GoalFormStep, PrerequisitesStep, TopicsStep } from './wizard-steps.tsx';

const TITLES = {
  form: 'Set a new goal',
  prerequisites: 'Start with a prerequisite?',
  prompt: 'Knowledge assessment',
  questions: 'Knowledge assessment',
  topics: 'Choose your topics',
  material: 'Your material',
  generating: 'Building your roadmap',
} as const;

type Limit = {
  title: 'Goal Creation Limit Reached' | 'Roadmap Generation Limit Reached';
  info: RateLimitError;
};

const serverMessage = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError && err.status < 500 && err.message ? err.message : fallback;

/**
 * The new-goal wizard (spec 1 §2 steps 1–6, §4 skip and take paths). The goal is created when the learner
 * chooses Skip or Take; going Back and changing it afterwards edits that goal instead of creating another.
 */
export function NewGoalWizard({
  onClose,
  onGoalLimit,
}: {
  onClose: () => void;
  /** the server refused the goal because of the goals-in-progress limit */
  onGoalLimit: (limit: GoalLimit) => void;
}) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [confirmClose, setConfirmClose] = useState(false);
  const [busy, setBusy] = useState<
    'next' | 'skip' | 'take' | 'material' | 'complete' | 'generate' | 'build' | null
  >(null);
  const [limit, setLimit] = useState<Limit | null>(null);
  const [startFailure, setStartFailure] = useState<{ message: string | null } | null>(null);
  const [sources, setSources] = useState<{
    prerequisites?: 'offline' | 'model';
    evaluation?: 'offline' | 'model';
  }>({});
  const status = useSubscriptionStatus();
  const pro = isPro(status.data);
  const user = useUser();
  const prerequisites = usePrerequisites();
  const createGoal = useCreateGoal();
  const updateGoal = useUpdateGoal();
  const image = useGenerateGoalImage();
  const createAssessment = useCreateGoalAssessment();
  const complete = useCompleteAssessment();
  const start = useGenerateRoadmap();
  const navigate = useNavigate();

  const requestClose = () => {
    if (state.step === 'generating' && !limit) return;
    if (hasUnsavedInput(state) && !limit) setConfirmClose(true);
    else onClose();
  };

  const onNextFromForm = async () => {
    if (!state.draft.description.trim()) {
      dispatch({ type: 'error', message: GOAL_REQUIRED });
      return;
    }
    setBusy('next');
    try {
      const found = await prerequisites.mutateAsync({
        goal: state.draft.description.trim(),
        level: state.draft.level,
      });
      setSources((s) => ({ ...s, prerequisites: found.source }));
      dispatch({ type: 'prerequisites', recommendations: found.recommendations });
    } catch {
      // recommendations are optional: without them the flow goes on to the assessment prompt
      dispatch({ type: 'prerequisites', recommendations: [] });
    } finally {
      setBusy(null);
    }
  };

  /** Creates the goal (or edits the one created before Back); null when refused. */
  const saveGoal = async (): Promise<string | null> => {
    const goal = state.chosen;
    if (!goal) return null;
    if (!needsSave(state)) return state.saved?.id ?? null;
    try {
      const saved = state.saved
        ? await updateGoal.mutateAsync({ id: state.saved.id, ...goal })
        : await createGoal.mutateAsync(goal);
      dispatch({ type: 'saved', goal: { id: saved.id, ...goal } });
      if (!state.saved) image.mutate(saved.id);
      return saved.id;
    } catch (err) {
      if (err instanceof RateLimitError) {
        if (err.hoursUntilReset > 0) setLimit({ title: 'Goal Creation Limit Reached', info: err });
        else
          onGoalLimit({ title: pro ? 'Maximum Goals Reached' : 'Goal Limit Reached', message: err.message });
      } else {
        dispatch({ type: 'error', message: serverMessage(err, 'Failed to create goal') });
      }
      return null;
    }
  };

  const startGeneration = async (goalId: string, path: WizardPath, topics: string[]) => {
    try {
      await start.mutateAsync({
        userId: await requireUserId(user),
        goalId,
        topics,
        ...(path === 'material' ? { fromMaterial: true } : {}),
      });
      setStartFailure(null);
    } catch (err) {
      if (err instanceof RateLimitError) {
        setLimit({ title: 'Roadmap Generation Limit Reached', info: err });
        return;
      }
      // the material step stays open with the API's words (no source ready yet)
      if (path === 'material' && err instanceof ApiRequestError && err.status === 400) {
        dispatch({ type: 'error', message: serverMessage(err, 'Failed to start your roadmap') });
        return;
      }
      console.error('Roadmap generation could not start', err);
      // spec 1 §8: with no signed-in learner the words say to log in again
      setStartFailure({ message: err instanceof MissingUserError ? err.message : null });
    }
    dispatch({ type: 'generate', path });
    // a reload from here on shows this goal's generation again (resumed-generation.tsx)
    navigate({ search: buildingSearch({ goalId, path }) }, { replace: true });
  };

  const onSkip = async () => {
    setBusy('skip');
    dispatch({ type: 'error', message: null });
    const goalId = await saveGoal();
    if (goalId) await startGeneration(goalId, 'skip', []);
    setBusy(null);
  };

  const onTake = async () => {
    setBusy('take');
    dispatch({ type: 'error', message: null });
    const goalId = await saveGoal();
    if (goalId) {
      try {
        dispatch({ type: 'assessment', assessment: await createAssessment.mutateAsync(goalId) });
      } catch (err) {
        // the spec's inline message; a timeout is named as the server words it ('Assessment generation timeout')
        const timeout = err instanceof ApiRequestError && err.status === 504 ? ` (${err.message})` : '';
        dispatch({ type: 'error', message: `Failed to generate assessment. Please try again.${timeout}` });
      }
    }
    setBusy(null);
  };

  /** "Learn from my material": the goal is created as Skip creates it, then the learner adds their material. */
  const onMaterial = async () => {
    setBusy('material');
    dispatch({ type: 'error', message: null });
    const goalId = await saveGoal();
    if (goalId) dispatch({ type: 'material' });
    setBusy(null);
  };

  const onBuild = async () => {
    if (!state.saved) return;
    setBusy('build');
    dispatch({ type: 'error', message: null });
    await startGeneration(state.saved.id, 'material', []);
    setBusy(null);
  };

  const onComplete = async () => {
    if (!state.assessment) return;
    setBusy('complete');
    try {
      const evaluation = await complete.mutateAsync({
        id: state.assessment.id,
        answers: answersPayload(state),
      });
      setSources((s) => ({ ...s, evaluation: evaluation.source }));
      dispatch({ type: 'evaluated', topics: evaluation.topics, pro });
    } catch (err) {
      dispatch({ type: 'error', message: serverMessage(err, 'Failed to submit assessment') });
    } finally {
      setBusy(null);
    }
  };

  const onGenerate = async () => {
    if (state.selected.length === 0) {
      dispatch({ type: 'error', message: TOPIC_REQUIRED });
      return;
    }
    if (!state.saved) return;
    setBusy('generate');
    await startGeneration(state.saved.id, 'take', state.selected);
    setBusy(null);
  };

  const questions = flatQuestions(state.assessment);
  const question = currentQuestion(state);
  const steps = stepsOf(state);
  const stepIndex = steps.findIndex((s) => s.step === state.step);
  const generating = state.step === 'generating';
  const back = () => dispatch({ type: 'back' });

  return (
    <>
      <Modal
        open
        onClose={requestClose}
        title={TITLES[state.step]}
        size="lg"
        placement="top"
        closeOnBackdrop={!generating}
        showCloseButton={!generating || limit !== null}
        className={generating && !limit ? styles.fullScreen : undefined}
      >
        <ol className={styles.stepper} aria-label="Steps">
          {steps.map((s, i) => (
            <li
              key={s.step}
              className={styles.stepperItem}
              data-state={i < stepIndex ? 'done' : i === stepIndex ? 'current' : 'next'}
              aria-current={i === stepIndex ? 'step' : undefined}
            >
              <span className={styles.stepperNum}>{i + 1}</span>
              <span className={styles.stepperLabel}>{s.label}</span>
            </li>
          ))}
        </ol>
        {limit ? (
          <RateLimitPanel
            title={limit.title}
            info={limit.info}
            actions={
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            }
          />
        ) : state.step === 'form' ? (
          <GoalFormStep
            draft={state.draft}
            error={state.error}
            busy={busy === 'next'}
            onEdit={(patch) => dispatch({ type: 'edit', patch })}
            onNext={onNextFromForm}
          />
        ) : state.step === 'prerequisites' ? (
          <PrerequisitesStep
            original={state.draft}
            recommendations={state.recommendations}
            source={sources.prerequisites}
            onPick={(r: Prerequisite) => dispatch({ type: 'pick', recommendation: r })}
            onContinue={() => dispatch({ type: 'continue-with-original' })}
            onBack={back}
          />
        ) : state.step === 'prompt' && state.chosen ? (
          <AssessmentPromptStep
            goal={state.chosen}
            error={state.error}
            busy={busy === 'skip' || busy === 'take' || busy === 'material' ? busy : null}
            onSkip={onSkip}
            onTake={onTake}
            onMaterial={onMaterial}
            onBack={back}
          />
        ) : state.step === 'material' && state.saved ? (
          <MaterialStep
            goalId={state.saved.id}
            busy={busy === 'build'}
            error={state.error}
            onBuild={onBuild}
            onBack={back}
          />
        ) : state.step === 'questions' && question ? (
          <QuestionStep
            question={question}
            index={state.questionIndex}
            total={questions.length}
            value={state.answers[answerKey(question)] ?? ''}
            last={isLastQuestion(state)}
            busy={busy === 'complete'}
            error={state.error}
            source={state.assessment?.source}
            onAnswer={(value) => dispatch({ type: 'answer', value })}
            onNext={() => dispatch({ type: 'next-question' })}
            onComplete={onComplete}
          />
        ) : state.step === 'topics' ? (
          <TopicsStep
            topics={state.topics}
            selected={state.selected}
            pro={pro}
            source={sources.evaluation}
            error={state.error}
            busy={busy === 'generate'}
            onToggle={(title) => dispatch({ type: 'toggle-topic', title, pro })}
            onBack={() => dispatch({ type: 'back-to-assessment' })}
            onGenerate={onGenerate}
          />
        ) : generating && state.saved ? (
          <GenerationProgress
            goalId={state.saved.id}
            path={state.path ?? 'skip'}
            startFailure={startFailure}
          />
        ) : null}
      </Modal>
      <Modal
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        role="alertdialog"
        size="sm"
        title="Close without saving?"
        description="You will lose the progress you made in this goal setup."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmClose(false)}>
              Keep Working
            </Button>
            <Button variant="danger" onClick={onClose}>
              Close &amp; Lose Progress
            </Button>
          </>
        }
      />
    </>
  );
}
