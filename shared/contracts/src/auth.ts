import { z } from 'zod';

/** Password rules of spec 1 §5, in the order the register form lists them. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];
export type PasswordStrength = 'Weak' | 'Fair' | 'Good' | 'Strong';

export function passwordRuleResults(password: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.id, r.test(password)])) as Record<
    PasswordRuleId,
    boolean
  >;
}

/** Weak when at most 1 rule is met, Fair for 2 to 3, Good for 4, Strong for all 5 (spec 1 §5). */
export function passwordStrength(password: string): { met: number; label: PasswordStrength } {
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  const label: PasswordStrength = met <= 1 ? 'Weak' : met <= 3 ? 'Fair' : met === 4 ? 'Good' : 'Strong';
  return { met, label };
}

export const isStrongPassword = (password: string) => PASSWORD_RULES.every((r) => r.test(password));

export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email and password are required').max(EMAIL_MAX),
  password: z.string().min(1, 'Email and password are required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(USERNAME_MAX),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(EMAIL_MAX)),
  password: z.string().max(PASSWORD_MAX).refine(isStrongPassword, 'Please fix the password issues below'),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Auth result (spec 1 §3). */
export const AuthResultSchema = z.object({
  token: z.string(),
  /** a login only: the account had been marked for deletion for inactivity, and this login kept it */
  retentionKept: z.object({ wasDueOn: z.iso.datetime() }).optional(),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

/** User (spec 1 §3); the password never leaves the server. */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  goalDescription: z.union([z.string(), z.object({ description: z.string() })]).nullable(),
});
export type User = z.infer<typeof UserSchema>;
