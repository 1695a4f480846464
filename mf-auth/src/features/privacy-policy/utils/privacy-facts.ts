/** The privacy facts of spec 2 §9, in one place for the policy page and the privacy settings tab. */
export const PRIVACY_FACTS = {
  /** account and learning data: kept this long after the last activity */
  accountRetention: '3 years after your last activity',
  accountRetentionShort: '3 years',
  communicationRetention: '6 years',
  logRetention: '12 months',
  minimumAge: 13,
  rightsResponse: 'within one month',
} as const;

/** What the browser keeps on this device (never sent to the server except the sign-in token). */
export const LOCAL_DATA = [
  { name: 'Sign-in token', detail: 'keeps you logged in; removed when you log out' },
  { name: 'Theme', detail: 'light or dark (dark by default)' },
  { name: 'Remember me', detail: 'a flag for 30 days of staying signed in' },
  { name: 'Display name', detail: 'the username you set in Profile settings' },
  { name: 'Avatar', detail: 'the avatar theme you picked' },
  { name: 'Cookie consent', detail: 'your choices for analytics, marketing and functional cookies' },
  { name: 'Focus timer', detail: 'your Pomodoro settings, timer state and ambient sound choice' },
] as const;
