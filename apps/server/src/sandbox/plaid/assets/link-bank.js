/*
 * Pago sandbox fake of Plaid Link for Auth: the bank picker that link-initialize.js opens in its
 * iframe when the link token asks for `auth`. Steps: institution -> credentials -> accounts ->
 * connected; in update mode (a link token made with an item's access token) credentials -> connected. Test data as Plaid's Sandbox: user_good / pass_good ($100 in checking ••0000, $200
 * in savings ••1111), user_low_balance / pass_good (a bank reporting $5 and $1); any other
 * password fails with INVALID_CREDENTIALS. It reports to the opener only through postMessage
 * ({ source: 'pago-sandbox-plaid', action: 'event' | 'success' | 'exit' }), with Plaid's events.
 */
(() => {
  const SOURCE = 'pago-sandbox-plaid';
  const STEPS = ['select_institution', 'credentials', 'select_account'];
  const INSTITUTIONS = [
    ['ins_109508', 'First Platypus Bank'],
    ['ins_109509', 'First Gingham Credit Union'],
    ['ins_109510', 'Tattersall Federal Credit Union'],
    ['ins_109511', 'Tiberius Bank'],
    ['ins_109512', 'Tartan Bank'],
  ];
  const { h, requestJson, textField, setError, errorSlot } = window.SandboxFlow;

  const TEXT = {
    es: {
      locale: 'es-419',
      pageTitle: 'Conecta tu banco · Plaid (sandbox)',
      loading: 'Cargando…',
      close: 'Cerrar',
      back: 'Atrás',
      next: 'Continuar',
      note: 'Datos de prueba: usuario user_good y contraseña pass_good (o user_low_balance para un saldo bajo). Otra contraseña falla.',
      stepOf: (n, total) => `Paso ${n} de ${total}`,
      pickTitle: 'Elige tu banco',
      pickLead: (client) => `${client} usa Plaid para conectar tu cuenta bancaria.`,
      pickLegend: 'Bancos',
      pickRequired: 'Elige un banco.',
      loginTitle: (bank) => `Inicia sesión en ${bank}`,
      loginLead: 'Usa el usuario y la contraseña de tu banca en línea.',
      username: 'Usuario',
      password: 'Contraseña',
      usernameRequired: 'Escribe tu usuario.',
      passwordRequired: 'Escribe tu contraseña.',
      submit: 'Enviar',
      checking: 'Verificando…',
      accountsTitle: 'Elige tus cuentas',
      accountsLead: (client) => `¿Qué cuentas quieres compartir con ${client}?`,
      accountsLegend: 'Cuentas',
      accountsRequired: 'Elige al menos una cuenta.',
      kinds: { checking: 'Corriente', savings: 'Ahorros' },
      connect: 'Conectar',
      successTitle: 'Listo',
      successBody: (bank) => `Conectaste tu cuenta de ${bank}. Continúa para volver a la app.`,
      failed: 'No pudimos conectar con el banco. Inténtalo de nuevo.',
      badCredentials: 'El usuario o la contraseña no son correctos. Inténtalo de nuevo.',
      invalidTitle: 'No pudimos abrir Plaid',
      invalidBody: 'El enlace no es válido o ya venció. Cierra esta ventana e inténtalo de nuevo.',
      finished: 'Listo. Ya puedes cerrar esta ventana.',
    },
    en: {
      locale: 'en-US',
      pageTitle: 'Connect your bank · Plaid (sandbox)',
      loading: 'Loading…',
      close: 'Close',
      back: 'Back',
      next: 'Continue',
      note: 'Test data: username user_good and password pass_good (or user_low_balance for a low balance). Any other password fails.',
      stepOf: (n, total) => `Step ${n} of ${total}`,
      pickTitle: 'Select your bank',
      pickLead: (client) => `${client} uses Plaid to connect your bank account.`,
      pickLegend: 'Banks',
      pickRequired: 'Choose a bank.',
      loginTitle: (bank) => `Log in to ${bank}`,
      loginLead: 'Use your online banking username and password.',
      username: 'Username',
      password: 'Password',
      usernameRequired: 'Enter your username.',
      passwordRequired: 'Enter your password.',
      submit: 'Submit',
      checking: 'Checking…',
      accountsTitle: 'Select your accounts',
      accountsLead: (client) => `Which accounts do you want to share with ${client}?`,
      accountsLegend: 'Accounts',
      accountsRequired: 'Choose at least one account.',
      kinds: { checking: 'Checking', savings: 'Savings' },
      connect: 'Connect',
      successTitle: 'Success',
      successBody: (bank) => `Your ${bank} account is connected. Continue to return to the app.`,
      failed: "We couldn't reach the bank. Please try again.",
      badCredentials: 'The username or password is not correct. Please try again.',
      invalidTitle: "We couldn't open Plaid",
      invalidBody: 'This link is invalid or has expired. Close this window and try again.',
      finished: 'Done. You can close this window now.',
    },
  };

  const app = {
    token: new URLSearchParams(location.search).get('token') || '',
    clientName: 'Pago',
    institution: null,
    username: '',
    password: '',
    accounts: [],
    success: null,
    update: false,
    linkSessionId: crypto.randomUUID(),
  };

  const flow = window.SandboxFlow.create(app, {
    source: SOURCE,
    steps: STEPS,
    texts: TEXT,
    screens: {
      invalid: () =>
        flow.messageScreen('bad', app.t.invalidTitle, app.t.invalidBody, app.t.close, userClose),
      select_institution: institutionScreen,
      credentials: credentialsScreen,
      select_account: accountsScreen,
      connected: () =>
        flow.messageScreen(
          'ok',
          app.t.successTitle,
          app.t.successBody(app.institution[1]),
          app.t.next,
          handOff,
        ),
    },
    onShow: (screen) => {
      if (STEPS.includes(screen)) emit('TRANSITION_VIEW', { view_name: screen.toUpperCase() });
    },
  });

  function metadata(fields) {
    return {
      link_session_id: app.linkSessionId,
      request_id: crypto.randomUUID().replaceAll('-', '').slice(0, 15),
      timestamp: new Date().toISOString(),
      institution_id: app.institution?.[0] ?? null,
      institution_name: app.institution?.[1] ?? null,
      ...fields,
    };
  }

  function emit(eventName, fields) {
    flow.post('event', { eventName, metadata: metadata(fields) });
  }

  function userClose() {
    if (app.finished) return;
    emit('EXIT');
    flow.finish('exit', {
      error: null,
      metadata: {
        link_session_id: app.linkSessionId,
        request_id: metadata().request_id,
        institution: app.institution
          ? { institution_id: app.institution[0], name: app.institution[1] }
          : null,
        status: app.screen,
      },
    });
  }

  function handOff() {
    if (app.finished) return;
    emit('HANDOFF');
    flow.finish('success', app.success);
  }

  /** A busy submit: the button says what is happening and cannot be pressed twice. */
  async function busy(form, label, work) {
    if (app.busy) return;
    app.busy = true;
    const button = form.querySelector('button[type="submit"]');
    const before = button.textContent;
    button.disabled = true;
    button.textContent = label;
    try {
      await work();
    } finally {
      app.busy = false;
      button.disabled = false;
      button.textContent = before;
    }
  }

  // ---------- screens ----------

  function institutionScreen() {
    const t = app.t;
    const choice = flow.choiceField({
      name: 'institution',
      idPrefix: 'ins-',
      errorId: 'institution-error',
      values: INSTITUTIONS.map(([id]) => id),
      current: app.institution?.[0] ?? null,
      legend: t.pickLegend,
      text: (id) => h('span', {}, INSTITUTIONS.find(([value]) => value === id)[1]),
    });
    return flow.step({
      title: t.pickTitle,
      lead: t.pickLead(app.clientName),
      content: [choice.el],
      onValid: () => {
        const picked = choice.pick(t.pickRequired);
        if (!picked) return;
        app.institution = INSTITUTIONS.find(([id]) => id === picked);
        emit('SELECT_INSTITUTION');
        flow.show('credentials');
      },
    });
  }

  function credentialsScreen() {
    const t = app.t;
    const user = textField('username', t.username, app.username, {
      autocomplete: 'username',
      maxlength: '100',
    });
    const pass = textField('password', t.password, '', {
      type: 'password',
      autocomplete: 'current-password',
      maxlength: '100',
    });
    const formError = errorSlot('credentials-error');
    return flow.step({
      title: t.loginTitle(app.institution[1]),
      lead: t.loginLead,
      content: [user.el, pass.el, formError],
      backTo: app.update ? null : 'select_institution',
      button: h('button', { type: 'submit', class: 'btn primary' }, t.submit),
      onValid: (form) => {
        const fine = flow.checkFields([
          [user, user.input.value.trim() ? null : 'usernameRequired'],
          [pass, pass.input.value ? null : 'passwordRequired'],
        ]);
        if (!fine) return;
        emit('SUBMIT_CREDENTIALS');
        busy(form, t.checking, async () => {
          const { response, body } = await requestJson('/sandbox/plaid/link/bank/credentials', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              link_token: app.token,
              institution_id: app.institution[0],
              username: user.input.value.trim(),
              password: pass.input.value,
            }),
          });
          if (response?.ok && Array.isArray(body?.accounts)) {
            app.username = user.input.value.trim();
            app.password = pass.input.value;
            app.accounts = body.accounts;
            if (app.update) await repairLogin(formError, pass.input);
            else flow.show('select_account');
            return;
          }
          const wrong = body?.error_code === 'INVALID_CREDENTIALS';
          if (body?.error_code) {
            emit('ERROR', { error_type: body.error_type, error_code: body.error_code });
          }
          setError(formError, [pass.input], wrong ? t.badCredentials : t.failed);
          pass.input.value = '';
          pass.input.focus();
        });
      },
    });
  }

  function accountsScreen() {
    const t = app.t;
    const error = errorSlot('accounts-error');
    const boxes = app.accounts.map((account, index) =>
      h('input', {
        type: 'checkbox',
        name: 'accounts',
        id: `account-${account.kind}`,
        value: account.kind,
        checked: index === 0,
        'aria-describedby': error.id,
      }),
    );
    const choices = boxes.map((box, index) => {
      const account = app.accounts[index];
      return h(
        'label',
        { class: 'choice', for: box.id },
        box,
        h(
          'span',
          { class: 'choice-text' },
          `${account.name} •••• ${account.mask}`,
          h('span', { class: 'choice-hint' }, t.kinds[account.subtype] || account.subtype),
        ),
      );
    });
    return flow.step({
      title: t.accountsTitle,
      lead: t.accountsLead(app.clientName),
      content: [h('fieldset', {}, h('legend', {}, t.accountsLegend), choices, error)],
      backTo: 'credentials',
      button: h('button', { type: 'submit', class: 'btn primary' }, t.connect),
      onValid: (form) => {
        const chosen = boxes.filter((box) => box.checked).map((box) => box.value);
        setError(error, boxes, chosen.length ? '' : t.accountsRequired);
        if (!chosen.length) return boxes[0]?.focus();
        busy(form, t.checking, async () => {
          const { response, body } = await requestJson('/sandbox/plaid/link/bank/submit', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              link_token: app.token,
              institution_id: app.institution[0],
              username: app.username,
              password: app.password,
              accounts: chosen,
            }),
          });
          if (!response?.ok || !body?.public_token) {
            setError(error, boxes, t.failed);
            return;
          }
          app.password = '';
          app.success = {
            public_token: body.public_token,
            metadata: { ...body.metadata, link_session_id: app.linkSessionId },
          };
          flow.show('connected');
        });
      },
    });
  }

  /** Update mode: the same login again, and the item works once more; no accounts to pick. */
  async function repairLogin(formError, passInput) {
    const { response, body } = await requestJson('/sandbox/plaid/link/bank/update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        link_token: app.token,
        username: app.username,
        password: app.password,
      }),
    });
    app.password = '';
    if (!response?.ok || !body?.public_token) {
      const wrong = body?.error_code === 'INVALID_CREDENTIALS';
      setError(formError, [passInput], wrong ? app.t.badCredentials : app.t.failed);
      return;
    }
    app.success = {
      public_token: body.public_token,
      metadata: { ...body.metadata, link_session_id: app.linkSessionId },
    };
    flow.show('connected');
  }

  // ---------- start ----------

  async function start() {
    flow.boot('es', userClose);
    if (!app.token) return flow.show('invalid');
    const url = `/sandbox/plaid/link/session?token=${encodeURIComponent(app.token)}`;
    const { response, body } = await requestJson(url);
    if (!response?.ok || !body) return flow.show('invalid');
    flow.setLanguage(body.language);
    if (body.client_name) app.clientName = String(body.client_name);
    emit('OPEN');
    // Update mode (the link token names an item): straight to that bank's sign-in.
    const institution = INSTITUTIONS.find(([id]) => id === body.update?.institution_id);
    if (institution) {
      app.update = true;
      app.institution = institution;
      flow.show('credentials');
      return;
    }
    flow.show('select_institution');
  }

  start();
})();
