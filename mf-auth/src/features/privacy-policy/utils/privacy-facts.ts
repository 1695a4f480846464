// The periods come from one place (the API's retention task enforces the same ones).
export { PRIVACY_FACTS } from '@mindpath/contracts/privacy-constants';

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
