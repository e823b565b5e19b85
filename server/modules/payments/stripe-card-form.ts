import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directionOf, isLocale, type Locale } from '../../../domain/locale';
import { CARD_TOKEN_MESSAGE } from '../../../domain/payments';
import { localeOfRequest } from '../../i18n';
import { STRIPE_CARD_FORM_PATH } from './stripe.gateway';

const STRIPE_CARD_FORM_SCRIPT_PATH = `${STRIPE_CARD_FORM_PATH}.js`;

/**
 * The page the checkout frames for a card when Stripe takes the payments: Stripe's own card fields
 * (Stripe Elements, loaded from js.stripe.com, so card numbers go to Stripe and never to this server)
 * and a button that turns them into a PaymentMethod, whose id goes to the parent page as the sandbox
 * form's token does. Its policy lets in Stripe.js, its frames and its API, and nothing else.
 */
const CARD_FORM_POLICY = [
  "default-src 'none'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  'connect-src https://api.stripe.com',
  "style-src 'unsafe-inline'",
  'img-src https://*.stripe.com',
  "form-action 'none'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

const WORDS = {
  ar: { title: 'الدفع بالبطاقة', name: 'الاسم على البطاقة', card: 'بيانات البطاقة', pay: 'ادفع بهذه البطاقة', working: 'جارٍ التحقق…', unreachable: 'تعذر الاتصال، حاول مرة أخرى' },
  en: { title: 'Pay by card', name: 'Name on card', card: 'Card details', pay: 'Pay with this card', working: 'Checking…', unreachable: 'Could not connect; please try again' },
} as const satisfies Record<Locale, Record<string, string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function stripeCardFormPage(locale: Locale, publishableKey: string): string {
  const words = WORDS[locale];
  const data = { key: publishableKey, locale, messageType: CARD_TOKEN_MESSAGE, working: words.working, pay: words.pay, unreachable: words.unreachable };
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(words.title)}</title>
<style>body{margin:0;font:15px/1.5 system-ui,"Noto Sans Arabic",sans-serif;color:#1a202c}main{max-width:26rem;margin:0 auto;padding:1rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}input,#card{width:100%;box-sizing:border-box;padding:.6rem .7rem;font:inherit;border:1px solid #a0aec0;border-radius:6px}.error{color:#c53030;font-size:13px;min-height:1.2em}button{width:100%;margin-top:.9rem;padding:.7rem;font:inherit;font-weight:700;border:0;border-radius:8px;background:#2b6cb0;color:#fff}button:disabled{opacity:.6}</style></head>
<body><main><form id="card-form" novalidate data-config="${escapeHtml(JSON.stringify(data))}">
<label for="name">${escapeHtml(words.name)}</label><input id="name" name="name" autocomplete="cc-name">
<label for="card">${escapeHtml(words.card)}</label><div id="card"></div>
<p class="error" id="form-error" role="alert"></p><button type="submit">${escapeHtml(words.pay)}</button></form></main>
<script src="https://js.stripe.com/v3/"></script><script src="${STRIPE_CARD_FORM_SCRIPT_PATH}"></script></body></html>`;
}

/** Runs in the card form: Stripe.js makes the PaymentMethod, and only its id leaves for the page that framed the form. */
const CARD_FORM_SCRIPT = `
const form = document.getElementById('card-form');
const config = JSON.parse(form.dataset.config);
const error = document.getElementById('form-error');
const button = form.querySelector('button');
const stripe = Stripe(config.key, { locale: config.locale });
const card = stripe.elements({ locale: config.locale }).create('card', { hidePostalCode: true });
card.mount('#card');
card.on('change', (event) => { error.textContent = event.error ? event.error.message : ''; });
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  button.textContent = config.working;
  try {
    const answer = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: form.elements.name.value } });
    if (answer.error) { error.textContent = answer.error.message; return; }
    error.textContent = '';
    card.clear();
    const { id, card: details } = answer.paymentMethod;
    window.parent.postMessage({ type: config.messageType, token: id, brand: details.brand, last4: details.last4 }, window.location.origin);
  } catch {
    error.textContent = config.unreachable;
  } finally {
    button.disabled = false;
    button.textContent = config.pay;
  }
});
`;

/** The card form's page and script, under /stripe-pay. */
export const stripeCardFormRoutes: FastifyPluginAsync<{ publishableKey: string }> = async (app, { publishableKey }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(STRIPE_CARD_FORM_PATH, { schema: { querystring: z.object({ lang: z.string().optional() }) } }, async (request, reply) => {
    const locale = isLocale(request.query.lang) ? request.query.lang : localeOfRequest(request.headers);
    return reply.header('content-security-policy', CARD_FORM_POLICY).header('x-frame-options', 'SAMEORIGIN').type('text/html; charset=utf-8').send(stripeCardFormPage(locale, publishableKey));
  });
  typed.get(STRIPE_CARD_FORM_SCRIPT_PATH, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CARD_FORM_SCRIPT));
};
