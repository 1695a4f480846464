// A curated lesson kit: what the offline generator teaches in one lesson of a curated curriculum. The
// lesson's key concepts, example, formula and illustration are all drawn from its kit, and its quiz asks
// only what the kit's text teaches, so an offline lesson holds together around its own title.

/** One key idea: a short term and one accurate sentence that teaches it. */
export interface KitConcept {
  term: string;
  text: string;
}

/** A multiple-choice check whose answer the kit's concepts or example state; the first option is right. */
export interface KitCheck {
  q: string;
  options: readonly [string, string, string, string];
}

export interface LessonKit {
  /** the lesson's title exactly as the curriculum (domains.ts) spells it */
  lesson: string;
  concepts: readonly [KitConcept, KitConcept, KitConcept, KitConcept];
  example: {
    /** a fenced-code language tag: sql, python, javascript, typescript, bash, json, text */
    lang: string;
    /** one sentence leading into the code */
    intro: string;
    code: string;
    /** one or two sentences on what the example shows or prints */
    takeaway: string;
  };
  /** only where a formula belongs to the topic (complexity, a metric, a loss): most lessons have none */
  formula?: { tex: string; caption: string };
  checks: readonly [KitCheck, KitCheck];
}
