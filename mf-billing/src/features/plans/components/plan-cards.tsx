import { isPro, PLANS } from '@mindpath/contracts/subscriptions-constants';
import { checkoutFailureMessage, REGISTER_FOR_PRO_PATH } from '@mindpath/sdk/checkout';
import { useIsAuthenticated, useSubscriptionStatus } from '@mindpath/sdk/hooks';
import { useCheckout } from '@mindpath/sdk/subscriptions-hooks';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FeatureList } from './feature-list.tsx';
import styles from './plan-cards.module.css';

function PlanCard({
  plan,
  highlighted = false,
  notes,
  action,
}: {
  plan: (typeof PLANS)[keyof typeof PLANS];
  highlighted?: boolean;
  notes?: readonly string[];
  action: ReactNode;
}) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article
      className={`card stack ${styles.card}`}
      data-highlighted={highlighted || undefined}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className={styles.name}>
        {plan.name}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>${plan.priceUsd}</span>
        <span className={styles.period}>/month</span>
      </p>
      {notes ? (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <FeatureList features={plan.features} label={`${plan.name} features`} />
      <div className={styles.action}>{action}</div>
    </article>
  );
}

/**
 * The two plans with their prices and features (spec 1 §1), for the landing page's pricing and /pricing.
 * A visitor goes to registration with the plan chosen; a free learner upgrades through checkout here.
 */
export default function PlanCards() {
  const authenticated = useIsAuthenticated();
  const { data: status } = useSubscriptionStatus();
  const pro = isPro(status);
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const upgrade = async () => {
    setError(null);
    const outcome = await checkout.mutateAsync();
    if (outcome.kind === 'unauthorized') navigate(REGISTER_FOR_PRO_PATH);
    else setError(checkoutFailureMessage(outcome, 'upgrade'));
  };

  const freeAction = !authenticated ? (
    <Link to="/register?plan=free" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
      Start for free
    </Link>
  ) : pro ? null : (
    <p className={styles.current}>Your current plan</p>
  );

  const proAction = !authenticated ? (
    <Link to={REGISTER_FOR_PRO_PATH} className={buttonClassName({ fullWidth: true })}>
      Get Pro
    </Link>
  ) : pro ? (
    <Link
      to="/settings"
      state={{ activeTab: 'subscription' }}
      className={buttonClassName({ variant: 'secondary', fullWidth: true })}
    >
      Manage Subscription
    </Link>
  ) : (
    <Button fullWidth loading={checkout.isPending} onClick={upgrade}>
      Upgrade to Pro
    </Button>
  );

  return (
    <div className="stack">
      {error ? <Notification kind="error">{error}</Notification> : null}
      <div className={styles.grid}>
        <PlanCard plan={PLANS.free} action={freeAction} />
        <PlanCard
          plan={PLANS.pro}
          highlighted
          notes={['Cancel anytime', '30-day money-back guarantee']}
          action={proAction}
        />
      </div>
    </div>
  );
}
