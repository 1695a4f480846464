import type { Goal } from '@mindpath/contracts/goals';
import { goalTitle } from '@mindpath/sdk/goals-api';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { useNavigate } from 'react-router';
import type { GoalLimit } from '../utils/goal-sections.ts';

export function DeleteGoalDialog({
  goal,
  onCancel,
  onConfirm,
}: {
  goal: Goal | null;
  onCancel: () => void;
  onConfirm: (goal: Goal) => void;
}) {
  return (
    <Modal
      open={goal !== null}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      title="Delete goal?"
      description={
        goal ? `“${goalTitle(goal.description)}” and its roadmap will be removed. This cannot be undone.` : ''
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => goal && onConfirm(goal)}>
            Delete
          </Button>
        </>
      }
    />
  );
}

/**
 * The goal-limit dialog (spec 1 §2, §9): Get Pro opens the settings on the subscription tab; Continue with
 * Free closes it.
 */
export function GoalLimitDialog({ limit, onClose }: { limit: GoalLimit | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={limit !== null}
      onClose={onClose}
      size="sm"
      title={limit?.title ?? ''}
      description={limit?.message}
      footer={
        limit?.title === 'Goal Limit Reached' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Continue with Free
            </Button>
            <Button onClick={() => navigate('/settings', { state: { activeTab: 'subscription' } })}>
              Get Pro
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>OK</Button>
        )
      }
    >
      {limit?.title === 'Goal Limit Reached' ? (
        <p>Complete or delete your goal in progress, or upgrade to Pro to work on up to 10 goals at once.</p>
      ) : (
        <p>Complete or delete a goal in progress to start a new one.</p>
      )}
    </Modal>
  );
}
