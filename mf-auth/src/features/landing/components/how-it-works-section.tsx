import { type KeyboardEvent, useId, useRef } from 'react';
import { useTabCarousel } from '../hooks/use-tab-carousel.ts';
import getYourRoadmap from '../screenshots/get-your-roadmap.jpg';
import learnInteractively from '../screenshots/learn-interactively.jpg';
import setYourGoals from '../screenshots/set-your-goals.jpg';
import trackProgress from '../screenshots/track-progress.jpg';
import styles from './how-it-works-section.module.css';
import sections from './sections.module.css';

/**
 * The four steps of spec 1 §2, each with a screenshot of the product's own page, taken from the running
 * product by `pnpm --filter @mindpath/e2e screenshots:landing` (e2e/scripts/landing-screenshots.ts).
 */
const STEPS = [
  {
    title: 'Set Your Goals',
    text: 'Say what you want to learn and at what level. A short knowledge check finds what you already know.',
    image: setYourGoals,
    alt: 'The new-goal dialog of Mindpath, with a goal being written and its level chosen',
  },
  {
    title: 'Get Your Roadmap',
    text: 'Mindpath turns your goal into sections and lessons, skipping what you already know.',
    image: getYourRoadmap,
    alt: 'A learning plan in Mindpath: the goal, its progress and the timeline of milestones with their lessons',
  },
  {
    title: 'Learn Interactively',
    text: 'Read each lesson with code, formulas and audio, ask the AI tutor, and keep notes as you go.',
    image: learnInteractively,
    alt: 'A Mindpath lesson page with its content and the lesson tools',
  },
  {
    title: 'Track Progress',
    text: 'Your home dashboard shows your streak, time spent, lessons done and what comes next.',
    image: trackProgress,
    alt: 'The Mindpath home dashboard with progress statistics and the next lesson',
  },
] as const;

/** How it works: ARIA tabs that rotate every 3 s, hold while hovered or focused, and have a pause control. */
export function HowItWorksSection() {
  const { active, select, pause, running, hold } = useTabCarousel(STEPS.length);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = STEPS.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
    tabs.current[to]?.focus();
  };

  return (
    <section id="how-it-works" className={sections.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sections.title}>
        How it works
      </h2>
      <p className={sections.intro}>From a goal to a plan you can follow, in four steps.</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hovering only holds the rotation; the pause button is the accessible control */}
      <div
        className={styles.carousel}
        onMouseEnter={() => hold('hovered', true)}
        onMouseLeave={() => hold('hovered', false)}
        onFocus={() => hold('focused', true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focused', false);
        }}
      >
        <div className={styles.bar}>
          <div role="tablist" aria-label="How it works" className={styles.tablist} onKeyDown={onKeyDown}>
            {STEPS.map((step, i) => (
              <button
                key={step.title}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${i}`}
                aria-selected={i === active}
                aria-controls={`${id}-panel-${i}`}
                tabIndex={i === active ? 0 : -1}
                className={styles.tab}
                onClick={() => select(i)}
              >
                <span className={styles.tabNumber} aria-hidden="true">
                  {i + 1}
                </span>
                {step.title}
              </button>
            ))}
          </div>
          <button type="button" className={styles.pause} onClick={() => hold('stopped', !pause.stopped)}>
            {pause.stopped ? 'Play' : 'Pause'}
            <span className="visually-hidden"> the rotation of the steps</span>
          </button>
        </div>
        {STEPS.map((step, i) => (
          <div
            key={step.title}
            role="tabpanel"
            id={`${id}-panel-${i}`}
            aria-labelledby={`${id}-tab-${i}`}
            hidden={i !== active}
            className={styles.panel}
            data-running={running || undefined}
          >
            <p className={styles.panelText}>{step.text}</p>
            <img
              className={styles.shot}
              src={step.image}
              alt={step.alt}
              width={1200}
              height={750}
              loading="lazy"
              decoding="async"
            />
          </div>
        ))}
      </div>
    </section>
  );
}
