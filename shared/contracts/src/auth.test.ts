import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, passwordRuleResults, passwordStrength, RegisterRequestSchema } from './auth.ts';

describe('password strength (spec 1 §5)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcD', 2, 'Fair'],
    ['abcD1', 3, 'Fair'],
    ['abcD1!', 4, 'Good'],
    ['abcdefgh', 2, 'Fair'],
    ['abcdEFG1', 4, 'Good'],
    ['abcdEF1!', 5, 'Strong'],
  ])('%j meets %i rules → %s', (pw, met, label) => {
    expect(passwordStrength(pw)).toEqual({ met, label });
  });

  it('names each rule', () => {
    expect(passwordRuleResults('A1')).toEqual({
      length: false,
      upper: true,
      lower: false,
      number: true,
      special: false,
    });
  });
});

describe('auth payloads', () => {
  it('login needs both fields', () => {
    const r = LoginRequestSchema.safeParse({ email: '  ', password: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Email and password are required');
  });

  it('register lower-cases the email and refuses a weak password with the spec message', () => {
    expect(
      RegisterRequestSchema.parse({ username: 'ann', email: 'Ann@Example.COM', password: 'Str0ng!pw' }).email,
    ).toBe('ann@example.com');
    const weak = RegisterRequestSchema.safeParse({ username: 'ann', email: 'a@b.co', password: 'weakpass' });
    expect(weak.error?.issues.map((i) => i.message)).toContain('Please fix the password issues below');
  });

  it('register refuses a malformed email', () => {
    expect(
      RegisterRequestSchema.safeParse({ username: 'a', email: 'nope', password: 'Str0ng!pw' }).success,
    ).toBe(false);
  });
});
