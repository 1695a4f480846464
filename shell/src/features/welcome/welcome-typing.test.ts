import { describe, expect, it } from 'vitest';
import { typedAt, typingEndsAt, WELCOME_DURATION_MS, WELCOME_TEXT } from './welcome-typing.ts';

describe('welcome typing', () => {
  it('types 43 characters at 70 ms each, well inside the 7 s', () => {
    expect(WELCOME_TEXT).toHaveLength(43);
    expect(typedAt(0)).toBe('');
    expect(typedAt(69)).toBe('');
    expect(typedAt(70)).toBe('W');
    expect(typedAt(7 * 70)).toBe('Welcome');
    expect(typedAt(typingEndsAt)).toBe(WELCOME_TEXT);
    expect(typedAt(WELCOME_DURATION_MS)).toBe(WELCOME_TEXT);
    expect(typingEndsAt).toBe(3010);
  });
});
