import { isPro } from '@mindpath/contracts/subscriptions';
import { useSubscriptionStatus } from '@mindpath/sdk/hooks';
import styles from './settings-page.module.css';

const TIER_LABEL = { free: 'Free', basic: 'Basic', pro: 'Pro' } as const;

/** The subscription status as the server reports it; plans and checkout arrive with the billing remote. */
export function SubscriptionTab() {
  const { data, isPending, isError } = useSubscriptionStatus();
  if (isPending) return <p className={styles.muted}>Loading subscription…</p>;
  if (isError || !data) return <p className={styles.muted}>The subscription status could not be loaded.</p>;
  const end = data.endDate ? new Date(data.endDate) : null;
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <div>
          <dt>Plan</dt>
          <dd>
            {TIER_LABEL[data.tier]}
            {isPro(data) ? <span className={styles.pro}>Pro</span> : null}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{data.isActive ? 'Active' : 'Inactive'}</dd>
        </div>
        <div>
          <dt>{data.isActive ? 'Renews' : 'Ends'}</dt>
          <dd>{end && !Number.isNaN(end.valueOf()) ? end.toLocaleDateString() : '—'}</dd>
        </div>
      </dl>
      <p className={styles.muted}>Plan changes and checkout arrive with the billing feature.</p>
    </div>
  );
}
