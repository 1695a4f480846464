/** '$20/month' for a plan price in whole dollars. */
export const monthlyPrice = (usd: number) => `$${usd}/month`;

/** '$20.00' for an amount in cents of an ISO currency; the learner's locale decides the rest. */
export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    // an unknown currency code: the amount still reads correctly
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** 'March 1, 2026' style date of an ISO date-time, or null when there is none or it does not parse. */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.valueOf())
    ? null
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
