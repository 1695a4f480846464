// What other modules use of accounts: the last-activity memo (the auth plugin) and what a login does with
// an account's retention mark and deletion request.
export { lastActivity } from './last-activity.ts';
export { signInOutcome } from './sign-in.ts';
