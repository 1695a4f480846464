import sections from './sections.module.css';

/** What the product does (spec 1 §1 and spec 2): every feature here is one a learner can open today. */
const FEATURES = [
  { title: 'Personal roadmaps', text: 'Sections and lessons generated for your goal and your level.' },
  { title: 'Knowledge assessments', text: 'A check before the roadmap and a quiz after each lesson.' },
  { title: 'AI tutor', text: 'Ask about the lesson you are on, or about your goal from the dashboard.' },
  {
    title: 'Notes and knowledge graph',
    text: 'Notes with tags and [[links]], searchable, drawn as a graph.',
  },
  { title: 'Focus timer', text: 'A Pomodoro timer with ambient sounds that stays with you on every page.' },
  { title: 'Progress dashboard', text: 'Streaks, time spent, lessons completed and what to do next.' },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" className={sections.section} aria-labelledby="features-title">
      <h2 id="features-title" className={sections.title}>
        Everything you need to keep going
      </h2>
      <div className={sections.grid}>
        {FEATURES.map((f) => (
          <article key={f.title} className={`card stack ${sections.card}`}>
            <h3 className={sections.cardTitle}>{f.title}</h3>
            <p className={sections.cardText}>{f.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
