// The sandbox's hosted checkout page, rendered on the server: a plain form that works without script (the
// server validates it with the card rules), which checkout-page.ts enhances with the same rules as you type.
// Errors are tied to their fields (aria-describedby, aria-invalid) and the first one gets the focus.
import { PLANS, PRO_PRICE_CENTS } from '@mindpath/contracts/subscriptions';
import type { CardErrors, CardField } from '../card-rules.ts';

export const CHECKOUT_ASSETS = '/checkout/assets';

export interface CheckoutPageState {
  sessionId: string;
  cancelUrl: string;
  /** what the learner typed that may be shown again (never the card number or the security code) */
  values?: { expiry?: string; name?: string };
  errors?: CardErrors;
  /** a refusal of the whole payment (a declined card) */
  formError?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const price = `$${(PRO_PRICE_CENTS / 100).toFixed(2)}`;

interface FieldSpec {
  name: CardField;
  label: string;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
  maxlength: number;
}

const FIELDS: FieldSpec[] = [
  {
    name: 'number',
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    placeholder: '1234 1234 1234 1234',
    maxlength: 23,
  },
  {
    name: 'expiry',
    label: 'Expiration (MM/YY)',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    placeholder: 'MM/YY',
    maxlength: 7,
  },
  {
    name: 'cvc',
    label: 'Security code (CVC)',
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
    placeholder: 'CVC',
    maxlength: 4,
  },
  { name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 100 },
];

function field(spec: FieldSpec, state: CheckoutPageState, firstError: CardField | undefined): string {
  const error = state.errors?.[spec.name];
  const value = spec.name === 'expiry' || spec.name === 'name' ? (state.values?.[spec.name] ?? '') : '';
  const errorId = `${spec.name}-error`;
  const hintId = spec.name === 'number' ? ' number-brand' : '';
  const attrs = [
    `id="${spec.name}"`,
    `name="${spec.name}"`,
    'type="text"',
    `autocomplete="${spec.autocomplete}"`,
    spec.inputmode ? `inputmode="${spec.inputmode}"` : '',
    spec.placeholder ? `placeholder="${spec.placeholder}"` : '',
    `maxlength="${spec.maxlength}"`,
    'required',
    `aria-describedby="${errorId}${hintId}"`,
    error ? 'aria-invalid="true"' : '',
    firstError === spec.name ? 'autofocus' : '',
    value ? `value="${escapeHtml(value)}"` : '',
  ].filter(Boolean);
  const brand =
    spec.name === 'number' ? '<span class="brand" id="number-brand" aria-live="polite"></span>' : '';
  return `<div class="field field-${spec.name}">
      <label for="${spec.name}">${spec.label}</label>
      <div class="control"><input ${attrs.join(' ')}>${brand}</div>
      <p class="error" id="${errorId}" aria-live="polite">${error ? escapeHtml(error) : ''}</p>
    </div>`;
}

export function renderCheckoutPage(state: CheckoutPageState): string {
  const firstError = FIELDS.find((f) => state.errors?.[f.name])?.name;
  const fields = FIELDS.map((f) => field(f, state, firstError)).join('\n    ');
  const features = PLANS.pro.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Checkout · Mindpath</title>
  <link rel="stylesheet" href="${CHECKOUT_ASSETS}/checkout.css">
  <script type="module" src="${CHECKOUT_ASSETS}/checkout-page.js"></script>
</head>
<body>
  <main class="checkout">
    <section class="summary" aria-labelledby="plan-title">
      <p class="merchant">Mindpath</p>
      <h1 id="plan-title">Subscribe to ${PLANS.pro.name}</h1>
      <p class="price"><span class="amount">${price}</span> per month</p>
      <ul class="features">${features}</ul>
      <p class="note">Renews monthly. Cancel anytime.</p>
    </section>
    <section class="pay" aria-labelledby="pay-title">
      <h2 id="pay-title">Pay with card</h2>
      <p class="test-mode"><strong>Test mode.</strong> Use card 4242 4242 4242 4242, any future date and any CVC.</p>
      <form method="post" action="/checkout/${escapeHtml(state.sessionId)}" novalidate>
        <div class="form-error" id="form-error" role="alert">${state.formError ? escapeHtml(state.formError) : ''}</div>
    ${fields}
        <button type="submit" class="submit">Pay ${price}</button>
      </form>
      <a class="cancel" href="${escapeHtml(state.cancelUrl)}">Cancel and return to Mindpath</a>
    </section>
  </main>
</body>
</html>
`;
}

/** A page for a session that cannot be paid (unknown or expired). */
export function renderMissingSessionPage(homeUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Checkout · Mindpath</title>
  <link rel="stylesheet" href="${CHECKOUT_ASSETS}/checkout.css">
</head>
<body>
  <main class="checkout checkout-missing">
    <h1>This checkout is not available</h1>
    <p>The link may be wrong or the checkout may have ended.</p>
    <a class="cancel" href="${escapeHtml(homeUrl)}">Return to Mindpath</a>
  </main>
</body>
</html>
`;
}
