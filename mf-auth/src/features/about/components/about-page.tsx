import { buttonClassName } from '@mindpath/ui/button';
import { Link } from 'react-router';
import { PRIVACY_FACTS } from '../../privacy-policy/index.ts';
import styles from './about-page.module.css';

/** /about: what Mindpath is, how it works, and how it treats your data (spec 1 §1, spec 2 §9). */
export function AboutPage() {
  return (
    <article className={styles.page} aria-labelledby="about-title">
      <header className={styles.header}>
        <h1 id="about-title" className={styles.title}>
          About Mindpath
        </h1>
        <p className={styles.lead}>
          Mindpath is an AI-assisted learning product for people who want a guided path towards a goal of
          their own — a language, a skill, an exam — without assembling the curriculum themselves.
        </p>
      </header>

      <section aria-labelledby="about-how" className={styles.section}>
        <h2 id="about-how">What it does</h2>
        <p>
          You set a goal and a level. A short knowledge assessment finds what you already know, and Mindpath
          generates a roadmap of sections, each holding lessons. Lessons come with quizzes, audio, resources
          and an AI tutor that answers from the lesson you are reading. Notes you take link up into a
          knowledge base, a focus timer keeps you on task, and the home dashboard tracks your progress per
          goal.
        </p>
        <p>
          The free Basic plan covers one goal with its roadmap; Professional, at $20 a month, opens up to ten
          goals, unlimited lessons and chat, and the best AI models.{' '}
          <Link to="/pricing" className={styles.link}>
            Compare the plans
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="about-data" className={styles.section}>
        <h2 id="about-data">How we treat your data</h2>
        <ul className={styles.list}>
          <li>
            We keep what the product needs to work: your account, your goals and lessons, notes and progress.
          </li>
          <li>Your password is stored only as a hash; card details stay with the payment provider.</li>
          <li>
            Your data is kept {PRIVACY_FACTS.accountRetention}, logs for {PRIVACY_FACTS.logRetention}; you can
            ask for a copy or for deletion, and we answer {PRIVACY_FACTS.rightsResponse}.
          </li>
          <li>
            Analytics, marketing and functional cookies stay off unless you turn them on in the cookie banner.
          </li>
          <li>Mindpath is for learners aged {PRIVACY_FACTS.minimumAge} and over.</li>
        </ul>
        <p>
          <Link to="/privacy-policy" className={styles.link}>
            Read the privacy policy
          </Link>
        </p>
      </section>

      <p className={styles.cta}>
        <Link to="/register" className={buttonClassName({ size: 'lg' })}>
          Start learning for free
        </Link>
      </p>
    </article>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default AboutPage;
