// "Regenerate remaining lessons": beside the full regeneration (which resets progress), only the lessons not
// started are written again, when next opened; what is done stays.
import { ApiRequestError } from '@mindpath/sdk/errors';
import { useRegenerateRemainingLessons } from '@mindpath/sdk/lessons-versions-hooks';
import { Button } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { useToast } from '@mindpath/ui/toast';
import { useState } from 'react';
import { RegenerateRemainingDialog } from './plan-dialogs.tsx';

const FAILED = 'Failed to regenerate the remaining lessons. Please try again later.';

export function RegenerateRemaining({ goalId, disabled }: { goalId: string; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateRemainingLessons(goalId);
  const { show } = useToast();
  const confirm = () => {
    setConfirming(false);
    regenerate.mutate(undefined, {
      onSuccess: ({ cleared }) =>
        show(
          cleared > 0
            ? `${countOf(cleared, 'lesson', 'lessons')} will be written again when you open ${cleared === 1 ? 'it' : 'them'}.`
            : 'Every written lesson is started or completed: nothing was regenerated.',
          { kind: cleared > 0 ? 'success' : 'info', durationMs: 5000 },
        ),
      onError: (err) =>
        show(err instanceof ApiRequestError && err.status < 500 ? err.message : FAILED, { kind: 'error' }),
    });
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setConfirming(true)}
        disabled={disabled}
        loading={regenerate.isPending}
      >
        Regenerate remaining lessons
      </Button>
      <RegenerateRemainingDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </>
  );
}
