// The older goal modal (spec 1 §2) that follows the shell's welcome screen: description and level with Create
// Goal, the assessment prompt, a question-by-question quiz with Previous, Next and Submit, 'Assessment
// Complete', then /dashboard after 2 s. The roadmap starts generating as soon as the goal exists, so the
// dashboard shows it being built; the six-step wizard at /goals stays the full path.
import type { GoalLevel } from '@mindpath/contracts/ai';
import type { ParsedKnowledgeAssessment } from '@mindpath/sdk/assessments-api';
import { assessmentsApi } from '@mindpath/sdk/assessments-api';
import { useCreateGoal, useCreateGoalAssessment, useGenerateGoalImage } from '@mindpath/sdk/goals-hooks';
import { useUser } from '@mindpath/sdk/hooks';
import { useGenerateRoadmap } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { GoalTextFields } from '../../goal-text/index.ts';
import { answerKey, flatQuestions, isAnswered, QuestionField, requireUserId } from '../../new-goal/index.ts';
import styles from './welcome-goal-modal.module.css';

/** spec 1 §9: the old assessment's redirect */
export const OLD_ASSESSMENT_REDIRECT_MS = 2000;
const CREATE_FAILED = 'Failed to create goal. Please try again.';
const SUBMIT_FAILED = 'Failed to submit assessment. Please try again.';

type Step = 'form' | 'prompt' | 'quiz' | 'complete';

export default function WelcomeGoalModal() {
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>('form');
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState<GoalLevel>('Beginner');
  const [goalId, setGoalId] = useState<string | null>(null);
  const [assessment, setAssessment] = useState<ParsedKnowledgeAssessment | null>(null);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const createGoal = useCreateGoal();
  const image = useGenerateGoalImage();
  const createAssessment = useCreateGoalAssessment();
  const generate = useGenerateRoadmap();
  const user = useUser();
  const navigate = useNavigate();

  useEffect(() => {
    if (step !== 'complete') return;
    const timer = setTimeout(() => {
      setOpen(false);
      navigate('/dashboard');
    }, OLD_ASSESSMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const onCreate = async () => {
    setBusy(true);
    setError(null);
    try {
      const goal = await createGoal.mutateAsync({ description: description.trim(), level });
      setGoalId(goal.id);
      image.mutate(goal.id);
      // the roadmap builds in the background while the learner goes on
      generate
        .mutateAsync({ userId: await requireUserId(user), goalId: goal.id })
        .catch((err) => console.error('Roadmap generation could not start', err));
      setStep('prompt');
    } catch {
      setError(CREATE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const onSkip = () => {
    setOpen(false);
    navigate('/dashboard');
  };

  const onTake = async () => {
    if (!goalId) return;
    setBusy(true);
    setError(null);
    try {
      setAssessment(await createAssessment.mutateAsync(goalId));
      setIndex(0);
      setStep('quiz');
    } catch {
      setError('Failed to generate assessment. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const questions = flatQuestions(assessment);
  const current = questions[index];
  const last = index === questions.length - 1;

  const onSubmit = async () => {
    if (!assessment) return;
    setBusy(true);
    setError(null);
    try {
      await assessmentsApi.submit(
        assessment.id,
        questions.map((q) => ({
          topicIndex: q.topicIndex,
          questionIndex: q.questionIndex,
          answer: (answers[answerKey(q)] ?? '').trim(),
        })),
      );
      setStep('complete');
    } catch {
      setError(SUBMIT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const title =
    step === 'form'
      ? 'Set your learning goal'
      : step === 'prompt'
        ? 'Take a quick assessment?'
        : step === 'quiz'
          ? 'Knowledge assessment'
          : 'Assessment Complete';

  const footer =
    step === 'form' ? (
      <Button onClick={onCreate} disabled={!description.trim()} loading={busy}>
        Create Goal
      </Button>
    ) : step === 'prompt' ? (
      <>
        <Button variant="secondary" onClick={onSkip} disabled={busy}>
          Skip Assessment
        </Button>
        <Button onClick={onTake} loading={busy}>
          Take Assessment
        </Button>
      </>
    ) : step === 'quiz' && current ? (
      <>
        <Button variant="secondary" onClick={() => setIndex(index - 1)} disabled={index === 0 || busy}>
          Previous
        </Button>
        {last ? (
          <Button onClick={onSubmit} loading={busy} disabled={!isAnswered(answers[answerKey(current)])}>
            Submit
          </Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)} disabled={!isAnswered(answers[answerKey(current)])}>
            Next
          </Button>
        )}
      </>
    ) : null;

  return (
    <Modal open={open} onClose={() => setOpen(false)} title={title} footer={footer} placement="top">
      {step === 'form' ? (
        <GoalTextFields
          description={description}
          onDescription={setDescription}
          level={level}
          onLevel={setLevel}
          labels={{ description: 'What do you want to learn?', level: 'Level' }}
        />
      ) : step === 'prompt' ? (
        <p>
          A few questions tell us what you already know. Your roadmap is being built meanwhile either way.
        </p>
      ) : step === 'quiz' && current ? (
        <div className={styles.form}>
          <p className={styles.counter}>
            Question {index + 1} of {questions.length}
          </p>
          <QuestionField
            key={answerKey(current)}
            question={current.question}
            value={answers[answerKey(current)] ?? ''}
            onChange={(value) => setAnswers((a) => ({ ...a, [answerKey(current)]: value }))}
          />
        </div>
      ) : step === 'complete' ? (
        <p role="status">Thank you. Taking you to your dashboard…</p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
