import { isPro, PLANS, SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions-constants';
import { checkoutFailureMessage, learnerMessageOf, REGISTER_FOR_PRO_PATH } from '@mindpath/sdk/checkout';
import {
  useCancelSubscription,
  useCheckout,
  useSubscriptionDetails,
} from '@mindpath/sdk/subscriptions-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FeatureList, monthlyPrice } from '../../plans/index.ts';
import { useStatusMessage } from '../hooks/use-status-message.ts';
import { planSummary } from '../utils/plan-summary.ts';
import { BillingHistory } from './billing-history.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import styles from './subscription-tab.module.css';

/**
 * The Subscription tab of /settings (spec 2 §2, §4, §8): the plan, its price, status and renewal or end date;
 * Upgrade to Pro through checkout, or Cancel subscription after a confirmation; the billing history.
 */
export default function SubscriptionTab() {
  const details = useSubscriptionDetails();
  const checkout = useCheckout();
  const cancel = useCancelSubscription();
  const navigate = useNavigate();
  const status = useStatusMessage();
  const [confirming, setConfirming] = useState(false);

  const upgrade = async () => {
    status.show(null);
    const outcome = await checkout.mutateAsync();
    if (outcome.kind === 'unauthorized') {
      navigate(REGISTER_FOR_PRO_PATH);
      return;
    }
    const failure = checkoutFailureMessage(outcome, 'settings');
    if (failure) status.show({ kind: 'error', text: failure });
  };

  const confirmCancel = () => {
    status.show(null);
    cancel.mutate(undefined, {
      onSuccess: ({ message }) => status.show({ kind: 'success', text: message }),
      onError: (error) =>
        status.show({
          kind: 'error',
          text: learnerMessageOf(error) ?? SUBSCRIPTION_MESSAGES.settingsCancelFailed,
        }),
      onSettled: () => setConfirming(false),
    });
  };

  if (details.isPending) return <p className={styles.muted}>Loading subscription…</p>;
  if (details.isError) {
    return (
      <Notification kind="error">
        {learnerMessageOf(details.error) ?? SUBSCRIPTION_MESSAGES.settingsLoadStatusFailed}
      </Notification>
    );
  }

  const summary = planSummary(details.data);
  const pro = isPro(details.data);

  return (
    <div className={`stack ${styles.tab}`}>
      <section className={`card stack ${styles.card}`} aria-labelledby="subscription-plan-title">
        <h2 id="subscription-plan-title" className={styles.cardTitle}>
          Subscription
        </h2>
        {status.message ? (
          <Notification kind={status.message.kind}>{status.message.text}</Notification>
        ) : null}
        <dl className={styles.facts}>
          <div>
            <dt>Plan</dt>
            <dd>
              {summary.plan}
              {pro ? <span className={styles.pro}>Pro</span> : null}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{summary.price}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{summary.status}</dd>
          </div>
          {summary.period ? (
            <div>
              <dt>{summary.period.label}</dt>
              <dd>{summary.period.date}</dd>
            </div>
          ) : null}
        </dl>
        {summary.status === 'Cancelled' ? (
          <p className={styles.muted}>
            Your subscription is cancelled: Pro features have stopped and no further charges will be made.
            {summary.period ? ` On ${summary.period.date} you move to the free ${PLANS.free.name} plan.` : ''}
          </p>
        ) : null}
        {pro ? (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          </div>
        ) : (
          <div className={styles.upgrade}>
            <p>
              {PLANS.pro.name} costs {monthlyPrice(PLANS.pro.priceUsd)}. Cancel anytime.
            </p>
            <FeatureList features={PLANS.pro.features} label={`${PLANS.pro.name} features`} />
            <div className={styles.actions}>
              <Button onClick={upgrade} loading={checkout.isPending}>
                Upgrade to Pro
              </Button>
            </div>
          </div>
        )}
      </section>
      <BillingHistory />
      <CancelDialog
        open={confirming}
        endDate={summary.period?.date ?? null}
        cancelling={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
