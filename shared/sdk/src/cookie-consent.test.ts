// @vitest-environment jsdom
import { acceptAll, CONSENT_VERSION, consentOf, rejectAll } from '@mindpath/contracts/cookie-consent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConsent, saveConsent } from './cookie-consent.ts';

const KEY = 'mindpath.cookieConsent';
const now = new Date('2026-01-02T03:04:05.000Z');

afterEach(() => localStorage.clear());

describe('cookie consent (spec 1 §3, §4, §9)', () => {
  it('Reject All turns the three optional categories off, Accept All turns them on; necessary stays on', () => {
    expect(rejectAll(now)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
      timestamp: '2026-01-02T03:04:05.000Z',
      version: '1.0',
    });
    expect(acceptAll(now)).toMatchObject({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: true,
    });
  });

  it('saves the choice locally with its timestamp and version, and reads it back', () => {
    const choice = consentOf({ analytics: true, marketing: false, functional: true }, now);
    saveConsent(choice);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual(choice);
    expect(readConsent()).toEqual(choice);
  });

  it('asks again when nothing is stored, the value is malformed or of another version', () => {
    expect(readConsent()).toBeUndefined();
    localStorage.setItem(KEY, '{not json');
    expect(readConsent()).toBeUndefined();
    localStorage.setItem(KEY, JSON.stringify({ ...acceptAll(now), necessary: false }));
    expect(readConsent()).toBeUndefined();
    localStorage.setItem(KEY, JSON.stringify({ ...acceptAll(now), version: '0.9' }));
    expect(CONSENT_VERSION).toBe('1.0');
    expect(readConsent()).toBeUndefined();
  });

  it('returns the same object while nothing changed (a stable external store)', () => {
    saveConsent(rejectAll(now));
    expect(readConsent()).toBe(readConsent());
  });

  it('keeps working when storage throws (private mode): the choice is simply not remembered', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    expect(() => saveConsent(acceptAll(now))).not.toThrow();
    spy.mockRestore();
    expect(readConsent()).toBeUndefined();
  });
});
