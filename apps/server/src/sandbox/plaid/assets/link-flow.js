/*
 * Pago sandbox fake of Plaid Link's hosted Identity Verification flow: the page that
 * link-initialize.js opens in its iframe. Steps: document type -> personal info -> document
 * photo -> review -> result. It reports to the opener only through window.parent.postMessage
 * ({ source: 'pago-sandbox-plaid', action: 'event' | 'success' | 'exit', ... }), with real
 * Plaid event names. Test data: last name "Fail" fails verification; any other name passes.
 * What the Persona fake's flow does alike comes from shared/assets/hosted-flow.js (SandboxFlow).
 */
(() => {
  const SOURCE = 'pago-sandbox-plaid';
  const STEPS = ['document_select', 'personal_info', 'document_photo', 'review'];
  const DOC_TYPES = ['drivers_license', 'state_id', 'passport'];
  const { h, requestJson } = window.SandboxFlow;

  const TEXT = {
    es: {
      locale: 'es-419',
      pageTitle: 'Verificación de identidad · Plaid (sandbox)',
      loading: 'Cargando…',
      close: 'Cerrar',
      back: 'Atrás',
      next: 'Continuar',
      note: 'Datos de prueba: con el apellido «Fail», la verificación falla; con cualquier otro nombre, se aprueba.',
      stepOf: (n, total) => `Paso ${n} de ${total}`,
      intro: (client) =>
        `${client} usa Plaid para verificar tu identidad. Solo toma un par de minutos.`,
      docTitle: 'Verifica tu identidad',
      docLegend: '¿Qué documento vas a usar?',
      docs: {
        drivers_license: 'Licencia de conducir',
        state_id: 'Identificación estatal',
        passport: 'Pasaporte',
      },
      docsInline: {
        drivers_license: 'tu licencia de conducir',
        state_id: 'tu identificación estatal',
        passport: 'tu pasaporte',
      },
      docRequired: 'Elige un tipo de documento.',
      infoTitle: 'Tus datos personales',
      infoLead: 'Escríbelos tal como aparecen en tu documento.',
      givenName: 'Nombre',
      familyName: 'Apellido',
      dob: 'Fecha de nacimiento',
      givenRequired: 'Escribe tu nombre.',
      familyRequired: 'Escribe tu apellido.',
      dobRequired: 'Escribe tu fecha de nacimiento.',
      dobInvalid: 'Escribe una fecha de nacimiento válida.',
      dobFuture: 'La fecha de nacimiento debe ser anterior a hoy.',
      dobMinor: 'Debes tener al menos 18 años.',
      photoTitle: 'Foto de tu documento',
      photoLead: (doc) =>
        `Toma o sube una foto clara del frente de ${doc}, sin reflejos y con las cuatro esquinas visibles.`,
      photoLabel: 'Foto del documento',
      photoChoose: 'Elegir foto',
      photoChange: 'Cambiar foto',
      photoHint: 'Una imagen (JPG, PNG u otro formato) de 8 MB como máximo.',
      photoRequired: 'Elige una foto de tu documento.',
      photoNotImage: 'El archivo debe ser una imagen.',
      photoTooBig: 'La imagen pesa más de 8 MB. Elige una más ligera.',
      photoPreview: 'Vista previa de la foto de tu documento',
      reviewTitle: 'Revisa y confirma',
      reviewLead: 'Confirma que tus datos sean correctos.',
      rowDocument: 'Documento',
      rowName: 'Nombre completo',
      rowDob: 'Fecha de nacimiento',
      rowPhoto: 'Foto',
      confirm: 'Confirmar',
      submitting: 'Verificando…',
      submitFailed: 'No pudimos enviar tus datos. Inténtalo de nuevo.',
      offline: 'No hay conexión. Revisa tu internet e inténtalo de nuevo.',
      successTitle: 'Identidad verificada',
      successBody: 'Listo, confirmamos tu identidad. Continúa para volver a la app.',
      failedTitle: 'No pudimos verificar tu identidad',
      failedBody:
        'Tus datos o la foto del documento no coincidieron. Cierra esta ventana para volver a la app.',
      invalidTitle: 'No pudimos abrir la verificación',
      invalidBody: 'El enlace no es válido o ya venció. Cierra esta ventana e inténtalo de nuevo.',
      finished: 'Listo. Ya puedes cerrar esta ventana.',
    },
    en: {
      locale: 'en-US',
      pageTitle: 'Identity verification · Plaid (sandbox)',
      loading: 'Loading…',
      close: 'Close',
      back: 'Back',
      next: 'Continue',
      note: 'Test data: last name “Fail” → verification fails; any other name passes.',
      stepOf: (n, total) => `Step ${n} of ${total}`,
      intro: (client) =>
        `${client} uses Plaid to verify your identity. It only takes a couple of minutes.`,
      docTitle: 'Verify your identity',
      docLegend: 'Which document will you use?',
      docs: { drivers_license: "Driver's license", state_id: 'State ID', passport: 'Passport' },
      docsInline: {
        drivers_license: "your driver's license",
        state_id: 'your state ID',
        passport: 'your passport',
      },
      docRequired: 'Choose a document type.',
      infoTitle: 'Your personal info',
      infoLead: 'Enter it exactly as it appears on your document.',
      givenName: 'First name',
      familyName: 'Last name',
      dob: 'Date of birth',
      givenRequired: 'Enter your first name.',
      familyRequired: 'Enter your last name.',
      dobRequired: 'Enter your date of birth.',
      dobInvalid: 'Enter a valid date of birth.',
      dobFuture: 'Date of birth must be before today.',
      dobMinor: 'You must be at least 18 years old.',
      photoTitle: 'Photo of your document',
      photoLead: (doc) =>
        `Take or upload a clear photo of the front of ${doc}, with no glare and all four corners visible.`,
      photoLabel: 'Document photo',
      photoChoose: 'Choose photo',
      photoChange: 'Change photo',
      photoHint: 'An image (JPG, PNG or another format) up to 8 MB.',
      photoRequired: 'Choose a photo of your document.',
      photoNotImage: 'The file must be an image.',
      photoTooBig: 'The image is larger than 8 MB. Choose a smaller one.',
      photoPreview: 'Preview of your document photo',
      reviewTitle: 'Review and confirm',
      reviewLead: 'Make sure your information is correct.',
      rowDocument: 'Document',
      rowName: 'Full name',
      rowDob: 'Date of birth',
      rowPhoto: 'Photo',
      confirm: 'Confirm',
      submitting: 'Verifying…',
      submitFailed: "We couldn't send your information. Please try again.",
      offline: "You're offline. Check your connection and try again.",
      successTitle: 'Identity verified',
      successBody: 'All set, we confirmed your identity. Continue to return to the app.',
      failedTitle: "We couldn't verify your identity",
      failedBody:
        "Your details or document photo didn't match. Close this window to return to the app.",
      invalidTitle: "We couldn't open the verification",
      invalidBody: 'This link is invalid or has expired. Close this window and try again.',
      finished: 'Done. You can close this window now.',
    },
  };

  const app = {
    token: new URLSearchParams(location.search).get('token') || '',
    clientName: 'Pago',
    docType: null,
    givenName: '',
    familyName: '',
    dob: '',
    idvId: null,
    result: null,
    linkError: null,
  };

  const flow = window.SandboxFlow.create(app, {
    source: SOURCE,
    steps: STEPS,
    texts: TEXT,
    screens: {
      invalid: invalidScreen,
      document_select: documentSelectScreen,
      personal_info: personalInfoScreen,
      document_photo: documentPhotoScreen,
      review: reviewScreen,
      result: resultScreen,
    },
    onShow: (screen) => {
      if (STEPS.includes(screen)) emit('IDENTITY_VERIFICATION_START_STEP', { view_name: screen });
    },
  });

  // ---------- messaging ----------

  function randomString(length, alphabet) {
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  }

  function metadata(fields) {
    return {
      link_session_id: app.idvId,
      request_id: randomString(
        15,
        'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
      ),
      timestamp: new Date().toISOString(),
      ...fields,
    };
  }

  function emit(eventName, fields) {
    flow.post('event', { eventName, metadata: metadata(fields) });
  }

  function exitStatus() {
    if (STEPS.includes(app.screen)) return `requires_${app.screen}`;
    if (app.screen === 'result') return app.result;
    return null;
  }

  /** X button, Escape, or Close on the failed result. */
  function userClose() {
    if (app.finished) return;
    if (app.screen === 'invalid') {
      emit('EXIT', { exit_status: null });
      flow.finish('exit', { error: app.linkError, metadata: metadata({ status: null }) });
      return;
    }
    const status = exitStatus();
    emit('IDENTITY_VERIFICATION_CLOSE_UI');
    emit('EXIT', { exit_status: status });
    flow.finish('exit', { error: null, metadata: metadata({ status }) });
  }

  function handOff() {
    if (app.finished) return;
    emit('HANDOFF');
    const publicToken = `public-sandbox-${randomString(32, '0123456789abcdef')}`;
    flow.finish('success', { public_token: publicToken, metadata: metadata() });
  }

  function passStep(next) {
    emit('IDENTITY_VERIFICATION_PASS_STEP', { view_name: app.screen });
    flow.show(next);
  }

  // ---------- screens ----------

  function invalidScreen() {
    const t = app.t;
    return flow.messageScreen('bad', t.invalidTitle, t.invalidBody, t.close, userClose);
  }

  function documentSelectScreen() {
    const t = app.t;
    const choice = flow.choiceField({
      name: 'document_type',
      idPrefix: 'doc-',
      errorId: 'document-error',
      values: DOC_TYPES,
      current: app.docType,
      legend: t.docLegend,
      text: (type) => h('span', {}, t.docs[type]),
    });
    return flow.step({
      title: t.docTitle,
      lead: t.intro(app.clientName),
      content: [choice.el],
      onValid: () => {
        const picked = choice.pick(t.docRequired);
        if (!picked) return;
        app.docType = picked;
        passStep('personal_info');
      },
    });
  }

  function personalInfoScreen() {
    const t = app.t;
    const given = flow.nameField('given_name', t.givenName, app.givenName, 'given-name');
    const family = flow.nameField('family_name', t.familyName, app.familyName, 'family-name');
    const dob = flow.dobField('date_of_birth', app.dob);
    flow.keepTyped([
      [given, 'givenName'],
      [family, 'familyName'],
      [dob, 'dob'],
    ]);
    return flow.step({
      title: t.infoTitle,
      lead: t.infoLead,
      content: [given.el, family.el, dob.el],
      backTo: 'document_select',
      onValid: () => {
        const fine = flow.checkFields([
          [given, given.input.value.trim() ? null : 'givenRequired'],
          [family, family.input.value.trim() ? null : 'familyRequired'],
          [dob, dob.problem()],
        ]);
        if (!fine) return;
        app.givenName = given.input.value.trim();
        app.familyName = family.input.value.trim();
        app.dob = dob.input.value;
        passStep('document_photo');
      },
    });
  }

  function documentPhotoScreen() {
    return flow.photoStep({
      lead: app.t.photoLead(app.t.docsInline[app.docType]),
      backTo: 'personal_info',
      onValid: () => passStep('review'),
    });
  }

  function reviewScreen() {
    const t = app.t;
    return flow.reviewStep({
      title: t.reviewTitle,
      lead: t.reviewLead,
      rows: [
        [t.rowDocument, t.docs[app.docType]],
        [t.rowName, `${app.givenName} ${app.familyName}`],
        [t.rowDob, flow.formatDate(app.dob)],
      ],
      backTo: 'document_photo',
      label: t.confirm,
      url: '/sandbox/plaid/link/submit',
      fields: {
        link_token: app.token,
        document_type: app.docType,
        given_name: app.givenName,
        family_name: app.familyName,
        date_of_birth: app.dob,
      },
      accepted: (body) => Boolean(body?.identity_verification_id),
      onAccepted: verified,
    });
  }

  function resultScreen() {
    const t = app.t;
    if (app.result === 'success') {
      return flow.messageScreen('ok', t.successTitle, t.successBody, t.next, handOff);
    }
    return flow.messageScreen('bad', t.failedTitle, t.failedBody, t.close, userClose);
  }

  // ---------- flow ----------

  /** The server's verdict on the submitted data. */
  function verified(body) {
    app.idvId = body.identity_verification_id;
    app.result = body.status === 'success' ? 'success' : 'failed';
    if (app.result === 'success') {
      emit('IDENTITY_VERIFICATION_PASS_STEP', { view_name: 'review' });
      emit('IDENTITY_VERIFICATION_PASS_SESSION');
    } else {
      emit('IDENTITY_VERIFICATION_FAIL_SESSION');
    }
    flow.show('result');
  }

  function showInvalid(status, body) {
    const serverSide = !status || status >= 500;
    app.linkError = {
      error_type: serverSide ? 'API_ERROR' : 'INVALID_INPUT',
      error_code: serverSide ? 'INTERNAL_SERVER_ERROR' : 'INVALID_LINK_TOKEN',
      error_message: body?.error?.message || 'The link token is invalid or has expired.',
      display_message: null,
    };
    emit('ERROR', {
      error_type: app.linkError.error_type,
      error_code: app.linkError.error_code,
      error_message: app.linkError.error_message,
    });
    flow.show('invalid');
  }

  async function start() {
    flow.boot('es', userClose);
    if (!app.token) return showInvalid(400, null);
    const url = `/sandbox/plaid/link/session?token=${encodeURIComponent(app.token)}`;
    const { response, body } = await requestJson(url);
    if (!response) return showInvalid(0, null);
    if (!response.ok || !body) return showInvalid(response.status, body);
    flow.setLanguage(body.language);
    if (body.client_name) app.clientName = String(body.client_name);
    emit('OPEN');
    flow.show('document_select');
  }

  start();
})();
