import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import type { ReactNode } from 'react';

export interface ConfirmProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before something that changes the plan: Cancel has focus, the confirmation says what it does. */
export function ConfirmDialog({
  title,
  description,
  confirm,
  danger,
  ...props
}: ConfirmProps & { title: string; description: ReactNode; confirm: string; danger: boolean }) {
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      role="alertdialog"
      size="sm"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={props.onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={props.onConfirm}>
            {confirm}
          </Button>
        </>
      }
    />
  );
}
