import { useSubscriptionUpdates } from '@mindpath/sdk/subscriptions-hooks';
import { useSessionEvents } from './use-session-events.ts';

/** The session's side of the bus: expiry, toasts and the plan's updates (inside a data boundary). */
export function SessionEvents() {
  useSessionEvents();
  useSubscriptionUpdates();
  return null;
}
