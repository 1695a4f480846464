import { Link } from 'react-router';
import { LOCAL_DATA, PRIVACY_FACTS } from '../utils/privacy-facts.ts';
import styles from './privacy-policy-page.module.css';

const SECTIONS = [
  { id: 'overview', title: 'Overview' },
  { id: 'what-we-store', title: 'What we store' },
  { id: 'on-your-device', title: 'On your device' },
  { id: 'how-we-use-it', title: 'How we use it' },
  { id: 'cookies', title: 'Cookies and consent' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'children', title: 'Children' },
  { id: 'security', title: 'Security' },
  { id: 'changes', title: 'Changes and contact' },
] as const;

/** /privacy-policy (spec 1 §2): a readable policy built on the facts of spec 2 §9. */
export function PrivacyPolicyPage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.kicker}>Legal</p>
        <h1 className={styles.title}>Privacy policy</h1>
        <p className={styles.lead}>
          What Mindpath stores about you, why, for how long, and what you can do about it — in plain words.
        </p>
        <ul className={styles.facts} aria-label="Key facts">
          <li>
            <strong>{PRIVACY_FACTS.accountRetentionShort}</strong>
            <span>retention after last activity</span>
          </li>
          <li>
            <strong>{PRIVACY_FACTS.minimumAge}+</strong>
            <span>minimum age</span>
          </li>
          <li>
            <strong>1 month</strong>
            <span>to answer rights requests</span>
          </li>
        </ul>
      </header>

      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="On this page">
          <p className={styles.tocTitle}>On this page</p>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className={styles.article}>
          <section id="overview" aria-labelledby="overview-title">
            <h2 id="overview-title">Overview</h2>
            <p>
              Mindpath is a learning service: you set a learning goal, optionally take a knowledge assessment,
              and get an AI-generated roadmap of topics and lessons. To do that we need to keep an account for
              you and the learning data you create. We do not sell your data and we do not use it for
              advertising.
            </p>
          </section>

          <section id="what-we-store" aria-labelledby="what-we-store-title">
            <h2 id="what-we-store-title">What we store</h2>
            <ul>
              <li>
                <strong>Account:</strong> your email address and username, and your password — stored only as
                a salted hash, never in readable form.
              </li>
              <li>
                <strong>Learning data:</strong> your goals and their level, knowledge-assessment questions and
                your answers, roadmaps, lessons and your progress, lesson assessment scores, and your
                conversations with the AI tutor.
              </li>
              <li>
                <strong>Notes:</strong> the notes you write in the knowledge base, their tags and the links
                between them.
              </li>
              <li>
                <strong>Focus timer:</strong> your Pomodoro settings and the completed focus sessions you
                record.
              </li>
              <li>
                <strong>Subscription:</strong> your plan, whether it is active and when it ends. Card payments
                are handled on the payment provider&apos;s hosted checkout page; we never see or store your
                card number.
              </li>
              <li>
                <strong>Technical logs:</strong> requests to our servers (time, address, path, result) used to
                keep the service running and secure.
              </li>
            </ul>
          </section>

          <section id="on-your-device" aria-labelledby="on-your-device-title">
            <h2 id="on-your-device-title">On your device</h2>
            <p>Some preferences never leave your browser. They are kept in its local storage:</p>
            <dl className={styles.localList}>
              {LOCAL_DATA.map((item) => (
                <div key={item.name}>
                  <dt>{item.name}</dt>
                  <dd>{item.detail}</dd>
                </div>
              ))}
            </dl>
            <p>
              You can clear them at any time in Settings → Privacy (you stay logged in), or by clearing your
              browser&apos;s site data.
            </p>
          </section>

          <section id="how-we-use-it" aria-labelledby="how-we-use-it-title">
            <h2 id="how-we-use-it-title">How we use it</h2>
            <ul>
              <li>To run your account and show you your goals, roadmaps, lessons, notes and progress.</li>
              <li>
                To generate learning content. The text needed for a generation — your goal, your assessment
                answers, the lesson you are on and your chat messages — is sent to the AI model that produces
                it. When an external AI provider is configured, that provider receives this text to answer the
                request.
              </li>
              <li>To apply the limits of your plan and to manage your subscription.</li>
              <li>To keep the service secure, find faults and prevent abuse.</li>
            </ul>
          </section>

          <section id="cookies" aria-labelledby="cookies-title">
            <h2 id="cookies-title">Cookies and consent</h2>
            <p>
              Necessary storage (such as your sign-in) is always on. Analytics, marketing and functional
              cookies are off unless you turn them on in the cookie banner; you can Reject All, Accept All or
              choose per category. Your choice is saved on your device.
            </p>
          </section>

          <section id="retention" aria-labelledby="retention-title">
            <h2 id="retention-title">How long we keep it</h2>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Kept for</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Account and learning data</td>
                  <td>{PRIVACY_FACTS.accountRetention}</td>
                </tr>
                <tr>
                  <td>Communication records (e.g. support messages)</td>
                  <td>{PRIVACY_FACTS.communicationRetention}</td>
                </tr>
                <tr>
                  <td>Technical logs</td>
                  <td>{PRIVACY_FACTS.logRetention}</td>
                </tr>
                <tr>
                  <td>Payment records (amount, date, invoice number; never card details)</td>
                  <td>{PRIVACY_FACTS.paymentRecords}, also after you delete your account</td>
                </tr>
              </tbody>
            </table>
            <p>
              After these periods the data is deleted or made anonymous. An account unused for{' '}
              {PRIVACY_FACTS.accountRetentionShort} is deleted with everything in it;{' '}
              {PRIVACY_FACTS.retentionNotice} before that, logging in shows a notice, and logging in keeps the
              account.
            </p>
          </section>

          <section id="your-rights" aria-labelledby="your-rights-title">
            <h2 id="your-rights-title">Your rights</h2>
            <p>
              You can ask for a copy of your data, have it corrected, have it deleted, take it elsewhere, or
              object to how it is used. We respond to every rights request {PRIVACY_FACTS.rightsResponse}.
            </p>
            <p>
              Two of them need no request at all. In Settings → Privacy, <strong>Download my data</strong>{' '}
              gives you everything you made in open formats (JSON, Markdown, CSV and an Anki deck for your
              review cards); its link works for {PRIVACY_FACTS.dataExportLink}.{' '}
              <strong>Delete my account</strong> there deletes your account and everything in it at once, ends
              your subscription without further charge, and signs you out everywhere.
            </p>
          </section>

          <section id="children" aria-labelledby="children-title">
            <h2 id="children-title">Children</h2>
            <p>
              You must be at least {PRIVACY_FACTS.minimumAge} years old to use Mindpath. We do not knowingly
              keep data of younger children; if we learn that we do, we delete it.
            </p>
          </section>

          <section id="security" aria-labelledby="security-title">
            <h2 id="security-title">Security</h2>
            <p>
              Passwords are hashed with a modern password-hashing algorithm, every request is authenticated,
              and each learner can only reach their own data. No system is perfectly secure, but we work to
              protect yours.
            </p>
          </section>

          <section id="changes" aria-labelledby="changes-title">
            <h2 id="changes-title">Changes and contact</h2>
            <p>
              If this policy changes in a way that matters, we will say so in the app. For questions or
              requests, use the support contact shown in the app.
            </p>
            <p className={styles.back}>
              <Link to="/">← Back to Mindpath</Link>
            </p>
          </section>
        </article>
      </div>
    </div>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default PrivacyPolicyPage;
