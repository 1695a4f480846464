// "Use this roadmap" for a visitor: the slug waits in the session while they register or log in; once
// they are logged in and the auth page has sent them on (to /goals or /home), they are brought back to the
// shared roadmap, whose page then copies it for them.
import { sharePath } from '@mindpath/contracts/roadmap-shares';
import { bus } from '@mindpath/events';
import { sessionStore } from '@mindpath/sdk/local-store';

const AUTH_PAGES = new Set(['/login', '/register']);
/** how long the auth page may take to send the learner on before they are brought back regardless */
const WAIT_MS = 5_000;
const STEP_MS = 50;

export function rememberCopy(slug: string) {
  sessionStore.set('sharedRoadmapToCopy', slug);
}

/** The slug waiting for this learner on this page, taken once. */
export function takeWaitingCopy(slug: string): boolean {
  if (sessionStore.get('sharedRoadmapToCopy') !== slug) return false;
  sessionStore.remove('sharedRoadmapToCopy');
  return true;
}

/** The router follows the address bar on popstate: the page changes as on a link's click. */
function goTo(path: string) {
  window.history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

let listening = false;

/** Listens once per page load: on login or registration with a roadmap waiting, goes back to it. */
export function listenForLogin() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  bus.on('auth-change', ({ authenticated }) => {
    const slug = sessionStore.get('sharedRoadmapToCopy');
    if (!authenticated || !slug) return;
    const started = Date.now();
    const check = () => {
      if (AUTH_PAGES.has(window.location.pathname) && Date.now() - started < WAIT_MS)
        setTimeout(check, STEP_MS);
      else goTo(sharePath(slug));
    };
    setTimeout(check, STEP_MS);
  });
}
