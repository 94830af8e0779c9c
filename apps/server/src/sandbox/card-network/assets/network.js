// The sandbox card network's page: each form posts one network message and shows the answer.
(() => {
  const WORDS = {
    en: {
      title: 'Card network · Sandbox',
      intro: 'Play a merchant or an ATM with a sandbox card. Amounts are in cents.',
      language: 'Language',
      card: 'Card',
      pan: 'Number',
      expMonth: 'Expiry month',
      expYear: 'Expiry year',
      cvv: 'CVV',
      purchase: 'Purchase',
      amountCents: 'Amount (cents)',
      merchantName: 'Merchant',
      merchantCity: 'City',
      category: 'Category',
      restaurant: 'Restaurant',
      grocery: 'Grocery',
      gas: 'Gas station',
      retail: 'Store',
      travel: 'Travel',
      entertainment: 'Entertainment',
      services: 'Services',
      pay: 'Pay',
      atm: 'ATM withdrawal',
      network: 'Network',
      in: 'In network',
      out: 'Out of network',
      international: 'International',
      withdraw: 'Withdraw',
      clear: 'Clear (settle)',
      clearHint: 'At another amount, e.g. with a tip.',
      authorizationId: 'Authorization',
      clearButton: 'Clear',
      reverse: 'Reverse',
      reverseButton: 'Reverse',
      refund: 'Refund',
      refundButton: 'Refund',
      answer: 'Answer',
      approved: 'Approved',
      declined: 'Declined',
      done: 'Done',
      failed: 'Refused',
    },
    es: {
      approved: 'Aprobada',
      declined: 'Rechazada',
      done: 'Listo',
      failed: 'Rechazado',
    },
  };
  const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'es';
  const words = WORDS[lang];
  document.documentElement.lang = lang;
  if (lang === 'en') {
    for (const node of document.querySelectorAll('[data-i18n]')) {
      const word = words[node.getAttribute('data-i18n')];
      if (word) node.textContent = word;
    }
    for (const node of document.querySelectorAll('[data-i18n-label]')) {
      const word = words[node.getAttribute('data-i18n-label')];
      if (word) node.setAttribute('aria-label', word);
    }
  }
  const $ = (id) => document.getElementById(id);
  const card = () => ({
    pan: $('pan').value.replace(/\s+/g, ''),
    expMonth: Number($('expMonth').value),
    expYear: Number($('expYear').value),
  });
  const number = (form, name) => Number(form.elements.namedItem(name).value);
  const value = (form, name) => form.elements.namedItem(name).value.trim();

  async function send(path, body) {
    const response = await fetch(`/sandbox/cards/network/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    $('answer').textContent = JSON.stringify(answer, null, 2);
    let summary = response.ok ? words.done : words.failed;
    if (response.ok && 'approved' in answer) {
      summary = answer.approved ? words.approved : `${words.declined}: ${answer.declineReason}`;
      if (answer.authorizationId) {
        for (const input of document.querySelectorAll('input.auth'))
          input.value = answer.authorizationId;
      }
    }
    $('summary').textContent = summary;
  }

  const BODIES = {
    purchase: (form) => ({
      ...card(),
      cvv: $('cvv').value.trim(),
      amountCents: number(form, 'amountCents'),
      merchant: {
        name: value(form, 'name'),
        city: value(form, 'city'),
        category: value(form, 'category'),
      },
    }),
    atm: (form) => ({
      ...card(),
      amountCents: number(form, 'amountCents'),
      network: value(form, 'network'),
    }),
    clear: (form) => ({
      authorizationId: value(form, 'authorizationId'),
      amountCents: number(form, 'amountCents'),
    }),
    reverse: (form) => ({ authorizationId: value(form, 'authorizationId') }),
    refund: (form) => ({
      authorizationId: value(form, 'authorizationId'),
      amountCents: number(form, 'amountCents'),
      refundId: `page-${Date.now()}`,
    }),
  };
  for (const [id, body] of Object.entries(BODIES)) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault();
      send(id, body(event.currentTarget)).catch((error) => {
        $('summary').textContent = `${words.failed}: ${error.message}`;
      });
    });
  }
})();
