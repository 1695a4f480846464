export const LOGIN_REQUIRED_MESSAGE = 'Email and password are required';

/** Client-side check before calling the API (spec 1 §5): the error to show, or null when the form may be sent. */
export function validateLogin({ email, password }: { email: string; password: string }): string | null {
  return email.trim() === '' || password === '' ? LOGIN_REQUIRED_MESSAGE : null;
}
