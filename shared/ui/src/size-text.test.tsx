import { describe, expect, it } from 'vitest';
import { sizeText } from './size-text.tsx';

describe('sizeText', () => {
  it('writes sizes in B, KB and MB', () => {
    expect(sizeText(820)).toBe('820 B');
    expect(sizeText(1024)).toBe('1 KB');
    expect(sizeText(12_900)).toBe('13 KB');
    expect(sizeText(1.44 * 1024 * 1024)).toBe('1.4 MB');
    expect(sizeText(23.6 * 1024 * 1024)).toBe('24 MB');
  });
});
