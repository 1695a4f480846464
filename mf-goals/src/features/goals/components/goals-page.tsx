import type { Goal } from '@mindpath/contracts/goals';
import { isPro } from '@mindpath/contracts/subscriptions-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { useDeleteGoal, useGoals, useSetActiveGoal } from '@mindpath/sdk/goals-hooks';
import { useSubscriptionStatus } from '@mindpath/sdk/hooks';
import { sessionStore } from '@mindpath/sdk/local-store';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buildingOf, NewGoalWizard, ResumedGeneration } from '../../new-goal/index.ts';
import { type GoalLimit, goalLimit, goalSections } from '../utils/goal-sections.ts';
import { ActiveGoalCard, CompletedGoalCard, GoalCard } from './goal-cards.tsx';
import { DeleteGoalDialog, GoalLimitDialog } from './goal-dialogs.tsx';
import styles from './goals.module.css';

/** spec 1 §9: messages clear after 3 s */
const MESSAGE_MS = 3000;

type Flash = { kind: 'success' | 'error'; text: string };

/**
 * The goals page (spec 1 §2). With `newGoal` (the /goals/new route) the new-goal wizard opens over it,
 * unless the plan's goal limit is reached, which shows the goal-limit dialog instead.
 */
export function GoalsScreen({ newGoal = false }: { newGoal?: boolean }) {
  const navigate = useNavigate();
  const goals = useGoals();
  const status = useSubscriptionStatus();
  const setActive = useSetActiveGoal();
  const remove = useDeleteGoal();
  const [toDelete, setToDelete] = useState<Goal | null>(null);
  const [limit, setLimit] = useState<GoalLimit | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  // the wizard's gate is decided once, when it opens: goals it creates itself must not close it
  const [wizard, setWizard] = useState<'pending' | 'open' | 'blocked'>('pending');
  // a reload while the wizard built a roadmap: read once, so the wizard's own address change later is not one
  const [params] = useSearchParams();
  const [resumed] = useState(() => (newGoal ? buildingOf(params) : null));

  const list = goals.data ?? [];
  const pro = isPro(status.data);
  const ready = goals.isSuccess && !status.isPending;

  useEffect(() => {
    if (!newGoal) {
      setWizard('pending');
      return;
    }
    if (resumed || wizard !== 'pending' || !(ready || goals.isError)) return;
    const blocked = goals.isSuccess ? goalLimit(goals.data, pro) : null;
    setLimit(blocked);
    setWizard(blocked ? 'blocked' : 'open');
  }, [newGoal, resumed, wizard, ready, goals.isError, goals.isSuccess, goals.data, pro]);

  // not this learner's goal (an edited address): the goals page, not a generation that never ends
  useEffect(() => {
    if (resumed && goals.isSuccess && !goals.data.some((g) => g.id === resumed.goalId))
      navigate('/goals', { replace: true });
  }, [resumed, goals.isSuccess, goals.data, navigate]);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const onAdd = () => {
    const blocked = ready ? goalLimit(list, pro) : null;
    if (blocked) setLimit(blocked);
    else navigate('/goals/new');
  };

  const onSetActive = (goal: Goal) =>
    setActive.mutate(goal.id, {
      onSuccess: () => setFlash({ kind: 'success', text: 'Active goal updated successfully!' }),
      onError: (err) =>
        setFlash({
          kind: 'error',
          text: err instanceof ApiRequestError && err.message ? err.message : 'Failed to update active goal',
        }),
    });

  const { active, others, completed } = goalSections(list);
  const welcome = sessionStore.get('fromRegistration') === true && goals.isSuccess && list.length === 0;

  return (
    <PageFrame
      title="Goals"
      intro="Set a learning goal and Mindpath builds a roadmap of topics and lessons for it."
      actions={
        <Button onClick={onAdd} className={welcome ? styles.highlight : undefined}>
          Add New Goal
        </Button>
      }
    >
      <div className={styles.stack}>
        {welcome ? (
          <Notification kind="info" title="Welcome to Mindpath!">
            Your account is ready. Start with <strong>Add New Goal</strong>: describe what you want to learn
            and Mindpath builds your roadmap.
          </Notification>
        ) : null}
        {flash ? <Notification kind={flash.kind}>{flash.text}</Notification> : null}

        {goals.isPending ? (
          <p className={styles.loading} role="status">
            Loading goals...
          </p>
        ) : list.length === 0 ? (
          <>
            {goals.isError ? <Notification kind="error">Could not load goals.</Notification> : null}
            <EmptyState title="No goals yet">
              <p>
                Add a goal to get a personalized roadmap, or reload the page if you expected to see yours.
              </p>
              <div className={styles.emptyActions}>
                <Button onClick={onAdd}>Add Your First Goal</Button>
                <Button variant="secondary" onClick={() => window.location.reload()}>
                  Reload Page
                </Button>
              </div>
            </EmptyState>
          </>
        ) : (
          <>
            {active ? (
              <section className={`stack ${styles.section}`} aria-labelledby="goals-active">
                <h2 id="goals-active" className={styles.sectionTitle}>
                  Active Goal
                </h2>
                <ActiveGoalCard goal={active} onDelete={setToDelete} />
              </section>
            ) : null}
            {others.length > 0 ? (
              <section className={`stack ${styles.section}`} aria-labelledby="goals-others">
                <h2 id="goals-others" className={styles.sectionTitle}>
                  Goals
                </h2>
                <div className={styles.grid}>
                  {others.map((g) => (
                    <GoalCard
                      key={g.id}
                      goal={g}
                      onDelete={setToDelete}
                      onSetActive={onSetActive}
                      settingActive={setActive.isPending && setActive.variables === g.id}
                    />
                  ))}
                </div>
              </section>
            ) : null}
            {completed.length > 0 ? (
              <section className={`stack ${styles.section}`} aria-labelledby="goals-completed">
                <h2 id="goals-completed" className={styles.sectionTitle}>
                  Completed Goals
                </h2>
                <div className={styles.grid}>
                  {completed.map((g) => (
                    <CompletedGoalCard key={g.id} goal={g} />
                  ))}
                </div>
              </section>
            ) : null}
          </>
        )}
      </div>

      <DeleteGoalDialog
        goal={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(goal) => {
          setToDelete(null);
          remove.mutate(goal.id);
        }}
      />
      <GoalLimitDialog
        limit={limit}
        onClose={() => {
          setLimit(null);
          if (newGoal) navigate('/goals');
        }}
      />
      {resumed ? <ResumedGeneration building={resumed} /> : null}
      {newGoal && wizard === 'open' ? (
        <NewGoalWizard
          onClose={() => navigate('/goals')}
          onGoalLimit={(refused) => {
            setWizard('blocked');
            setLimit(refused);
          }}
        />
      ) : null}
    </PageFrame>
  );
}

export default function GoalsPage() {
  return <GoalsScreen />;
}
