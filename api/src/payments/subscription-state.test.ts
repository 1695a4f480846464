import { describe, expect, it } from 'vitest';
import { applyChange, NO_SUBSCRIPTION, oneMonthAfter, type SubscriptionState } from './subscription-state.ts';

const at = (iso: string) => new Date(iso);

describe('oneMonthAfter', () => {
  it('is the same day next month, or the last day of a shorter month', () => {
    expect(oneMonthAfter(at('2026-11-23T12:00:00Z'))).toEqual(at('2026-12-23T12:00:00Z'));
    expect(oneMonthAfter(at('2026-12-31T08:00:00Z'))).toEqual(at('2027-01-31T08:00:00Z'));
    expect(oneMonthAfter(at('2027-01-31T08:00:00Z'))).toEqual(at('2027-02-28T08:00:00Z'));
    expect(oneMonthAfter(at('2028-01-30T08:00:00Z'))).toEqual(at('2028-02-29T08:00:00Z'));
  });
});

const paid = (iso: string, subscriptionId = 'sub_1', periodEnd = oneMonthAfter(at(iso))) =>
  ({ kind: 'paid', at: at(iso), subscriptionId, periodEnd }) as const;

const apply = (state: SubscriptionState, ...changes: Parameters<typeof applyChange>[1][]) =>
  changes.reduce(applyChange, state);

describe('applyChange', () => {
  it('makes a payment Pro and active for its period', () => {
    expect(apply(NO_SUBSCRIPTION, paid('2026-11-23T12:00:00Z'))).toEqual({
      tier: 'pro',
      isActive: true,
      endDate: at('2026-12-23T12:00:00Z'),
      cancelAtPeriodEnd: false,
      providerSubscriptionId: 'sub_1',
      stateAt: at('2026-11-23T12:00:00Z'),
    });
  });

  it('ends the same whatever order checkout, invoice and renewal come in', () => {
    const checkout = paid('2026-11-23T12:00:00Z');
    const invoice = paid('2026-11-23T12:00:01Z');
    const renewal = paid('2026-12-23T12:00:00Z');
    const inOrder = apply(NO_SUBSCRIPTION, checkout, invoice, renewal);
    expect(apply(NO_SUBSCRIPTION, renewal, invoice, checkout)).toEqual(inOrder);
    expect(apply(NO_SUBSCRIPTION, invoice, checkout, renewal, renewal)).toEqual(inOrder);
    expect(inOrder.endDate).toEqual(at('2027-01-23T12:00:00Z'));
  });

  it('keeps a cancel when an older update comes after it', () => {
    const active = apply(NO_SUBSCRIPTION, paid('2026-11-23T12:00:00Z'));
    const update = (iso: string, cancelAtPeriodEnd: boolean) =>
      ({
        kind: 'updated',
        at: at(iso),
        subscriptionId: 'sub_1',
        live: true,
        cancelAtPeriodEnd,
        periodEnd: at('2026-12-23T12:00:00Z'),
      }) as const;
    const cancelled = apply(
      active,
      update('2026-11-25T00:00:00Z', true),
      update('2026-11-24T00:00:00Z', false),
    );
    expect(cancelled).toMatchObject({ tier: 'pro', isActive: false, cancelAtPeriodEnd: true });
    // an older payment event does not undo it either
    expect(apply(cancelled, paid('2026-11-23T12:00:00Z'))).toMatchObject({ isActive: false });
  });

  it('cancels at period end: Pro stays, inactive, with its end date; an open-ended grant ends now', () => {
    const active = apply(NO_SUBSCRIPTION, paid('2026-11-23T12:00:00Z'));
    expect(applyChange(active, { kind: 'cancelled', at: at('2026-11-30T00:00:00Z') })).toMatchObject({
      tier: 'pro',
      isActive: false,
      cancelAtPeriodEnd: true,
      endDate: at('2026-12-23T12:00:00Z'),
    });
    const granted = { ...NO_SUBSCRIPTION, tier: 'pro', isActive: true };
    expect(applyChange(granted, { kind: 'cancelled', at: at('2026-11-30T00:00:00Z') }).endDate).toEqual(
      at('2026-11-30T00:00:00Z'),
    );
  });

  it('ends a deleted subscription at its end, whenever the deletion arrives', () => {
    const active = apply(NO_SUBSCRIPTION, paid('2026-11-23T12:00:00Z'));
    const ended = {
      kind: 'ended',
      at: at('2026-12-23T12:00:05Z'),
      subscriptionId: 'sub_1',
      endedAt: at('2026-12-20T00:00:00Z'),
    } as const;
    expect(applyChange(active, ended)).toMatchObject({
      isActive: false,
      endDate: at('2026-12-20T00:00:00Z'),
    });
    // facts about another subscription leave the current one alone
    expect(applyChange(active, { ...ended, subscriptionId: 'sub_old' })).toEqual(active);
  });

  it('starts a new subscription uncancelled after a cancelled one', () => {
    const cancelled = apply(NO_SUBSCRIPTION, paid('2026-11-23T12:00:00Z'), {
      kind: 'cancelled',
      at: at('2026-11-24T00:00:00Z'),
    });
    expect(apply(cancelled, paid('2026-11-25T00:00:00Z', 'sub_2'))).toMatchObject({
      isActive: true,
      cancelAtPeriodEnd: false,
      providerSubscriptionId: 'sub_2',
      endDate: at('2026-12-25T00:00:00Z'),
    });
  });
});
