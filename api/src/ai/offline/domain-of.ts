// Which curriculum a goal is about, the kits its lessons draw on, and the small text helpers the offline
// generators share.
import { type Domain, type LessonKit, offlineContent } from './content.ts';
import { subjectOf } from './subject.ts';

export const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

export function lowerFirst(s: string) {
  // keep acronyms and code as written ("SQL", "COUNT", "`let`")
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** A curriculum for any subject, from the learner's own words and sound learning practice. */
function genericDomain(subject: string): Domain {
  // a replacer function, so a subject such as "$& tricks" goes in as written
  return JSON.parse(JSON.stringify(offlineContent().generic), (_key, value) =>
    typeof value === 'string' ? value.replaceAll('{subject}', () => subject) : value,
  );
}

/** The curated domain a goal is about, else the generic curriculum for its subject. */
export function domainFor(goal: string): Domain {
  const subject = subjectOf(goal);
  return (
    offlineContent().curated.find((c) => c.match.test(subject) || c.match.test(goal))?.domain ??
    genericDomain(subject)
  );
}

/** The kit of a lesson of a curated curriculum, if it has one. */
export function kitFor(domainId: string, lessonTitle: string): LessonKit | undefined {
  const curriculum = offlineContent().curated.find((c) => c.domain.id === domainId);
  return curriculum?.kits.find((k) => norm(k.lesson) === norm(lessonTitle));
}

/** The kits of a section's lessons (for its review and mini-project lessons), in curriculum order. */
export function kitsOf(domainId: string, lessonTitles: readonly string[]): LessonKit[] {
  return lessonTitles.flatMap((t) => kitFor(domainId, t) ?? []);
}

/** The two lessons that close every section of an offline roadmap: they go back over its lessons. */
export const REVIEW_PREFIX = 'Review and practice: ';
export const PROJECT_PREFIX = 'Mini project: ';
