// A fake of Stripe.js v3 for Pago's sandbox: what the web app uses of it. `Stripe(publishableKey,
// { locale })`, `elements()`, a card element (`elements.create('card')`) mounted in a container,
// collecting number, expiry, CVC and postal code, and `createPaymentMethod({ type: 'card', card })`,
// which posts the card to the fake's /v1/payment_methods with the publishable key, as Stripe.js
// posts it to api.stripe.com. The card number goes from the browser to the card processor only.
(() => {
  const API = '/sandbox/stripe/v1';
  const WORDS = {
    en: { number: 'Card number', expiry: 'MM / YY', cvc: 'CVC', postal: 'ZIP' },
    es: { number: 'Número de tarjeta', expiry: 'MM / AA', cvc: 'CVC', postal: 'Código postal' },
  };
  const MESSAGES = {
    en: {
      incomplete_number: 'Your card number is incomplete.',
      incomplete_expiry: "Your card's expiration date is incomplete.",
      incomplete_cvc: "Your card's security code is incomplete.",
      incomplete_zip: 'Your postal code is incomplete.',
    },
    es: {
      incomplete_number: 'El número de tu tarjeta está incompleto.',
      incomplete_expiry: 'La fecha de vencimiento de tu tarjeta está incompleta.',
      incomplete_cvc: 'El código de seguridad de tu tarjeta está incompleto.',
      incomplete_zip: 'Tu código postal está incompleto.',
    },
  };
  const digits = (value) => value.replace(/\D/g, '');

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  class CardElement {
    constructor(locale) {
      this.locale = locale;
      this.handlers = {};
      this.root = null;
      this.inputs = null;
    }

    mount(target) {
      const container = typeof target === 'string' ? document.querySelector(target) : target;
      if (!container) throw new IntegrationError('The selector you specified does not exist.');
      const words = WORDS[this.locale];
      const root = document.createElement('div');
      root.className = 'StripeElement';
      root.setAttribute('data-stripe-fake', 'card');
      root.style.cssText =
        'display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px;font:inherit;';
      const field = (name, placeholder, attrs) => {
        const input = document.createElement('input');
        input.name = name;
        input.placeholder = placeholder;
        input.setAttribute('aria-label', placeholder);
        input.inputMode = 'numeric';
        for (const [key, value] of Object.entries(attrs)) input.setAttribute(key, value);
        input.style.cssText =
          'min-width:0;padding:10px 8px;border:1px solid rgba(0,0,0,.3);border-radius:6px;font:inherit;';
        input.addEventListener('input', () => this.changed());
        root.append(input);
        return input;
      };
      this.inputs = {
        number: field('cardnumber', words.number, { autocomplete: 'cc-number', maxlength: '23' }),
        expiry: field('exp-date', words.expiry, { autocomplete: 'cc-exp', maxlength: '7' }),
        cvc: field('cvc', words.cvc, { autocomplete: 'cc-csc', maxlength: '4' }),
        postal: field('postal', words.postal, { autocomplete: 'postal-code', maxlength: '10' }),
      };
      // The number on a row of its own, expiry, CVC and postal code under it (any width).
      this.inputs.number.style.gridColumn = '1 / -1';
      this.inputs.expiry.addEventListener('input', () => {
        const d = digits(this.inputs.expiry.value).slice(0, 4);
        this.inputs.expiry.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
      });
      container.replaceChildren(root);
      this.root = root;
      this.emit('ready', {});
    }

    /** The card as typed, or the first thing missing (Stripe.js's validation_error codes). */
    read() {
      if (!this.inputs) return { error: 'incomplete_number' };
      const number = digits(this.inputs.number.value);
      const expiry = digits(this.inputs.expiry.value);
      const cvc = digits(this.inputs.cvc.value);
      const postal = this.inputs.postal.value.trim();
      if (number.length < 12) return { error: 'incomplete_number' };
      if (expiry.length !== 4) return { error: 'incomplete_expiry' };
      if (cvc.length < 3) return { error: 'incomplete_cvc' };
      if (postal.length < 3) return { error: 'incomplete_zip' };
      return {
        card: {
          number,
          exp_month: String(Number(expiry.slice(0, 2))),
          exp_year: `20${expiry.slice(2)}`,
          cvc,
        },
        postal,
      };
    }

    changed() {
      const read = this.read();
      const empty = Object.values(this.inputs).every((input) => input.value === '');
      this.emit('change', { elementType: 'card', empty, complete: !read.error, error: undefined });
    }

    on(event, handler) {
      this.handlers[event] = [...(this.handlers[event] ?? []), handler];
      return this;
    }

    off(event, handler) {
      this.handlers[event] = (this.handlers[event] ?? []).filter((h) => h !== handler);
      return this;
    }

    emit(event, payload) {
      for (const handler of this.handlers[event] ?? []) handler(payload);
    }

    focus() {
      this.inputs?.number.focus();
    }

    clear() {
      for (const input of Object.values(this.inputs ?? {})) input.value = '';
    }

    unmount() {
      this.root?.remove();
      this.root = null;
      this.inputs = null;
    }

    destroy() {
      this.unmount();
      this.handlers = {};
    }
  }

  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new IntegrationError('Invalid value for Stripe(): apiKey should be a publishable key.');
    }
    const locale = String(options?.locale ?? 'en').startsWith('es') ? 'es' : 'en';
    const elements = new Map();
    this.elements = () => ({
      create(type) {
        if (type !== 'card') throw new IntegrationError(`This sandbox has no ${type} element.`);
        if (elements.has(type)) {
          throw new IntegrationError('Can only create one Element of type card.');
        }
        const element = new CardElement(locale);
        elements.set(type, element);
        return element;
      },
      getElement: (type) => elements.get(type) ?? null,
    });
    this.createPaymentMethod = async (params) => {
      const element = params?.card;
      if (params?.type !== 'card' || !(element instanceof CardElement)) {
        throw new IntegrationError(
          'createPaymentMethod: pass { type: "card", card: cardElement }.',
        );
      }
      const read = element.read();
      if (read.error) {
        return {
          error: {
            type: 'validation_error',
            code: read.error,
            message: MESSAGES[locale][read.error],
          },
        };
      }
      const form = new URLSearchParams({ type: 'card' });
      for (const [key, value] of Object.entries(read.card)) form.set(`card[${key}]`, value);
      form.set('billing_details[address][postal_code]', read.postal);
      const response = await fetch(`${API}/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      const body = await response.json();
      return response.ok ? { paymentMethod: body } : { error: body.error };
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
