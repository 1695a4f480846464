// The sandbox checkout's card rules, in one dependency-free module: the server validates the posted form with
// it, and the checkout page's script imports the same file (types stripped when served), so the rules are
// never written twice. Only erasable TypeScript here (no enums, namespaces or imports).

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

/** What the page and the server say, in a card processor's usual words. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on your card.',
} as const;

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** The brand from the number's leading digits (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  const d = digitsOf(number);
  if (/^4/.test(d)) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  return 'unknown';
}

/** How many digits a full number of the brand has. */
export const numberLength = (brand: CardBrand): number => (brand === 'amex' ? 15 : 16);

/** How many digits the security code of the brand has. */
export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(number: string): boolean {
  const d = digitsOf(number);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i += 1) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The number spaced as it is printed: 4-6-5 for American Express, groups of four otherwise. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(value);
  const d = digitsOf(value).slice(0, numberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** MM/YY as typed: the slash added after the month. */
export function formatExpiry(value: string): string {
  const d = digitsOf(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function numberError(number: string): string | undefined {
  const d = digitsOf(number);
  if (d.length < numberLength(cardBrand(d))) return CARD_MESSAGES.numberIncomplete;
  if (d.length > numberLength(cardBrand(d)) || !luhnValid(d)) return CARD_MESSAGES.numberInvalid;
  return undefined;
}

/** MM/YY, valid through the last day of its month (UTC). */
export function expiryError(expiry: string, now: Date): string | undefined {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return CARD_MESSAGES.expiryPast;
  return undefined;
}

export function cvcError(cvc: string, number: string): string | undefined {
  const expected = cvcLength(cardBrand(number));
  return /^\d+$/.test(cvc.trim()) && cvc.trim().length === expected ? undefined : CARD_MESSAGES.cvcIncomplete;
}

export function nameError(name: string): string | undefined {
  return name.trim() ? undefined : CARD_MESSAGES.nameMissing;
}

/** Every field's error, in the form's order; an empty object when the card can be charged. */
export function validateCard(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const checks: [CardField, string | undefined][] = [
    ['number', numberError(card.number)],
    ['expiry', expiryError(card.expiry, now)],
    ['cvc', cvcError(card.cvc, card.number)],
    ['name', nameError(card.name)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}
