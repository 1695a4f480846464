// The sandbox's test cards, as a card processor's test mode has them: these numbers are refused with their
// reason; any other valid card is charged.
import { digitsOf } from '../card-rules.ts';

export const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** Why the card is refused, or undefined when the charge goes through. */
export const declineOf = (number: string) => DECLINES[digitsOf(number)];
