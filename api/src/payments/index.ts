// What billing uses of the payments' records: checkout sessions, the customer id, payments and the subscription's state.
// Other modules import these from here, never from the repository (biome.json keeps that).
export {
  findCheckoutSession,
  findCustomerId,
  insertCheckoutSession,
  listPayments,
  lockSubscriptionState,
  saveSubscriptionState,
  setCustomerId,
} from './repository.ts';
