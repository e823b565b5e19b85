// A stand-in for Stripe.js (https://docs.stripe.com/js), served by the local server that answers as
// Stripe's API: the parts of it the marketplace's card form and Apple Pay page call. Its card fields
// are plain inputs in the page rather than Stripe's own frames, and Apple Pay is offered, as Stripe.js
// offers it, only where the browser has `ApplePaySession` (Safari; a test defines it to play one with
// a test card in Wallet). Each turns what was given into a PaymentMethod by the same request Stripe.js
// makes, with the publishable key.
(() => {
  const api = new URL(document.currentScript.src).origin;

  async function createPaymentMethod(key, fields) {
    const response = await fetch(`${api}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, ...fields }),
    });
    const answer = await response.json();
    return answer.error ? { error: answer.error } : { paymentMethod: answer };
  }

  function cardElement() {
    const inputs = {};
    const handlers = [];
    return {
      mount(selector) {
        const root = document.querySelector(selector);
        for (const [name, label, autocomplete] of [
          ['number', 'Card number', 'cc-number'],
          ['expiry', 'MM / YY', 'cc-exp'],
          ['cvc', 'CVC', 'cc-csc'],
        ]) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.setAttribute('autocomplete', autocomplete);
          input.setAttribute('inputmode', 'numeric');
          input.addEventListener('input', () => handlers.forEach((handler) => handler({ complete: false, error: undefined })));
          root.append(input);
          inputs[name] = input;
        }
      },
      on(type, handler) {
        if (type === 'change') handlers.push(handler);
      },
      clear() {
        for (const input of Object.values(inputs)) input.value = '';
      },
      fields() {
        const [month, year] = inputs.expiry.value.split('/').map((part) => part.trim());
        return { 'card[number]': inputs.number.value, 'card[exp_month]': month ?? '', 'card[exp_year]': year ?? '', 'card[cvc]': inputs.cvc.value };
      },
    };
  }

  function paymentRequest(key, options) {
    const handlers = {};
    const applePayOffered = Boolean(window.ApplePaySession?.canMakePayments()) && !(options.disableWallets ?? []).includes('applePay');
    window.standInStripe.paymentRequests.push({ options, completed: [] });
    const record = window.standInStripe.paymentRequests.at(-1);
    return {
      canMakePayment: async () => (applePayOffered ? { applePay: true, googlePay: false, link: false } : null),
      on(type, handler) {
        handlers[type] = handler;
      },
      // The Wallet sheet: the person confirms with Face ID, and Stripe makes the PaymentMethod of the card chosen.
      async show() {
        const made = await createPaymentMethod(key, { type: 'card', 'card[number]': '4242424242424242', 'card[wallet][type]': 'apple_pay', 'billing_details[name]': 'Wallet Holder' });
        if (made.error) return handlers.cancel?.();
        handlers.paymentmethod?.({ paymentMethod: made.paymentMethod, payerName: 'Wallet Holder', walletName: 'applePay', methodName: 'apple-pay', complete: (status) => record.completed.push(status) });
      },
    };
  }

  window.standInStripe = { paymentRequests: [] };
  window.Stripe = (key) => ({
    elements: () => ({
      create(type, options) {
        if (type === 'card') return cardElement();
        if (type === 'paymentRequestButton') {
          return {
            mount(selector) {
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = 'Buy with Apple Pay';
              button.addEventListener('click', () => options.paymentRequest.show());
              document.querySelector(selector).append(button);
            },
          };
        }
        throw new Error(`the stand-in has no ${type} element`);
      },
    }),
    createPaymentMethod: ({ type, card, billing_details: billing = {} }) => createPaymentMethod(key, { type, ...card.fields(), 'billing_details[name]': billing.name ?? '' }),
    paymentRequest: (options) => paymentRequest(key, options),
  });
})();
