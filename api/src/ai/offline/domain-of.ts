// Which curriculum a goal is about, and the small text helpers the offline generators share.
import { CURATED, type Domain, genericDomain } from './domains.ts';
import { subjectOf } from './subject.ts';

export const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

export function lowerFirst(s: string) {
  // keep acronyms and code as written ("SQL", "COUNT", "`let`")
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** The curated domain a goal is about, else the generic curriculum for its subject. */
export function domainFor(goal: string): Domain {
  const subject = subjectOf(goal);
  return CURATED.find((c) => c.match.test(subject) || c.match.test(goal))?.domain ?? genericDomain(subject);
}

/** The two lessons that close every section of an offline roadmap: they go back over its lessons. */
export const REVIEW_PREFIX = 'Review and practice: ';
export const PROJECT_PREFIX = 'Mini project: ';
