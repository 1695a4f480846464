import { PLANS } from '@mindpath/contracts/subscriptions-constants';
import { PlanCards } from '../../plans/index.ts';
import styles from './pricing-page.module.css';

/** Plan by plan, from the spec's limits (spec 1 §1, §9). */
const COMPARISON = [
  { feature: 'Price', free: `$${PLANS.free.priceUsd}/month`, pro: `$${PLANS.pro.priceUsd}/month` },
  { feature: 'Goals in progress', free: '1', pro: 'Up to 10' },
  { feature: 'Topics per goal', free: '1', pro: 'Every topic you choose' },
  { feature: 'Lessons', free: '1 per 24 hours', pro: 'Unlimited' },
  { feature: 'Goal and roadmap generation', free: '1 each every 3 days', pro: 'Unlimited' },
  { feature: 'AI chat queries', free: '5 per day', pro: 'Unlimited' },
  { feature: 'AI models', free: 'Standard', pro: 'The best AI models' },
  { feature: 'Notes and knowledge base', free: 'Yes', pro: 'Yes' },
  { feature: 'Pomodoro timer', free: 'Yes', pro: 'Yes' },
] as const;

const FAQ = [
  {
    q: 'How much does Professional cost?',
    a: `$${PLANS.pro.priceUsd} a month, charged monthly through our card payment provider's secure checkout. Basic is free.`,
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. Cancel from Settings → Subscription; you keep Pro until the end of the month you paid for.',
  },
  {
    q: 'Is there a money-back guarantee?',
    a: 'Yes: a 30-day money-back guarantee on Professional.',
  },
  {
    q: 'What does the free plan include?',
    a: `${PLANS.free.features.join(', ')}.`,
  },
] as const;

/** /pricing: the plan cards, a comparison table and a short FAQ; open to visitors and learners alike. */
export function PricingPage() {
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>Pricing</h1>
        <p className={styles.lead}>Start free. Upgrade to Professional when you want more.</p>
      </header>
      <PlanCards />
      <section aria-labelledby="compare-title" className={styles.block}>
        <h2 id="compare-title" className={styles.heading}>
          Compare the plans
        </h2>
        <div className={styles.tableWrap}>
          <table className={`data-table ${styles.table}`}>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">{PLANS.free.name}</th>
                <th scope="col">{PLANS.pro.name}</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  <td>{row.free}</td>
                  <td>{row.pro}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="faq-title" className={styles.block}>
        <h2 id="faq-title" className={styles.heading}>
          Questions
        </h2>
        <dl className={styles.faq}>
          {FAQ.map((item) => (
            <div key={item.q} className={`card ${styles.faqItem}`}>
              <dt className={styles.question}>{item.q}</dt>
              <dd className={styles.answer}>{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default PricingPage;
