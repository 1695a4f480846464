import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrand,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  numberError,
  validateCard,
} from './card-rules.ts';

describe('luhnValid', () => {
  it.each([
    '4242424242424242',
    '4000 0000 0000 0002',
    '4000000000009995',
    '378282246310005',
    '5555555555554444',
  ])('accepts %s', (number) => expect(luhnValid(number)).toBe(true));

  it.each(['4242424242424241', '1234567812345678', '0000', ''])('refuses %s', (number) =>
    expect(luhnValid(number)).toBe(false),
  );
});

describe('cardBrand', () => {
  it.each([
    ['4242 4242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['6011111111111117', 'discover'],
    ['9999', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => expect(cardBrand(number)).toBe(brand));
});

describe('formatting as typed', () => {
  it('spaces the number in fours, or 4-6-5 for American Express, and drops extra digits and letters', () => {
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x42424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('adds the slash after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/3099')).toBe('12/30');
  });
});

describe('numberError', () => {
  it('says incomplete, invalid, or nothing', () => {
    expect(numberError('4242 4242')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(numberError('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
    expect(numberError('4242 4242 4242 4242')).toBeUndefined();
    expect(numberError('3782 822463 10005')).toBeUndefined();
    expect(numberError('3782 822463 1000')).toBe(CARD_MESSAGES.numberIncomplete);
  });
});

describe('expiryError', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('accepts this month and later', () => {
    expect(expiryError('11/26', now)).toBeUndefined();
    expect(expiryError('01/27', now)).toBeUndefined();
    expect(expiryError(' 12 / 30 ', now)).toBeUndefined();
  });

  it('refuses a past month, a month out of range and anything not MM/YY', () => {
    expect(expiryError('10/26', now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('12/25', now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('13/27', now)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryError('00/27', now)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryError('1/27', now)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryError('12/2027', now)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryError('', now)).toBe(CARD_MESSAGES.expiryIncomplete);
  });
});

describe('cvcError', () => {
  it('wants 3 digits, or 4 for American Express', () => {
    expect(cvcError('123', '4242424242424242')).toBeUndefined();
    expect(cvcError('1234', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('12', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('1234', '378282246310005')).toBeUndefined();
    expect(cvcError('123', '378282246310005')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('12a', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
  });
});

describe('validateCard', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('has no errors for a complete card', () => {
    expect(
      validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada' }, now),
    ).toEqual({});
  });

  it('names every field in error', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: '  ' }, now)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
      name: CARD_MESSAGES.nameMissing,
    });
  });
});
