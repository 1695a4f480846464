import type { Payment } from '@mindpath/contracts/subscriptions';
import { useBillingHistory } from '@mindpath/sdk/subscriptions-hooks';
import type { ReactNode } from 'react';
import { formatAmount, formatDate } from '../../plans/index.ts';
import styles from './subscription-tab.module.css';

const STATUS_LABEL: Record<Payment['status'], string> = {
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** Processors name brands in lower case ('visa', 'amex'); the table shows them as printed on the card. */
const BRAND_LABEL: Record<string, string> = {
  amex: 'American Express',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
};
const brandOf = (brand: string) =>
  BRAND_LABEL[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

const cardOf = (p: Payment) =>
  p.cardBrand || p.cardLast4
    ? `${p.cardBrand ? brandOf(p.cardBrand) : 'Card'}${p.cardLast4 ? ` •••• ${p.cardLast4}` : ''}`
    : '—';

/** The learner's payments, newest first: date, amount, status, card brand and last four. */
export function BillingHistory() {
  const { data, isPending, isError } = useBillingHistory();
  let body: ReactNode;
  if (isPending) body = <p className={styles.muted}>Loading billing history…</p>;
  else if (isError) body = <p className={styles.muted}>Billing history could not be loaded.</p>;
  else if (data.length === 0) body = <p className={styles.muted}>No payments yet.</p>;
  else
    body = (
      <div className={styles.tableWrap}>
        <table className={`data-table ${styles.table}`}>
          <caption className="visually-hidden">Billing history</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.id}>
                <td>{formatDate(p.createdAt) ?? '—'}</td>
                <td>{formatAmount(p.amountCents, p.currency)}</td>
                <td>
                  <span className={styles.paymentStatus} data-status={p.status}>
                    {STATUS_LABEL[p.status]}
                  </span>
                </td>
                <td>{cardOf(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className={`card stack ${styles.card}`} aria-labelledby="billing-history-title">
      <h2 id="billing-history-title" className={styles.cardTitle}>
        Billing history
      </h2>
      {body}
    </section>
  );
}
