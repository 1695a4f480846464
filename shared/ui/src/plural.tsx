// Counts with their noun in the right form, by the language's plural rules rather than `n === 1` checks
// scattered over the remotes ("1 notes · 0 links" was one of those).
const rules = new Intl.PluralRules('en-US');

/** "1 note", "0 notes", "2 notes": `one` where English takes the singular, else `other`. */
export function pluralize(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count and its noun: countOf(3, 'lesson', 'lessons') → "3 lessons". */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${pluralize(count, one, other)}`;
}
