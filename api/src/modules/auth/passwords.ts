// argon2id (the library's default algorithm) with its default, OWASP-recommended cost.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a 500
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash no password matches. Login verifies against it when the email is unknown, so an unknown email
 * costs the same time as a wrong password and the response time does not reveal which emails exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString('base64'));
  return dummyHash;
}
