import type { Source } from '@mindpath/contracts/sources';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** A question before a source goes: Cancel has focus, the confirmation says what goes with it. */
export function RemoveSourceDialog({
  source,
  onCancel,
  onConfirm,
}: {
  source: Source | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={source !== null}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title="Remove this source?"
      description={
        source
          ? `“${source.title}” and everything read from it leave this goal. Lessons already written stay as they are.`
          : ''
      }
      confirm="Remove"
      danger
    />
  );
}
