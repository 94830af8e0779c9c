/*
 * Pago sandbox fake of Persona's hosted inquiry flow: the page that persona.js opens in its
 * iframe. Steps: ID country -> ID type -> your details -> ID photo -> review -> result. It reports
 * to the opener only through window.parent.postMessage ({ source: 'pago-sandbox-persona',
 * action: 'ready' | 'complete' | 'cancel' | 'error', ... }).
 * Test data: last name "Fail" fails the check; "Decline" is submitted, then declined after
 * review; any other name is approved after review (the server decides; this page only says so).
 * What the Plaid fake's flow does alike comes from shared/assets/hosted-flow.js (SandboxFlow).
 */
(() => {
  const SOURCE = 'pago-sandbox-persona';
  const HOST_SOURCE = 'pago-sandbox-persona-host';
  const STEPS = ['country', 'id_class', 'details', 'photo', 'review'];
  const ID_CLASSES = ['id', 'pp', 'dl'];
  const { h, errorSlot, setError, textField, requestJson } = window.SandboxFlow;
  const ID_NUMBER = /^[A-Za-z0-9-]{4,20}$/;

  /** ISO code, name in Spanish, name in English, local name of the national ID. */
  const COUNTRIES = [
    ['MX', 'México', 'Mexico', 'INE'],
    ['GT', 'Guatemala', 'Guatemala', 'DPI'],
    ['SV', 'El Salvador', 'El Salvador', 'DUI'],
    ['HN', 'Honduras', 'Honduras', 'DNI'],
    ['NI', 'Nicaragua', 'Nicaragua', 'Cédula de identidad'],
    ['CR', 'Costa Rica', 'Costa Rica', 'Cédula de identidad'],
    ['PA', 'Panamá', 'Panama', 'Cédula de identidad personal'],
    ['CO', 'Colombia', 'Colombia', 'Cédula de ciudadanía'],
    ['VE', 'Venezuela', 'Venezuela', 'Cédula de identidad'],
    ['EC', 'Ecuador', 'Ecuador', 'Cédula de identidad'],
    ['PE', 'Perú', 'Peru', 'DNI'],
    ['BO', 'Bolivia', 'Bolivia', 'Cédula de identidad'],
    ['CL', 'Chile', 'Chile', 'Cédula de identidad'],
    ['AR', 'Argentina', 'Argentina', 'DNI'],
    ['UY', 'Uruguay', 'Uruguay', 'Cédula de identidad'],
    ['PY', 'Paraguay', 'Paraguay', 'Cédula de identidad'],
    ['DO', 'República Dominicana', 'Dominican Republic', 'Cédula de identidad y electoral'],
    ['ES', 'España', 'Spain', 'DNI'],
  ];

  const TEXT = {
    es: {
      locale: 'es-419',
      pageTitle: 'Verificación de identidad · Persona (sandbox)',
      loading: 'Cargando…',
      close: 'Cerrar',
      back: 'Atrás',
      next: 'Continuar',
      note: 'Datos de prueba: con el apellido «Fail», la verificación falla; con «Decline», se envía y luego se rechaza tras la revisión; con cualquier otro nombre, se aprueba tras la revisión.',
      stepOf: (n, total) => `Paso ${n} de ${total}`,
      countryTitle: 'País de tu identificación',
      countryLead: 'Elige el país que emitió tu documento de identidad.',
      countryLabel: 'País',
      countryPlaceholder: 'Selecciona un país',
      countryRequired: 'Elige un país.',
      idTitle: 'Tipo de identificación',
      idLegend: '¿Qué identificación vas a usar?',
      idClasses: { id: 'Identificación nacional', pp: 'Pasaporte', dl: 'Licencia de conducir' },
      idInline: { id: 'tu identificación', pp: 'tu pasaporte', dl: 'tu licencia de conducir' },
      idRequired: 'Elige un tipo de identificación.',
      detailsTitle: 'Tus datos',
      detailsLead: 'Escríbelos tal como aparecen en tu identificación.',
      firstName: 'Nombre',
      lastName: 'Apellido',
      dob: 'Fecha de nacimiento',
      idNumber: 'Número de identificación',
      idNumberHint: 'De 4 a 20 caracteres: letras, números o guiones.',
      firstRequired: 'Escribe tu nombre.',
      lastRequired: 'Escribe tu apellido.',
      dobRequired: 'Escribe tu fecha de nacimiento.',
      dobInvalid: 'Escribe una fecha de nacimiento válida.',
      dobFuture: 'La fecha de nacimiento debe ser anterior a hoy.',
      dobMinor: 'Debes tener al menos 18 años.',
      idNumberRequired: 'Escribe el número de tu identificación.',
      idNumberInvalid: 'Usa de 4 a 20 letras, números o guiones, sin espacios.',
      photoTitle: 'Foto de tu identificación',
      photoLead: (doc) =>
        `Toma o sube una foto clara del frente de ${doc}, sin reflejos y con las cuatro esquinas visibles.`,
      photoLabel: 'Foto de la identificación',
      photoHint: 'Una imagen (JPG, PNG u otro formato) de 8 MB como máximo.',
      photoChoose: 'Elegir foto',
      photoChange: 'Cambiar foto',
      photoRequired: 'Elige una foto de tu identificación.',
      photoNotImage: 'El archivo debe ser una imagen.',
      photoTooBig: 'La imagen pesa más de 8 MB. Elige una más ligera.',
      photoPreview: 'Vista previa de la foto de tu identificación',
      reviewTitle: 'Revisa y envía',
      reviewLead: 'Confirma que tus datos sean correctos antes de enviarlos.',
      rowCountry: 'País',
      rowId: 'Identificación',
      rowName: 'Nombre completo',
      rowDob: 'Fecha de nacimiento',
      rowIdNumber: 'Número de identificación',
      rowPhoto: 'Foto',
      submit: 'Enviar',
      submitting: 'Enviando…',
      submitFailed: 'No pudimos enviar tus datos. Inténtalo de nuevo.',
      offline: 'No hay conexión. Revisa tu internet e inténtalo de nuevo.',
      completedTitle: '¡Gracias! Estamos revisando tu información',
      completedBody: 'Te avisaremos en cuanto terminemos la revisión.',
      failedTitle: 'No pudimos verificar tu identificación',
      failedBody: 'Los datos que enviaste no coincidieron con tu identificación.',
      done: 'Listo',
      submittedTitle: 'Esta verificación ya se envió',
      submittedBody: 'No tienes que hacer nada más por ahora.',
      unavailableTitle: 'No pudimos abrir la verificación',
      unavailableBody: 'Esta verificación no existe o ya no está disponible.',
      finished: 'Listo. Ya puedes cerrar esta ventana.',
    },
    en: {
      locale: 'en-US',
      pageTitle: 'Identity verification · Persona (sandbox)',
      loading: 'Loading…',
      close: 'Close',
      back: 'Back',
      next: 'Continue',
      note: 'Test data: last name “Fail” → the check fails; “Decline” → submitted, then declined after review; any other name → approved after review.',
      stepOf: (n, total) => `Step ${n} of ${total}`,
      countryTitle: 'Country of your ID',
      countryLead: 'Choose the country that issued your ID.',
      countryLabel: 'Country',
      countryPlaceholder: 'Select a country',
      countryRequired: 'Choose a country.',
      idTitle: 'ID type',
      idLegend: 'Which ID will you use?',
      idClasses: { id: 'National ID', pp: 'Passport', dl: "Driver's license" },
      idInline: { id: 'your ID', pp: 'your passport', dl: "your driver's license" },
      idRequired: 'Choose an ID type.',
      detailsTitle: 'Your details',
      detailsLead: 'Enter them exactly as they appear on your ID.',
      firstName: 'First name',
      lastName: 'Last name',
      dob: 'Date of birth',
      idNumber: 'ID number',
      idNumberHint: '4 to 20 characters: letters, numbers or hyphens.',
      firstRequired: 'Enter your first name.',
      lastRequired: 'Enter your last name.',
      dobRequired: 'Enter your date of birth.',
      dobInvalid: 'Enter a valid date of birth.',
      dobFuture: 'Date of birth must be before today.',
      dobMinor: 'You must be at least 18 years old.',
      idNumberRequired: 'Enter your ID number.',
      idNumberInvalid: 'Use 4 to 20 letters, numbers or hyphens, with no spaces.',
      photoTitle: 'Photo of your ID',
      photoLead: (doc) =>
        `Take or upload a clear photo of the front of ${doc}, with no glare and all four corners visible.`,
      photoLabel: 'ID photo',
      photoHint: 'An image (JPG, PNG or another format) up to 8 MB.',
      photoChoose: 'Choose photo',
      photoChange: 'Change photo',
      photoRequired: 'Choose a photo of your ID.',
      photoNotImage: 'The file must be an image.',
      photoTooBig: 'The image is larger than 8 MB. Choose a smaller one.',
      photoPreview: 'Preview of your ID photo',
      reviewTitle: 'Review and submit',
      reviewLead: 'Make sure your details are correct before you submit them.',
      rowCountry: 'Country',
      rowId: 'ID',
      rowName: 'Full name',
      rowDob: 'Date of birth',
      rowIdNumber: 'ID number',
      rowPhoto: 'Photo',
      submit: 'Submit',
      submitting: 'Submitting…',
      submitFailed: "We couldn't send your details. Please try again.",
      offline: "You're offline. Check your connection and try again.",
      completedTitle: "Thank you! We're reviewing your information",
      completedBody: "We'll let you know as soon as the review is done.",
      failedTitle: "We couldn't verify your ID",
      failedBody: "The details you sent didn't match your ID.",
      done: 'Done',
      submittedTitle: 'This verification was already submitted',
      submittedBody: "There's nothing else you need to do for now.",
      unavailableTitle: "We couldn't open the verification",
      unavailableBody: "This verification doesn't exist or is no longer available.",
      finished: 'Done. You can close this window now.',
    },
  };

  const params = new URLSearchParams(location.search);
  const app = {
    inquiryId: params.get('inquiry-id') || '',
    sessionToken: params.get('session-token') || '',
    lang: (params.get('lang') || '').toLowerCase().startsWith('en') ? 'en' : 'es',
    country: '',
    idClass: null,
    nameFirst: '',
    nameLast: '',
    birthdate: '',
    idNumber: '',
    result: null,
  };

  const flow = window.SandboxFlow.create(app, {
    source: SOURCE,
    steps: STEPS,
    texts: TEXT,
    screens: {
      unavailable: unavailableScreen,
      submitted: submittedScreen,
      country: countryScreen,
      id_class: idClassScreen,
      details: detailsScreen,
      photo: photoScreen,
      review: reviewScreen,
      result: resultScreen,
    },
  });

  // ---------- messaging ----------

  /** X button, Escape, or Close on the "already submitted" screen. */
  function userCancel() {
    flow.finish('cancel', { inquiryId: app.inquiryId });
  }

  function complete() {
    flow.finish('complete', {
      inquiryId: app.inquiryId,
      status: app.result,
      fields: {
        name_first: app.nameFirst,
        name_last: app.nameLast,
        birthdate: app.birthdate,
        country: app.country,
      },
    });
  }

  /** The opener asks for focus when it shows the (preloaded) iframe. */
  function onHostMessage(event) {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    if (event.data?.source === HOST_SOURCE && event.data.action === 'focus') flow.focusHeading();
  }

  // ---------- countries and IDs ----------

  function countryName(code) {
    const row = COUNTRIES.find(([iso]) => iso === code);
    return row ? row[app.lang === 'en' ? 2 : 1] : code;
  }

  function localIdName(code) {
    return COUNTRIES.find(([iso]) => iso === code)?.[3] || null;
  }

  function idNumberProblem(value) {
    if (!value) return 'idNumberRequired';
    return ID_NUMBER.test(value) ? null : 'idNumberInvalid';
  }

  // ---------- screens ----------

  function unavailableScreen() {
    const t = app.t;
    return flow.messageScreen('bad', t.unavailableTitle, t.unavailableBody, t.close, userCancel);
  }

  function submittedScreen() {
    const t = app.t;
    return flow.messageScreen('info', t.submittedTitle, t.submittedBody, t.close, userCancel);
  }

  function countryScreen() {
    const t = app.t;
    const error = errorSlot('country-error');
    const options = COUNTRIES.map(([code]) =>
      h('option', { value: code, selected: app.country === code }, countryName(code)),
    );
    const select = h(
      'select',
      { id: 'country', name: 'country', autocomplete: 'country', 'aria-describedby': error.id },
      h('option', { value: '', selected: !app.country }, t.countryPlaceholder),
      options,
    );
    return flow.step({
      title: t.countryTitle,
      lead: t.countryLead,
      content: [
        h('div', { class: 'field' }, h('label', { for: 'country' }, t.countryLabel), select, error),
      ],
      onValid: () => {
        setError(error, [select], select.value ? '' : t.countryRequired);
        if (!select.value) return select.focus();
        if (select.value !== app.country) app.idClass = null;
        app.country = select.value;
        flow.show('id_class');
      },
    });
  }

  function idClassScreen() {
    const t = app.t;
    const localName = localIdName(app.country);
    const choice = flow.choiceField({
      name: 'id_class',
      idPrefix: 'id-class-',
      errorId: 'id-class-error',
      values: ID_CLASSES,
      current: app.idClass,
      legend: t.idLegend,
      text: (idClass) =>
        h(
          'span',
          { class: 'choice-text' },
          h('span', {}, t.idClasses[idClass]),
          idClass === 'id' && localName ? h('span', { class: 'choice-hint' }, localName) : null,
        ),
    });
    return flow.step({
      title: t.idTitle,
      content: [choice.el],
      backTo: 'country',
      onValid: () => {
        const picked = choice.pick(t.idRequired);
        if (!picked) return;
        app.idClass = picked;
        flow.show('details');
      },
    });
  }

  function detailsScreen() {
    const t = app.t;
    const first = flow.nameField('name_first', t.firstName, app.nameFirst, 'given-name');
    const last = flow.nameField('name_last', t.lastName, app.nameLast, 'family-name');
    const dob = flow.dobField('birthdate', app.birthdate);
    const idNumber = textField(
      'identification_number',
      t.idNumber,
      app.idNumber,
      { autocomplete: 'off', maxlength: '20', spellcheck: 'false', autocapitalize: 'characters' },
      t.idNumberHint,
    );
    flow.keepTyped([
      [first, 'nameFirst'],
      [last, 'nameLast'],
      [dob, 'birthdate'],
      [idNumber, 'idNumber'],
    ]);
    return flow.step({
      title: t.detailsTitle,
      lead: t.detailsLead,
      content: [first.el, last.el, dob.el, idNumber.el],
      backTo: 'id_class',
      onValid: () => {
        const fine = flow.checkFields([
          [first, first.input.value.trim() ? null : 'firstRequired'],
          [last, last.input.value.trim() ? null : 'lastRequired'],
          [dob, dob.problem()],
          [idNumber, idNumberProblem(idNumber.input.value.trim())],
        ]);
        if (!fine) return;
        app.nameFirst = first.input.value.trim();
        app.nameLast = last.input.value.trim();
        app.birthdate = dob.input.value;
        app.idNumber = idNumber.input.value.trim();
        flow.show('photo');
      },
    });
  }

  function photoScreen() {
    return flow.photoStep({
      lead: app.t.photoLead(app.t.idInline[app.idClass]),
      backTo: 'details',
      onValid: () => flow.show('review'),
    });
  }

  function reviewScreen() {
    const t = app.t;
    const localName = app.idClass === 'id' ? localIdName(app.country) : null;
    const idLabel = t.idClasses[app.idClass] + (localName ? ` (${localName})` : '');
    return flow.reviewStep({
      title: t.reviewTitle,
      lead: t.reviewLead,
      rows: [
        [t.rowCountry, countryName(app.country)],
        [t.rowId, idLabel],
        [t.rowName, `${app.nameFirst} ${app.nameLast}`],
        [t.rowDob, flow.formatDate(app.birthdate)],
        [t.rowIdNumber, app.idNumber],
      ],
      backTo: 'photo',
      label: t.submit,
      url: '/sandbox/persona/flow/submit',
      fields: {
        inquiry_id: app.inquiryId,
        country: app.country,
        id_class: app.idClass,
        name_first: app.nameFirst,
        name_last: app.nameLast,
        birthdate: app.birthdate,
        identification_number: app.idNumber,
      },
      accepted: (body) => body?.status === 'completed' || body?.status === 'failed',
      onAccepted: (body) => {
        app.result = body.status;
        flow.show('result');
      },
    });
  }

  function resultScreen() {
    const t = app.t;
    if (app.result === 'completed') {
      return flow.messageScreen('ok', t.completedTitle, t.completedBody, t.done, complete);
    }
    return flow.messageScreen('bad', t.failedTitle, t.failedBody, t.done, complete);
  }

  // ---------- flow ----------

  /** The inquiry can't be loaded: tell the opener (it closes the overlay) and say so here. */
  function failToLoad(status, code, message) {
    flow.show('unavailable');
    flow.finish('error', { status, code, message });
  }

  async function start() {
    flow.boot(app.lang, userCancel);
    window.addEventListener('message', onHostMessage);
    if (!app.inquiryId) return failToLoad(400, 'inquiry_not_found', 'Missing inquiry-id.');
    const session = app.sessionToken
      ? `&session-token=${encodeURIComponent(app.sessionToken)}`
      : '';
    const url = `/sandbox/persona/flow/inquiry?inquiry-id=${encodeURIComponent(app.inquiryId)}${session}`;
    const { response, body } = await requestJson(url);
    if (!response) {
      return failToLoad(0, 'network_error', 'Could not reach the verification service.');
    }
    if (!response.ok || !body) {
      const code = body?.error?.code || 'inquiry_not_found';
      return failToLoad(response.status, code, body?.error?.message || 'Inquiry not found.');
    }
    const fields = body.fields || {};
    app.nameFirst = fields.name_first || '';
    app.nameLast = fields.name_last || '';
    flow.show(body.status === 'created' || body.status === 'pending' ? 'country' : 'submitted');
    flow.post('ready', { inquiryId: app.inquiryId });
  }

  start();
})();
