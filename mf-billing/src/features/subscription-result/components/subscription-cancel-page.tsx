import { PLANS } from '@mindpath/contracts/subscriptions-constants';
import { SUPPORT_EMAIL } from '@mindpath/contracts/support';
import { buttonClassName } from '@mindpath/ui/button';
import { Link } from 'react-router';
import { FeatureList } from '../../plans/index.ts';
import { ResultLayout } from './result-layout.tsx';
import styles from './subscription-result.module.css';

const PauseIcon = () => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </svg>
);

/** /subscription/cancel (spec 1 §2): the checkout was left, nothing was charged, the free plan goes on. */
export default function SubscriptionCancelPage() {
  return (
    <ResultLayout
      tone="neutral"
      icon={<PauseIcon />}
      title="Payment cancelled"
      actions={
        <>
          <Link to={{ pathname: '/', hash: '#pricing' }} className={buttonClassName()}>
            Try Upgrade Again
          </Link>
          <Link to="/home" className={buttonClassName({ variant: 'secondary' })}>
            Go to Dashboard
          </Link>
        </>
      }
    >
      <p>No payment was made. You keep the free {PLANS.free.name} plan and its features:</p>
      <FeatureList features={PLANS.free.features} label={`${PLANS.free.name} features`} />
      <p className={styles.support}>
        Questions about upgrading? Contact support at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </ResultLayout>
  );
}
