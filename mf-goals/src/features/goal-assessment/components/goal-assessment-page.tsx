import { isPro } from '@mindpath/contracts/subscriptions-constants';
import { goalTitle } from '@mindpath/sdk/goals-api';
import { useCompleteAssessment, useGoal, useGoalAssessment } from '@mindpath/sdk/goals-hooks';
import { useSubscriptionStatus, useUser } from '@mindpath/sdk/hooks';
import { useGenerateRoadmap, useRoadmapGeneration } from '@mindpath/sdk/roadmap-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { PageFrame } from '@mindpath/ui/page-frame';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  answerKey,
  flatQuestions,
  initialSelection,
  MissingUserError,
  OfflineNote,
  QuestionField,
  requireUserId,
  wizardStyles as styles,
} from '../../new-goal/index.ts';
import page from './goal-assessment-page.module.css';

/**
 * /goals/{goalId}/assessment (spec 1 §2): the goal and its assessment questions, answered as in the wizard:
 * a multiple-choice question by its options (radio buttons), an open-ended one in free text.
 * 'Create Learning Plan' scores the answers and, unless the goal already has a roadmap, generates one for
 * the recommended topics; 'Skip Assessment' goes straight to the plan. Both lead to /learning-plan/{goalId}.
 */
export default function GoalAssessmentPage() {
  const { goalId } = useParams();
  const navigate = useNavigate();
  const goal = useGoal(goalId);
  const assessment = useGoalAssessment(goal.isSuccess ? goalId : undefined);
  const generation = useRoadmapGeneration(goal.isSuccess ? goalId : undefined);
  const status = useSubscriptionStatus();
  const user = useUser();
  const complete = useCompleteAssessment();
  const start = useGenerateRoadmap();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const questions = flatQuestions(assessment.data ?? null);
  const answered = questions.filter((q) => answers[answerKey(q)]?.trim()).length;
  const planPath = `/learning-plan/${goalId}`;

  const onCreate = async () => {
    if (!assessment.data || !goalId) return;
    setBusy(true);
    setError(null);
    try {
      const evaluation = await complete.mutateAsync({
        id: assessment.data.id,
        answers: questions
          .map((q) => ({
            topicIndex: q.topicIndex,
            questionIndex: q.questionIndex,
            answer: (answers[answerKey(q)] ?? '').trim(),
          }))
          .filter((a) => a.answer !== ''),
      });
      // a roadmap that exists is kept (regenerating resets progress); otherwise it is generated now
      const latest = (await generation.refetch()).data?.job;
      if (latest?.status !== 'succeeded') {
        await start.mutateAsync({
          userId: await requireUserId(user),
          goalId,
          topics: initialSelection(evaluation.topics, isPro(status.data)),
        });
      }
      navigate(planPath);
    } catch (err) {
      console.error('Create Learning Plan failed', err);
      setError(
        err instanceof MissingUserError ? err.message : 'Failed to create learning plan. Please try again.',
      );
      setBusy(false);
    }
  };

  const failed = goal.isError || assessment.isError;
  return (
    <PageFrame
      title="Knowledge assessment"
      intro="A few questions to tailor your learning plan to what you already know."
      actions={
        <Button variant="secondary" onClick={() => navigate(planPath)} disabled={busy}>
          Skip Assessment
        </Button>
      }
    >
      {failed ? (
        <Notification kind="error">Failed to load assessment</Notification>
      ) : assessment.isPending ? (
        <p className={page.loading} role="status">
          {goal.isPending ? 'Loading goal...' : 'Generating your assessment...'}
        </p>
      ) : (
        <form
          className={page.form}
          onSubmit={(e) => {
            e.preventDefault();
            void onCreate();
          }}
        >
          {goal.data ? (
            <div className={`card-subtle ${styles.goalSummary}`}>
              <span className={`badge ${styles.badge}`}>{goal.data.level}</span>
              <p className={styles.goalText}>{goalTitle(goal.data.description)}</p>
            </div>
          ) : null}
          <OfflineNote source={assessment.data.source} />
          {assessment.data.questions.topics.map((topic, ti) => (
            <section key={topic.title} className={`card stack ${page.topic}`} aria-label={topic.title}>
              <h2 className={page.topicTitle}>{topic.title}</h2>
              {topic.questions.map((q, qi) => {
                const key = answerKey({ topicIndex: ti, questionIndex: qi });
                return (
                  <div key={key} className={page.question}>
                    <QuestionField
                      question={q}
                      value={answers[key] ?? ''}
                      onChange={(value) => setAnswers((a) => ({ ...a, [key]: value }))}
                    />
                  </div>
                );
              })}
            </section>
          ))}
          {error ? <Notification kind="error">{error}</Notification> : null}
          <div className={page.actions}>
            <span className={styles.muted}>
              {answered} of {questions.length} answered
            </span>
            <Button type="submit" loading={busy} disabled={answered === 0}>
              Create Learning Plan
            </Button>
          </div>
        </form>
      )}
    </PageFrame>
  );
}
