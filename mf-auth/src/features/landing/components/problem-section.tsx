import sections from './sections.module.css';

/** The problem, and why Mindpath answers it (spec 1 §1). */
const POINTS = [
  {
    problem: 'Too much to learn, no idea where to start',
    answer:
      'Mindpath turns a goal into an ordered roadmap of sections and lessons, so the next step is always clear.',
  },
  {
    problem: 'Courses that repeat what you already know',
    answer: 'A short knowledge assessment finds your level, and the roadmap keeps only the topics you need.',
  },
  {
    problem: 'Stuck alone with a question',
    answer: 'An AI tutor answers from the lesson you are reading; your notes link up into a knowledge base.',
  },
] as const;

export function ProblemSection() {
  return (
    <section id="problem" className={sections.section} aria-labelledby="problem-title">
      <h2 id="problem-title" className={sections.title}>
        Why Mindpath
      </h2>
      <p className={sections.intro}>
        Learning on your own is hard for the same few reasons. We built for them.
      </p>
      <div className={sections.grid}>
        {POINTS.map((p) => (
          <article key={p.problem} className={`card stack ${sections.card}`}>
            <h3 className={sections.cardTitle}>{p.problem}</h3>
            <p className={sections.cardText}>{p.answer}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
