import { buttonClassName } from '@mindpath/ui/button';
import { ThemeToggle } from '@mindpath/ui/theme';
import { Link } from 'react-router';
import { BrandMark } from '../../brand/index.ts';
import { AccountDeletedNotice } from './account-deleted-notice.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import styles from './landing-page.module.css';
import { PricingSection } from './pricing-section.tsx';
import { ProblemSection } from './problem-section.tsx';

/** The nav anchors of spec 1 §2. */
const ANCHORS = [
  { href: '#hero', label: 'Home' },
  { href: '#problem', label: 'Why Mindpath' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
] as const;

/** Marketing claims of spec 1 §1. */
const CLAIMS = [
  { value: '10K+', label: 'Learners' },
  { value: '50K+', label: 'Lessons' },
  { value: '4.9', label: 'Rating' },
] as const;

const PREVIEW_STEPS = [
  { title: 'Foundations', detail: '4 of 4 lessons', state: 'done' },
  { title: 'Core concepts', detail: '2 of 5 lessons (40%)', state: 'current' },
  { title: 'Hands-on project', detail: 'Locked', state: 'locked' },
] as const;

/**
 * / (spec 1 §2): hero, problem / why us, how it works, features, pricing (the footer is the shell's, as on
 * every public page); its own nav with the section anchors, because the shell hides its header here.
 */
export function LandingPage() {
  return (
    <div className={styles.page}>
      <header className={styles.nav}>
        <Link to="/" className={styles.brand} aria-label="Mindpath home">
          <BrandMark withName nameClassName={styles.brandName} />
        </Link>
        <nav className={styles.anchors} aria-label="Sections">
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className={styles.anchor}>
              {a.label}
            </a>
          ))}
        </nav>
        <nav className={styles.navLinks} aria-label="Account">
          <ThemeToggle className={styles.themeToggle} />
          <Link to="/login" className={buttonClassName({ variant: 'ghost', size: 'md' })}>
            Log in
          </Link>
          <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'md' })}>
            Sign up
          </Link>
        </nav>
      </header>

      {/* the sections of the shell's <main>: a second main landmark would nest in it */}
      <div>
        <AccountDeletedNotice />
        <section id="hero" className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.glow} aria-hidden="true" />
          <div className={styles.copy}>
            <p className={styles.eyebrow}>
              <span className={styles.eyebrowDot} aria-hidden="true" />
              AI-assisted learning paths
            </p>
            <h1 id="hero-title" className={styles.title}>
              Learn anything with a roadmap <span className={styles.gradientText}>built around you</span>
            </h1>
            <p className={styles.subtext}>
              Tell Mindpath what you want to learn. Take a short knowledge check, and get a personal roadmap
              of topics and lessons — with an AI tutor, notes and a focus timer alongside.
            </p>
            <div className={styles.ctas}>
              <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                Start learning for free
              </Link>
              <Link to="/login" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                I already have an account
              </Link>
            </div>
            <dl className={styles.claims}>
              {CLAIMS.map((c) => (
                <div key={c.label} className={styles.claim}>
                  <dt className={styles.claimLabel}>{c.label}</dt>
                  <dd className={styles.claimValue}>
                    {c.value}
                    {c.label === 'Rating' ? (
                      <span className={styles.star} aria-hidden="true">
                        ★
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          </div>

          <figure className={styles.preview} aria-label="Example of a learning roadmap">
            <div className={styles.previewHeader}>
              <span className={styles.level}>Beginner</span>
              <span className={styles.previewMeta}>Roadmap</span>
            </div>
            <p className={styles.previewGoal}>Build web apps with TypeScript</p>
            <div className={styles.progress} role="img" aria-label="Example progress: 42 percent complete">
              <span className={styles.progressFill} />
            </div>
            <p className={styles.progressText}>42% complete · 6 of 14 lessons</p>
            <ol className={styles.steps}>
              {PREVIEW_STEPS.map((s) => (
                <li key={s.title} className={styles.step} data-state={s.state}>
                  <span className={styles.stepDot} aria-hidden="true" />
                  <span className={styles.stepBody}>
                    <span className={styles.stepTitle}>{s.title}</span>
                    <span className={styles.stepDetail}>{s.detail}</span>
                  </span>
                </li>
              ))}
            </ol>
            <figcaption className={styles.previewCaption}>
              Your roadmap adapts to what you already know.
            </figcaption>
          </figure>
        </section>
        <ProblemSection />
        <HowItWorksSection />
        <FeaturesSection />
        <PricingSection />
      </div>
    </div>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default LandingPage;
