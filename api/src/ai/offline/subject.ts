// The subject of a goal as the learner typed it: "Beginner: I want to learn Python (Beginner)" → "Python".
import type { GoalLevel } from '@mindpath/contracts/ai';

const LEVEL_RE = /\b(Beginner|Practitioner|Advanced)\b/i;
const LEADING = [
  /^(level\s*:\s*)?(beginner|practitioner|advanced)\s*([:\-–]\s*|$)/i,
  /^(i\s+(want|would like|wish|need|plan|hope)\s+to\s+)/i,
  /^(i'?m\s+(trying|going|planning)\s+to\s+)/i,
  /^(how\s+to\s+)/i,
  /^(learn(ing)?|master(ing)?|understand(ing)?|study(ing)?|get\s+(better|good)\s+at|improve\s+(my\s+)?|become\s+(an?\s+)?|start\s+(with\s+)?)\s+/i,
  /^(the\s+basics\s+of|the\s+fundamentals\s+of|basics\s+of|fundamentals\s+of|about)\s+/i,
];

/** The subject named by a goal description, without level markers and "I want to learn". */
export function subjectOf(goal: string): string {
  let s = goal.replace(/\s+/g, ' ').trim();
  s = s.replace(/\s*\((beginner|practitioner|advanced)\)\s*$/i, '');
  for (let round = 0; round < 3; round++) for (const re of LEADING) s = s.replace(re, '');
  s = s.replace(/[.!?]+$/, '').trim();
  // "Python so I can automate my work" → keep the part before a purpose clause
  s = s.split(/\s+(so that|so|in order to|because|to be able to)\s+/i)[0] ?? s;
  if (s.length > 60) s = `${s.slice(0, 60).replace(/\s+\S*$/, '')}`;
  s = s.trim();
  if (!s) return 'General Knowledge';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The level written into a goal description, if any. */
export function levelIn(goal: string): GoalLevel | undefined {
  const m = LEVEL_RE.exec(goal);
  if (!m) return undefined;
  const l = (m[1] as string).toLowerCase();
  return l === 'beginner' ? 'Beginner' : l === 'practitioner' ? 'Practitioner' : 'Advanced';
}

const STOP = new Set(
  'about above after again against because before being below between could doing during every having their there these those through under until which while would your yours what when where with from into that this than then them they will shall should very more most some such only other also just over both each been were have does'.split(
    ' ',
  ),
);

/** Significant words (5+ letters, no stop words), lower-cased. */
export function keywords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^a-z0-9+#]+/)
        .filter((w) => w.length >= 5 && !STOP.has(w)),
    ),
  ];
}
