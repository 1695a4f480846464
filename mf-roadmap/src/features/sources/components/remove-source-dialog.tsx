import type { Source } from '@mindpath/contracts/sources';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';

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
    <Modal
      open={source !== null}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      title="Remove this source?"
      description={
        source
          ? `“${source.title}” and everything read from it leave this goal. Lessons already written stay as they are.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Remove
          </Button>
        </>
      }
    />
  );
}
