import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directionOf, isLocale, type Locale } from '../../../domain/locale';
import { CARD_TOKEN_MESSAGE } from '../../../domain/payments';
import { escapeHtml } from '../../html/page-shell';
import { localeOfRequest, paymentWords } from '../../i18n';
import { STRIPE_APPLE_PAY_PATH, STRIPE_CARD_FORM_PATH } from './stripe.gateway';

export interface StripeFormsOptions {
  publishableKey: string;
  /** Where Stripe.js is loaded from. */
  jsUrl: string;
  /** Where Stripe.js sends the card or wallet it turns into a PaymentMethod. */
  apiOrigin: string;
  /** The Stripe account's country, which Apple Pay's sheet needs. */
  accountCountry: string;
}

/**
 * The pages the checkout frames when Stripe takes the payments: Stripe's own card fields (Stripe
 * Elements) and its Apple Pay button, both from Stripe.js, so card numbers go to Stripe and never to
 * this server. Each page turns what the person gives into a PaymentMethod, whose id goes to the
 * parent page as the sandbox form's token does. Their policy lets in Stripe.js, its frames and its
 * API, and nothing else.
 */
function policyOf({ jsUrl, apiOrigin }: StripeFormsOptions): string {
  const stripeJs = new URL(jsUrl).origin;
  return [
    "default-src 'none'",
    `script-src 'self' ${stripeJs} https://*.js.stripe.com`,
    `frame-src ${stripeJs} https://*.js.stripe.com https://hooks.stripe.com`,
    `connect-src ${apiOrigin}`,
    "style-src 'unsafe-inline'",
    'img-src https://*.stripe.com',
    "form-action 'none'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

const PAGE_STYLE =
  'body{margin:0;font:15px/1.5 system-ui,"Noto Sans Arabic",sans-serif;color:#1a202c}main{max-width:26rem;margin:0 auto;padding:1rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}input,#card{width:100%;box-sizing:border-box;padding:.6rem .7rem;font:inherit;border:1px solid #a0aec0;border-radius:6px}.error{color:#c53030;font-size:13px;min-height:1.2em}button{width:100%;margin-top:.9rem;padding:.7rem;font:inherit;font-weight:700;border:0;border-radius:8px;background:#2b6cb0;color:#fff}button:disabled{opacity:.6}[hidden]{display:none}';

function page(locale: Locale, title: string, body: string, options: StripeFormsOptions, script: string): string {
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main><script src="${escapeHtml(options.jsUrl)}"></script><script src="${script}"></script></body></html>`;
}

export function stripeCardFormPage(locale: Locale, options: StripeFormsOptions): string {
  const words = paymentWords(locale).providerForms;
  const config = { key: options.publishableKey, locale, messageType: CARD_TOKEN_MESSAGE, working: words.working, pay: words.pay, unreachable: words.unreachable };
  const form = `<form id="card-form" novalidate data-config="${escapeHtml(JSON.stringify(config))}">
<label for="name">${escapeHtml(words.name)}</label><input id="name" name="name" autocomplete="cc-name">
<label for="card">${escapeHtml(words.card)}</label><div id="card"></div>
<p class="error" id="form-error" role="alert"></p><button type="submit">${escapeHtml(words.pay)}</button></form>`;
  return page(locale, words.cardTitle, form, options, CARD_FORM_SCRIPT_PATH);
}

export function stripeApplePayPage(locale: Locale, payment: { amount: number; currency: string }, options: StripeFormsOptions): string {
  const words = paymentWords(locale).providerForms;
  const config = {
    key: options.publishableKey,
    locale,
    country: options.accountCountry,
    currency: payment.currency.toLowerCase(),
    amount: payment.amount,
    label: words.applePayLabel,
    messageType: CARD_TOKEN_MESSAGE,
  };
  const body = `<div id="apple-pay" data-config="${escapeHtml(JSON.stringify(config))}">
<p id="wallet-status" role="status">${escapeHtml(words.applePayChecking)}</p>
<p class="error" id="wallet-unavailable" role="alert" hidden>${escapeHtml(words.applePayUnavailable)}</p>
<p class="error" id="wallet-unreachable" role="alert" hidden>${escapeHtml(words.unreachable)}</p>
<div id="wallet-button"></div></div>`;
  return page(locale, words.applePayTitle, body, options, APPLE_PAY_SCRIPT_PATH);
}

const CARD_FORM_SCRIPT_PATH = `${STRIPE_CARD_FORM_PATH}.js`;
const APPLE_PAY_SCRIPT_PATH = `${STRIPE_APPLE_PAY_PATH}.js`;

/** Runs in the card form: Stripe.js makes the PaymentMethod, and only its id leaves for the page that framed the form. */
const CARD_FORM_SCRIPT = `
const form = document.getElementById('card-form');
const config = JSON.parse(form.dataset.config);
const error = document.getElementById('form-error');
const button = form.querySelector('button');
if (typeof Stripe === 'function') takeCards(Stripe(config.key, { locale: config.locale }));
else { error.textContent = config.unreachable; button.disabled = true; }

function takeCards(stripe) {
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
}
`;

/**
 * Runs in the Apple Pay page: Stripe's Payment Request Button, offered only where Apple Pay can pay
 * (Safari with a card in Wallet). The sheet is closed as soon as Stripe made the PaymentMethod: the
 * marketplace's server then tries it, and the checkout shows what the server answers.
 */
const APPLE_PAY_SCRIPT = `
const root = document.getElementById('apple-pay');
const config = JSON.parse(root.dataset.config);
const say = (id) => { document.getElementById('wallet-status').hidden = true; document.getElementById(id).hidden = false; };
if (typeof Stripe === 'function') offerApplePay(Stripe(config.key, { locale: config.locale }));
else say('wallet-unreachable');

function offerApplePay(stripe) {
  const request = stripe.paymentRequest({
    country: config.country,
    currency: config.currency,
    total: { label: config.label, amount: config.amount },
    disableWallets: ['googlePay', 'link', 'browserCard'],
  });
  request.canMakePayment().catch(() => null).then((wallets) => {
    if (!wallets || !wallets.applePay) return say('wallet-unavailable');
    document.getElementById('wallet-status').hidden = true;
    const button = stripe.elements({ locale: config.locale }).create('paymentRequestButton', { paymentRequest: request, style: { paymentRequestButton: { type: 'buy', theme: 'dark', height: '48px' } } });
    button.mount('#wallet-button');
  });
  request.on('paymentmethod', (event) => {
    event.complete('success');
    const { id, card } = event.paymentMethod;
    window.parent.postMessage({ type: config.messageType, token: id, brand: card.brand, last4: card.last4 }, window.location.origin);
  });
}
`;

const pageQuerySchema = z.object({ lang: z.string().optional() });

/** The card form's and the Apple Pay button's pages and scripts, under /stripe-pay. */
export const stripeFormRoutes: FastifyPluginAsync<StripeFormsOptions> = async (app, options) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const policy = policyOf(options);
  const localeOf = (request: { query: { lang?: string | undefined }; headers: Record<string, string | string[] | undefined> }) =>
    isLocale(request.query.lang) ? request.query.lang : localeOfRequest(request.headers);
  const html = (reply: FastifyReply, text: string) =>
    reply.header('content-security-policy', policy).header('x-frame-options', 'SAMEORIGIN').type('text/html; charset=utf-8').send(text);
  const script = (reply: FastifyReply, text: string) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(text);

  typed.get(STRIPE_CARD_FORM_PATH, { schema: { querystring: pageQuerySchema } }, async (request, reply) => html(reply, stripeCardFormPage(localeOf(request), options)));
  typed.get(
    STRIPE_APPLE_PAY_PATH,
    { schema: { querystring: pageQuerySchema.extend({ amount: z.coerce.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/) }) } },
    async (request, reply) => html(reply, stripeApplePayPage(localeOf(request), request.query, options)),
  );
  typed.get(CARD_FORM_SCRIPT_PATH, async (_request, reply) => script(reply, CARD_FORM_SCRIPT));
  typed.get(APPLE_PAY_SCRIPT_PATH, async (_request, reply) => script(reply, APPLE_PAY_SCRIPT));
};
