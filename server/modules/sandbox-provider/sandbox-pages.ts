import { directionOf, type Locale } from '../../../domain/locale';
import { minorUnitsPerMajor } from '../../../domain/money';
import { CARD_TOKEN_MESSAGE } from '../../../domain/payments';
import { SANDBOX_TEST_CARDS } from './sandbox-provider';
import { escapeHtml } from '../../html/page-shell';

/**
 * The sandbox provider's own screens: plain server pages, as a provider's hosted fields, 3-D Secure
 * challenge and wallet sheets are pages of the provider's, not of the marketplace.
 */

/** The code the sandbox's bank accepts on its 3-D Secure challenge. */
export const SANDBOX_CHALLENGE_CODE = '123456';

const WORDS = {
  ar: {
    sandbox: 'بيئة دفع تجريبية: لا تُخصم أي أموال حقيقية',
    cardName: 'الاسم على البطاقة',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    code: 'رمز الأمان (CVV)',
    useCard: 'ادفع بهذه البطاقة',
    working: 'جارٍ التحقق…',
    testCards: 'بطاقات للتجربة',
    cardSucceeds: 'تنجح',
    cardDeclined: 'تُرفض',
    cardInsufficient: 'رصيد غير كافٍ',
    cardChallenge: 'تطلب التحقق ثلاثي الأبعاد',
    CARD_NAME_REQUIRED: 'اكتب الاسم كما يظهر على البطاقة',
    CARD_NUMBER_INVALID: 'رقم البطاقة غير صحيح',
    CARD_EXPIRY_INVALID: 'اكتب تاريخ الانتهاء بالشكل شهر/سنة، مثل 08/29',
    CARD_EXPIRED: 'انتهت صلاحية هذه البطاقة',
    CARD_CODE_INVALID: 'رمز الأمان ثلاثة أو أربعة أرقام',
    unreachable: 'تعذر الاتصال، حاول مرة أخرى',
    challengeTitle: 'تحقق البنك (\u20663-D Secure\u2069)',
    challengeText: 'يطلب بنكك تأكيد دفع {{amount}}، وقد أرسلنا رمزًا إلى هاتفك.',
    challengeHint: 'في البيئة التجريبية الرمز هو {{code}}',
    challengeCode: 'رمز التحقق',
    confirm: 'تأكيد',
    cancel: 'إلغاء',
    applePayTitle: 'Apple Pay',
    applePayText: 'ادفع {{amount}} إلى سوق',
    applePayApprove: 'الدفع باستخدام Face ID',
    payPalTitle: 'PayPal',
    payPalText: 'سوق يطلب دفع {{amount}} من حسابك في PayPal',
    payPalApprove: 'موافقة ودفع',
    payPalCancel: 'إلغاء والعودة إلى سوق',
    finished: 'لا ينتظر هذا الدفع أي إجراء.',
    back: 'العودة إلى سوق',
  },
  en: {
    sandbox: 'Test payments sandbox: no real money moves',
    cardName: 'Name on card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    code: 'Security code (CVV)',
    useCard: 'Pay with this card',
    working: 'Checking…',
    testCards: 'Test cards',
    cardSucceeds: 'succeeds',
    cardDeclined: 'is declined',
    cardInsufficient: 'insufficient funds',
    cardChallenge: 'asks for 3-D Secure',
    CARD_NAME_REQUIRED: 'Enter the name as it appears on the card',
    CARD_NUMBER_INVALID: 'This card number is not valid',
    CARD_EXPIRY_INVALID: 'Enter the expiry as MM/YY, such as 08/29',
    CARD_EXPIRED: 'This card has expired',
    CARD_CODE_INVALID: 'The security code is three or four digits',
    unreachable: 'Could not connect; please try again',
    challengeTitle: 'Bank verification (3-D Secure)',
    challengeText: 'Your bank asks you to confirm a payment of {{amount}}. We sent a code to your phone.',
    challengeHint: 'In the sandbox the code is {{code}}',
    challengeCode: 'Verification code',
    confirm: 'Confirm',
    cancel: 'Cancel',
    applePayTitle: 'Apple Pay',
    applePayText: 'Pay {{amount}} to Souq',
    applePayApprove: 'Pay with Face ID',
    payPalTitle: 'PayPal',
    payPalText: 'Souq asks to take {{amount}} from your PayPal account',
    payPalApprove: 'Agree and pay',
    payPalCancel: 'Cancel and return to Souq',
    finished: 'This payment is waiting for nothing.',
    back: 'Back to Souq',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SandboxWords = (typeof WORDS)[Locale];

// Each value is isolated from the sentence around it, so an amount or a code keeps its order in Arabic.
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => `\u2068${values[name] ?? ''}\u2069`);

export function formatSandboxAmount(amount: number, currency: string, locale: Locale): string {
  const unitsPerMajor = minorUnitsPerMajor(currency);
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en', { style: 'currency', currency, minimumFractionDigits: Math.log10(unitsPerMajor) }).format(amount / unitsPerMajor);
}

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, "Noto Sans Arabic", sans-serif; color: #1a202c; background: #fff; }
  main { max-width: 26rem; margin: 0 auto; padding: 1rem; }
  .notice { font-size: 12px; color: #744210; background: #fefcbf; border-radius: 6px; padding: .25rem .5rem; margin: 0 0 .75rem; }
  label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
  input { width: 100%; padding: .6rem .7rem; font: inherit; border: 1px solid #a0aec0; border-radius: 6px; direction: ltr; text-align: start; }
  input[aria-invalid="true"] { border-color: #c53030; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  .error { color: #c53030; font-size: 13px; min-height: 1.2em; margin: .2rem 0 0; }
  button { width: 100%; margin-top: .9rem; padding: .7rem; font: inherit; font-weight: 700; border: 0; border-radius: 8px; cursor: pointer; background: #2b6cb0; color: #fff; }
  button.secondary { background: #edf2f7; color: #1a202c; }
  button:disabled { opacity: .6; cursor: wait; }
  details { margin-top: .9rem; font-size: 13px; color: #4a5568; } code { direction: ltr; unicode-bidi: embed; }
  .sheet { margin-top: 2rem; padding: 1.25rem; border-radius: 14px; box-shadow: 0 6px 30px rgba(0,0,0,.15); }
  .sheet.apple button:not(.secondary) { background: #000; } .sheet.paypal button:not(.secondary) { background: #ffc439; color: #111; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
`;

function page(locale: Locale, title: string, body: string, script?: string): string {
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script ? `<script src="${script}"></script>` : ''}</body></html>`;
}

export function cardFormPage(locale: Locale): string {
  const words = WORDS[locale];
  const field = (name: string, label: string, attributes: string) =>
    `<div><label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attributes} aria-describedby="${name}-error"><p class="error" id="${name}-error" role="alert"></p></div>`;
  const testCard = (number: string, outcome: string) => `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${escapeHtml(outcome)}</li>`;
  const messages = Object.fromEntries(['CARD_NAME_REQUIRED', 'CARD_NUMBER_INVALID', 'CARD_EXPIRY_INVALID', 'CARD_EXPIRED', 'CARD_CODE_INVALID', 'unreachable', 'working', 'useCard'].map((key) => [key, words[key as keyof SandboxWords]]));
  return page(
    locale,
    words.useCard,
    `<p class="notice">${escapeHtml(words.sandbox)}</p>
    <form id="card-form" novalidate data-messages="${escapeHtml(JSON.stringify(messages))}" data-message-type="${CARD_TOKEN_MESSAGE}">
      ${field('name', words.cardName, 'autocomplete="cc-name"')}
      ${field('number', words.cardNumber, 'autocomplete="cc-number" inputmode="numeric" placeholder="1234 1234 1234 1234"')}
      <div class="row">${field('expiry', words.expiry, 'autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY"')}${field('code', words.code, 'autocomplete="cc-csc" inputmode="numeric" placeholder="123"')}</div>
      <p class="error" id="form-error" role="alert"></p>
      <button type="submit">${escapeHtml(words.useCard)}</button>
    </form>
    <details><summary>${escapeHtml(words.testCards)}</summary><ul>
      ${testCard(SANDBOX_TEST_CARDS.succeeds, words.cardSucceeds)}${testCard(SANDBOX_TEST_CARDS.declined, words.cardDeclined)}
      ${testCard(SANDBOX_TEST_CARDS.insufficientFunds, words.cardInsufficient)}${testCard(SANDBOX_TEST_CARDS.challenge, words.cardChallenge)}
    </ul></details>`,
    '/sandbox-pay/card-form.js',
  );
}

/** Runs in the card form: asks the sandbox for a token, then hands only the token to the page that framed the form. */
export const CARD_FORM_SCRIPT = `
const form = document.getElementById('card-form');
const messages = JSON.parse(form.dataset.messages);
const button = form.querySelector('button');
const FIELD_OF_REFUSAL = { CARD_NAME_REQUIRED: 'name', CARD_NUMBER_INVALID: 'number', CARD_EXPIRY_INVALID: 'expiry', CARD_EXPIRED: 'expiry', CARD_CODE_INVALID: 'code' };
function showError(field, message) {
  for (const input of form.querySelectorAll('input')) { input.removeAttribute('aria-invalid'); document.getElementById(input.id + '-error').textContent = ''; }
  document.getElementById('form-error').textContent = '';
  if (!message) return;
  if (field) { const input = document.getElementById(field); input.setAttribute('aria-invalid', 'true'); document.getElementById(field + '-error').textContent = message; input.focus(); }
  else document.getElementById('form-error').textContent = message;
}
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  showError(null, '');
  button.disabled = true;
  button.textContent = messages.working;
  try {
    const card = Object.fromEntries(['name', 'number', 'expiry', 'code'].map((name) => [name, form.elements[name].value]));
    const response = await fetch('/sandbox-pay/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card) });
    const answer = await response.json();
    if (answer.refusal) return showError(FIELD_OF_REFUSAL[answer.refusal], messages[answer.refusal]);
    if (!response.ok) return showError(null, messages.unreachable);
    form.reset();
    window.parent.postMessage({ type: form.dataset.messageType, token: answer.token, brand: answer.brand, last4: answer.last4 }, window.location.origin);
  } catch {
    showError(null, messages.unreachable);
  } finally {
    button.disabled = false;
    button.textContent = messages.useCard;
  }
});
`;

export function challengePage(locale: Locale, paymentId: string, amount: string): string {
  const words = WORDS[locale];
  return page(
    locale,
    words.challengeTitle,
    `<p class="notice">${escapeHtml(words.sandbox)}</p>
    <section class="sheet"><h1>${escapeHtml(words.challengeTitle)}</h1>
    <p>${escapeHtml(fill(words.challengeText, { amount }))}</p>
    <form method="post" action="/sandbox-pay/challenge/${encodeURIComponent(paymentId)}?lang=${locale}">
      <label for="code">${escapeHtml(words.challengeCode)}</label>
      <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" aria-describedby="code-hint">
      <p id="code-hint" class="notice">${escapeHtml(fill(words.challengeHint, { code: SANDBOX_CHALLENGE_CODE }))}</p>
      <button type="submit" name="outcome" value="pass">${escapeHtml(words.confirm)}</button>
      <button type="submit" name="outcome" value="cancel" class="secondary">${escapeHtml(words.cancel)}</button>
    </form></section>`,
  );
}

export function walletPage(locale: Locale, paymentId: string, method: 'APPLE_PAY' | 'PAYPAL', amount: string): string {
  const words = WORDS[locale];
  const apple = method === 'APPLE_PAY';
  return page(
    locale,
    apple ? words.applePayTitle : words.payPalTitle,
    `<p class="notice">${escapeHtml(words.sandbox)}</p>
    <section class="sheet ${apple ? 'apple' : 'paypal'}"><h1>${escapeHtml(apple ? words.applePayTitle : words.payPalTitle)}</h1>
    <p>${escapeHtml(fill(apple ? words.applePayText : words.payPalText, { amount }))}</p>
    <form method="post" action="/sandbox-pay/wallet/${encodeURIComponent(paymentId)}?lang=${locale}">
      <button type="submit" name="outcome" value="approve">${escapeHtml(apple ? words.applePayApprove : words.payPalApprove)}</button>
      <button type="submit" name="outcome" value="cancel" class="secondary">${escapeHtml(apple ? words.cancel : words.payPalCancel)}</button>
    </form></section>`,
  );
}

export function finishedPage(locale: Locale): string {
  const words = WORDS[locale];
  return page(locale, words.finished, `<p>${escapeHtml(words.finished)}</p><p><a href="/">${escapeHtml(words.back)}</a></p>`);
}
