// When something comes due, in words: the review page's empty state and the home dashboard's review panel.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "in 5 minutes", "tomorrow at 09:00", "on 14 March": when the next card comes due, for the empty state. */
export function describeDue(now: Date, due: Date, locale = 'en-GB'): string {
  const ms = due.getTime() - now.getTime();
  if (ms <= MINUTE) return 'in a minute';
  if (ms < HOUR) return `in ${Math.round(ms / MINUTE)} minutes`;
  const time = due.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((dayOf(due) - dayOf(now)) / DAY);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `on ${due.toLocaleDateString(locale, { day: 'numeric', month: 'long' })}`;
}
