import { PLANS, PRO_WELCOME_EXTRAS, SUBSCRIPTION_TIMINGS } from '@mindpath/contracts/subscriptions-constants';
import { useConfirmCheckout } from '@mindpath/sdk/subscriptions-hooks';
import { buttonClassName } from '@mindpath/ui/button';
import { Spinner } from '@mindpath/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FeatureList, monthlyPrice } from '../../plans/index.ts';
import { ResultLayout } from './result-layout.tsx';
import styles from './subscription-result.module.css';

/** Everything Pro unlocks, as the success page lists it (spec 1 §1). */
const UNLOCKED = [...PLANS.pro.features, ...PRO_WELCOME_EXTRAS];

const StarIcon = () => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
  </svg>
);

/**
 * /subscription/success?session_id=… (spec 1 §2, §4): verifies for 2 s while the session is confirmed, then
 * the Pro welcome. The confirmation raises subscription-updated; a failed one is only logged (spec 1 §8).
 */
export default function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { mutate: confirm } = useConfirmCheckout();
  const confirmed = useRef<string | null>(null);
  const [verifying, setVerifying] = useState(true);

  useEffect(() => {
    // once per session id, though effects run twice in development
    if (!sessionId || confirmed.current === sessionId) return;
    confirmed.current = sessionId;
    confirm(sessionId);
  }, [sessionId, confirm]);

  useEffect(() => {
    const timer = setTimeout(() => setVerifying(false), SUBSCRIPTION_TIMINGS.successVerifyMs);
    return () => clearTimeout(timer);
  }, []);

  if (verifying) {
    return (
      <div className={`page-status ${styles.verifying}`} role="status">
        <Spinner />
        <span>Verifying your payment…</span>
      </div>
    );
  }

  return (
    <ResultLayout
      tone="success"
      icon={<StarIcon />}
      title="Welcome to Pro!"
      actions={
        <>
          <Link to="/home" className={buttonClassName()}>
            Continue to Dashboard
          </Link>
          <Link
            to="/settings"
            state={{ activeTab: 'subscription' }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Manage Subscription
          </Link>
        </>
      }
    >
      <p>Thank you for upgrading. Everything Pro offers is now unlocked:</p>
      <FeatureList features={UNLOCKED} label="Unlocked features" />
      <p className={styles.renewal}>
        Your subscription renews monthly at {monthlyPrice(PLANS.pro.priceUsd)}. You can cancel anytime in
        Settings.
      </p>
    </ResultLayout>
  );
}
