/// <reference lib="dom" />
// The checkout page's script, served to the browser with its types stripped (assets.ts): it formats the
// card number and expiry as typed, names the brand, and checks the form with the server's own card rules
// before it is sent, showing each error by its field and moving the focus to the first.
import {
  BRAND_NAMES,
  type CardErrors,
  type CardField,
  cardBrand,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  validateCard,
} from '../card-rules.ts';

const FIELDS: CardField[] = ['number', 'expiry', 'cvc', 'name'];

const input = (name: CardField) => document.getElementById(name) as HTMLInputElement;
const errorOf = (name: CardField) => document.getElementById(`${name}-error`) as HTMLElement;

function showErrors(errors: CardErrors): void {
  for (const name of FIELDS) {
    const message = errors[name] ?? '';
    errorOf(name).textContent = message;
    if (message) input(name).setAttribute('aria-invalid', 'true');
    else input(name).removeAttribute('aria-invalid');
  }
  const first = FIELDS.find((name) => errors[name]);
  if (first) input(first).focus();
}

function clearError(name: CardField): void {
  errorOf(name).textContent = '';
  input(name).removeAttribute('aria-invalid');
}

function start(): void {
  const form = document.querySelector('form');
  const brand = document.getElementById('number-brand');
  if (!form || !brand) return;
  const number = input('number');
  const cvc = input('cvc');
  number.addEventListener('input', () => {
    number.value = formatCardNumber(number.value);
    const detected = cardBrand(number.value);
    brand.textContent = detected === 'unknown' ? '' : BRAND_NAMES[detected];
    cvc.maxLength = cvcLength(detected);
    clearError('number');
  });
  input('expiry').addEventListener('input', (event) => {
    const target = input('expiry');
    // deleting the slash must not put it back at once
    if ((event as InputEvent).inputType?.startsWith('delete')) return clearError('expiry');
    target.value = formatExpiry(target.value);
    clearError('expiry');
  });
  cvc.addEventListener('input', () => {
    cvc.value = digitsOf(cvc.value);
    clearError('cvc');
  });
  input('name').addEventListener('input', () => clearError('name'));
  form.addEventListener('submit', (event) => {
    const errors = validateCard(
      { number: number.value, expiry: input('expiry').value, cvc: cvc.value, name: input('name').value },
      new Date(),
    );
    const formError = document.getElementById('form-error');
    if (formError) formError.textContent = '';
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      showErrors(errors);
      return;
    }
    // one payment per click: the button stays disabled while the page is left
    form.querySelector('button')?.setAttribute('disabled', '');
  });
}

start();
