// The Goals tab of /settings (spec 2 §2, §5, §8), opened by navigation state activeTab 'goals': the learner's
// goal as GET /api/user gives it, then change the active goal or create a new one, sent as
// 'description (Difficulty)'.
import type { GoalLevel } from '@mindpath/contracts/ai';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { goalsApi, goalTitle } from '@mindpath/sdk/goals-api';
import { useActiveGoal } from '@mindpath/sdk/goals-hooks';
import { useUser } from '@mindpath/sdk/hooks';
import { queryKeys } from '@mindpath/sdk/query-keys';
import { Button } from '@mindpath/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { GoalTextFields } from '../../goal-text/index.ts';
import styles from './goals-tab.module.css';

/** spec 2 §4: status messages clear after 5 seconds */
export const STATUS_CLEAR_MS = 5000;

const serverMessage = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError && err.message && err.status < 500 ? err.message : fallback;

/** spec 2 §3: goalDescription is a string or an object holding description. */
const describe = (value: string | { description: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.description ?? null);

export default function GoalsTab() {
  const user = useUser();
  const active = useActiveGoal();
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState<GoalLevel>('Beginner');
  const [status, setStatus] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<'change' | 'create' | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const current = describe(user.data?.goalDescription);

  const run = async (kind: 'change' | 'create') => {
    if (!description.trim()) {
      setStatus({ kind: 'error', text: 'Please enter a goal description' });
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'change') {
        const goal = active.data;
        if (!goal) throw new Error('no active goal');
        await goalsApi.changeFromTab(goal.id, description, level);
      } else {
        await goalsApi.createFromTab(description, level);
      }
      setStatus({ kind: 'success', text: kind === 'change' ? 'Goal changed' : 'New goal created' });
      setDescription('');
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.user }),
        client.invalidateQueries({ queryKey: queryKeys.goals }),
        client.invalidateQueries({ queryKey: queryKeys.home }),
      ]);
    } catch (err) {
      setStatus({
        kind: 'error',
        text: serverMessage(err, kind === 'change' ? 'Failed to change goal' : 'Failed to create new goal'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.tab} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Your goal
      </h2>
      <p className={styles.current} data-testid="current-goal">
        {user.isPending ? 'Loading…' : current ? goalTitle(current) : 'You have not set a goal yet.'}
      </p>
      <GoalTextFields
        description={description}
        onDescription={setDescription}
        level={level}
        onLevel={setLevel}
        labels={{ description: 'Goal description', level: 'Difficulty' }}
      />
      <div className={styles.actions}>
        <Button
          onClick={() => run('change')}
          loading={busy === 'change'}
          disabled={!active.data || busy !== null}
        >
          Change Goal
        </Button>
        <Button
          variant="secondary"
          onClick={() => run('create')}
          loading={busy === 'create'}
          disabled={busy !== null}
        >
          Create New Goal
        </Button>
      </div>
      {status ? (
        <p role={status.kind === 'error' ? 'alert' : 'status'} className={styles[status.kind]}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
