// Deleting one's account (Settings → Privacy) and the retention notice a login answers with. The periods and
// the words of the privacy facts are in privacy-constants.ts; these are the payloads.
import { z } from 'zod';
import { type AuthResult, PASSWORD_MAX } from './auth.ts';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'That password is not right. Your account has not been deleted.',
  deleted: 'Your account has been deleted.',
  providerDown:
    'The payment service could not be reached to cancel your subscription, so nothing was deleted. Please try again in a moment.',
} as const;

/** DELETE /api/account: the learner's current password confirms it. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().min(1, ACCOUNT_MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** 202: the account is gone for sign-in at once; its data is removed by a job moments later. */
export const DeleteAccountResultSchema = z.object({
  message: z.string(),
  /** when the deletion was asked for */
  requestedAt: z.iso.datetime(),
});
export type DeleteAccountResult = z.infer<typeof DeleteAccountResultSchema>;

/** A login of an account retention had marked for deletion: that login kept it (AuthResult.retentionKept). */
export type RetentionKept = NonNullable<AuthResult['retentionKept']>;
