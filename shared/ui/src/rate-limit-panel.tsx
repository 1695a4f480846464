import type { RateLimitError } from '@mindpath/sdk/errors';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { countOf } from './plural.tsx';
import styles from './rate-limit-panel.module.css';

export interface RateLimitPanelProps {
  /** 'Goal Creation Limit Reached', 'Roadmap Generation Limit Reached' (spec 1 §8) */
  title: string;
  /** the rate-limit info of the refusal (a RateLimitError carries it) */
  info: Pick<
    RateLimitError,
    'message' | 'hoursUntilReset' | 'subscriptionMessage' | 'currentCount' | 'maxRequests'
  >;
  /** extra actions (e.g. Close) after the disabled upgrade button */
  actions?: ReactNode;
}

/**
 * The rate-limit panel of spec 1 §8: the message, hours until reset and usage over the maximum. The Pro
 * upgrade button inside it is disabled with the label 'Pro Plan Coming Soon' (spec 1 §6).
 */
export function RateLimitPanel({ title, info, actions }: RateLimitPanelProps) {
  return (
    <section className={styles.panel} role="alert" aria-label={title}>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.message}>{info.message}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Resets in</dt>
          <dd>{countOf(info.hoursUntilReset, 'hour', 'hours')}</dd>
        </div>
        <div>
          <dt>Usage</dt>
          <dd>
            {info.currentCount} / {info.maxRequests}
          </dd>
        </div>
      </dl>
      {info.subscriptionMessage ? <p className={styles.upgrade}>{info.subscriptionMessage}</p> : null}
      <div className={styles.actions}>
        <Button disabled>Pro Plan Coming Soon</Button>
        {actions}
      </div>
    </section>
  );
}
