import { PLANS } from '@mindpath/contracts/subscriptions-constants';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { useRef } from 'react';
import styles from './subscription-tab.module.css';

/**
 * The confirmation before cancelling, saying exactly what happens (spec 2 §4): the plan stays Pro but
 * inactive, so Pro features stop now; the free plan follows at the end date; nothing more is charged.
 */
export function CancelDialog({
  open,
  endDate,
  cancelling,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** the formatted end of the paid period, when known */
  endDate: string | null;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      initialFocusRef={keep}
      title="Cancel your Pro subscription?"
      description="No further charges will be made."
      footer={
        <>
          <Button ref={keep} onClick={onClose} disabled={cancelling}>
            Keep Pro
          </Button>
          <Button variant="secondary" onClick={onConfirm} loading={cancelling}>
            Cancel subscription
          </Button>
        </>
      }
    >
      <ul className={styles.consequences}>
        <li>
          Your plan stays {PLANS.pro.name} but becomes inactive, so Pro features stop as soon as you cancel.
        </li>
        <li>
          {endDate ? `On ${endDate}` : 'At the end of the paid period'} you move to the free {PLANS.free.name}{' '}
          plan.
        </li>
      </ul>
    </Modal>
  );
}
