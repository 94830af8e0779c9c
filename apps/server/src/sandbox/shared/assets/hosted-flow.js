/*
 * Pago sandbox: what the fake vendors' hosted flows have in common (Plaid Link's link-flow.js,
 * Persona's flow.js). Both pages load this classic script first; it defines window.SandboxFlow:
 *
 *  - h, errorSlot, setError, textField: DOM building, with labels, hints and role=alert errors
 *    tied to their controls;
 *  - todayIso, dobProblem, photoProblem, readBase64, requestJson: plain helpers;
 *  - create(app, options): one flow over the page's #view, #close and #note (screens, steps,
 *    focus, language, photo, review and submission, messages to the opener).
 *
 * create() adds its own fields to the vendor's state object `app` (t, lang, screen, photo,
 * photoUrl, busy, finished) and keeps them up to date. The vendor keeps its texts (options.texts,
 * by language, with the keys used here: locale, pageTitle, close, note, loading, finished, back,
 * next, stepOf, dob, photo*, rowPhoto, submitting, submitFailed, offline), its steps, its
 * screens and its messages.
 */
window.SandboxFlow = (() => {
  /** Largest document photo the fakes take, as the server checks too. */
  const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

  // ---------- DOM ----------

  /** h('p', { class: 'x', onclick: fn }, 'text', child) -> element. */
  function h(tag, props, ...children) {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on') && typeof value === 'function') {
        element.addEventListener(key.slice(2), value);
      } else if (key === 'class') {
        element.className = value;
      } else if (key === 'checked' || key === 'value' || key === 'selected') {
        element[key] = value;
      } else {
        element.setAttribute(key, value === true ? '' : String(value));
      }
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) element.append(child);
    }
    return element;
  }

  /** An initially empty live error message; setError(text) fills or clears it. */
  function errorSlot(id) {
    return h('p', { id, class: 'error', role: 'alert' });
  }

  function setError(slot, controls, message) {
    slot.textContent = message || '';
    for (const control of controls) {
      if (message) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  }

  /** A labelled input with an optional hint and its error, both in its aria-describedby. */
  function textField(id, label, value, attrs, hint) {
    const error = errorSlot(`${id}-error`);
    const hintEl = hint ? h('p', { id: `${id}-hint`, class: 'hint' }, hint) : null;
    const describedBy = hint ? `${id}-hint ${error.id}` : error.id;
    const input = h('input', { id, name: id, value, 'aria-describedby': describedBy, ...attrs });
    const el = h('div', { class: 'field' }, h('label', { for: id }, label), hintEl, input, error);
    return { input, error, el };
  }

  function summaryRow(label, value) {
    return [h('dt', {}, label), h('dd', {}, value)];
  }

  // ---------- validation ----------

  function todayParts() {
    const now = new Date();
    return [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  }

  function todayIso() {
    return todayParts()
      .map((part, i) => String(part).padStart(i === 0 ? 4 : 2, '0'))
      .join('-');
  }

  /** Returns the text key of what is wrong with a YYYY-MM-DD birth date, or null. */
  function dobProblem(value, badInput) {
    if (badInput) return 'dobInvalid';
    if (!value) return 'dobRequired';
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return 'dobInvalid';
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return 'dobInvalid';
    const [ty, tm, td] = todayParts();
    if (value >= todayIso()) return 'dobFuture';
    const hadBirthday = tm > m || (tm === m && td >= d);
    return ty - y - (hadBirthday ? 0 : 1) < 18 ? 'dobMinor' : null;
  }

  /** Returns the text key of what is wrong with a chosen document photo, or null. */
  function photoProblem(file) {
    if (!file) return 'photoRequired';
    if (!file.type?.startsWith('image/')) return 'photoNotImage';
    if (file.size > MAX_PHOTO_BYTES) return 'photoTooBig';
    return null;
  }

  // ---------- data ----------

  /** A file's content as base64, without the data: URL prefix. */
  function readBase64(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () =>
        resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  /**
   * fetch() asking for JSON: { response, body }, body null when it is not JSON, response null
   * when the request did not get through (offline).
   */
  async function requestJson(url, init) {
    try {
      const headers = { accept: 'application/json', ...init?.headers };
      const response = await fetch(url, { ...init, headers });
      const body = await response.json().catch(() => null);
      return { response, body };
    } catch {
      return { response: null, body: null };
    }
  }

  // ---------- one flow ----------

  /**
   * options: source (of the messages to the opener), steps (screen names counted as steps),
   * texts ({ es, en }), screens ({ name: () => element }; loading and finished are built in),
   * onShow(screen) (after each screen is shown and focused).
   */
  function create(app, options) {
    const { source, steps, texts, onShow } = options;
    const screens = { loading: loadingScreen, finished: finishedScreen, ...options.screens };
    // The flow's part of the state, next to the vendor's own fields (lang may come from the page).
    Object.assign(app, {
      lang: app.lang || 'es',
      t: texts.es,
      screen: 'loading',
      photo: null,
      photoUrl: null,
      busy: false,
      finished: false,
    });

    // ----- messages to the opener -----

    function post(action, payload) {
      window.parent.postMessage({ source, action, ...payload }, location.origin);
    }

    /** Last message of the session; afterwards the opener removes this iframe. */
    function finish(action, payload) {
      if (app.finished) return;
      app.finished = true;
      post(action, payload);
      if (window.parent === window && action !== 'error') show('finished');
    }

    // ----- screens, focus and language -----

    function show(screen) {
      app.screen = screen;
      const view = document.getElementById('view');
      view.replaceChildren(screens[screen]());
      view.scrollTop = 0;
      focusHeading();
      if (onShow) onShow(screen);
    }

    function focusHeading() {
      document.querySelector('#view h1')?.focus();
    }

    function setLanguage(lang) {
      app.lang = lang === 'en' ? 'en' : 'es';
      app.t = texts[app.lang];
      document.documentElement.lang = app.lang;
      document.title = app.t.pageTitle;
      document.getElementById('close').setAttribute('aria-label', app.t.close);
      document.getElementById('note').textContent = app.t.note;
    }

    /** The page's first state: its language, X button and Escape (onClose), then loading. */
    function boot(lang, onClose) {
      setLanguage(lang);
      document.getElementById('close').addEventListener('click', onClose);
      document.addEventListener('keydown', (event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      });
      show('loading');
    }

    // ----- building blocks of a step -----

    function stepHeading(title) {
      const index = steps.indexOf(app.screen);
      return [
        index >= 0 ? h('p', { class: 'step-count' }, app.t.stepOf(index + 1, steps.length)) : null,
        index >= 0 ? progressBar(index) : null,
        h('h1', { tabindex: '-1' }, title),
      ];
    }

    function progressBar(index) {
      const bar = h('span', { class: 'progress-fill' });
      bar.style.width = `${((index + 1) / steps.length) * 100}%`;
      return h('div', { class: 'progress', 'aria-hidden': 'true' }, bar);
    }

    function actions(backTo, primary) {
      const back = backTo
        ? h(
            'button',
            { type: 'button', class: 'btn secondary', onclick: () => show(backTo) },
            app.t.back,
          )
        : null;
      return h('div', { class: 'actions' }, back, primary);
    }

    function primaryButton(label) {
      return h('button', { type: 'submit', class: 'btn primary' }, label);
    }

    function wideButton(label, onclick) {
      return h('button', { type: 'button', class: 'btn primary wide', onclick }, label);
    }

    /** A step's form: onValid(form) runs on submit (Enter or the primary button). */
    function stepForm(onValid, ...children) {
      const form = h('form', { class: 'step', novalidate: true }, ...children);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        onValid(form);
      });
      return form;
    }

    /**
     * A step: its count, progress bar and heading (title), a lead paragraph if any, its content,
     * then Back (to backTo, if any) and the primary button (Continue unless one is given).
     * onValid(form) runs on submit.
     */
    function step({ title, lead, content, backTo, button, onValid }) {
      return stepForm(
        onValid,
        stepHeading(title),
        lead ? h('p', { class: 'lead' }, lead) : null,
        ...content,
        actions(backTo, button || primaryButton(app.t.next)),
      );
    }

    /**
     * Radio choices in a fieldset; pick(required) returns the chosen value, or shows `required`,
     * focuses the first choice and returns null.
     */
    function choiceField({ name, idPrefix, errorId, values, current, legend, text }) {
      const error = errorSlot(errorId);
      const radios = values.map((value) =>
        h('input', {
          type: 'radio',
          name,
          id: `${idPrefix}${value}`,
          value,
          checked: current === value,
          'aria-describedby': error.id,
        }),
      );
      const choices = radios.map((radio) =>
        h('label', { class: 'choice', for: radio.id }, radio, text(radio.value)),
      );
      return {
        el: h('fieldset', {}, h('legend', {}, legend), choices, error),
        pick(required) {
          const checked = radios.find((radio) => radio.checked);
          setError(error, radios, checked ? '' : required);
          if (!checked) {
            radios[0].focus();
            return null;
          }
          return checked.value;
        },
      };
    }

    function nameField(id, label, value, autocomplete) {
      return textField(id, label, value, { autocomplete, maxlength: '100' });
    }

    /** A birth date field; its problem() is the text key of what is wrong, or null. */
    function dobField(id, value) {
      const field = textField(id, app.t.dob, value, {
        type: 'date',
        autocomplete: 'bday',
        min: '1900-01-01',
        max: todayIso(),
      });
      field.problem = () => dobProblem(field.input.value, field.input.validity.badInput);
      return field;
    }

    /** Keeps what is typed in each [field, key] in app[key], for when the user comes back. */
    function keepTyped(pairs) {
      for (const [field, key] of pairs) {
        field.input.addEventListener('input', () => {
          app[key] = field.input.value;
        });
      }
    }

    /** Shows each [field, text key or null]; focuses the first wrong one. True when all are fine. */
    function checkFields(problems) {
      for (const [field, key] of problems)
        setError(field.error, [field.input], key ? app.t[key] : '');
      const firstBad = problems.find(([, key]) => key);
      if (firstBad) firstBad[0].input.focus();
      return !firstBad;
    }

    // ----- formatting -----

    function formatDate(iso) {
      const [y, m, d] = iso.split('-').map(Number);
      const format = new Intl.DateTimeFormat(app.t.locale, { dateStyle: 'long', timeZone: 'UTC' });
      return format.format(new Date(Date.UTC(y, m - 1, d)));
    }

    function formatSize(bytes) {
      const mb = bytes / (1024 * 1024);
      const number = new Intl.NumberFormat(app.t.locale, { maximumFractionDigits: 1 });
      return mb >= 1 ? `${number.format(mb)} MB` : `${number.format(Math.max(1, bytes / 1024))} KB`;
    }

    // ----- the document photo -----

    function previewFigure() {
      if (!app.photo) return null;
      return h(
        'figure',
        { class: 'preview' },
        h('img', { src: app.photoUrl, alt: app.t.photoPreview }),
        h('figcaption', {}, `${app.photo.name} · ${formatSize(app.photo.size)}`),
      );
    }

    function setPhoto(file) {
      if (app.photoUrl) URL.revokeObjectURL(app.photoUrl);
      app.photo = file;
      app.photoUrl = file ? URL.createObjectURL(file) : null;
    }

    /** The photo step: a file picker with checks and a preview; onValid() once a photo is fine. */
    function photoStep({ lead, backTo, onValid }) {
      const t = app.t;
      const error = errorSlot('photo-error');
      const input = h('input', {
        type: 'file',
        id: 'photo',
        name: 'photo',
        accept: 'image/*',
        'aria-describedby': `photo-hint ${error.id}`,
      });
      const pickLabel = () => (app.photo ? t.photoChange : t.photoChoose);
      // The native input stays focusable but invisible; this label is its localized button.
      const picker = h('label', { for: 'photo', class: 'btn secondary file-button' }, pickLabel());
      const previewBox = h('div', { class: 'preview-box' }, previewFigure());
      input.addEventListener('change', () => {
        const file = input.files?.[0];
        if (!file) return;
        const problem = photoProblem(file);
        setPhoto(problem ? null : file);
        if (problem) input.value = '';
        setError(error, [input], problem ? t[problem] : '');
        picker.textContent = pickLabel();
        previewBox.replaceChildren(...[previewFigure()].filter(Boolean));
      });
      return step({
        title: t.photoTitle,
        lead,
        content: [
          h(
            'div',
            { class: 'field' },
            h('label', { for: 'photo' }, t.photoLabel),
            h('p', { id: 'photo-hint', class: 'hint' }, t.photoHint),
            h('div', { class: 'file-picker' }, input, picker),
            error,
          ),
          previewBox,
        ],
        backTo,
        onValid: () => {
          const problem = photoProblem(app.photo);
          setError(error, [input], problem ? t[problem] : '');
          if (problem) return input.focus();
          onValid();
        },
      });
    }

    // ----- review and submission -----

    /**
     * The review step: rows ([label, value]) and the photo, an error slot and the submit button
     * (label). Submitting POSTs fields and the photo to url (see submitWithPhoto) and passes an
     * accepted reply to onAccepted(body).
     */
    function reviewStep({ title, lead, rows, backTo, label, url, fields, accepted, onAccepted }) {
      const error = errorSlot('submit-error');
      const button = primaryButton(label);
      const rowsList = h(
        'dl',
        { class: 'summary' },
        ...rows.map(([rowLabel, value]) => summaryRow(rowLabel, value)),
        summaryRow(app.t.rowPhoto, previewFigure()),
      );
      return step({
        title,
        lead,
        content: [rowsList, error],
        backTo,
        button,
        onValid: async (form) => {
          const body = await submitWithPhoto(form, button, error, { url, fields, accepted });
          if (body) onAccepted(body);
        },
      });
    }

    function setBusy(form, button, busy, label) {
      app.busy = busy;
      button.setAttribute('aria-disabled', String(busy));
      button.classList.toggle('busy', busy);
      button.textContent = busy ? app.t.submitting : label;
      for (const other of form.querySelectorAll('button')) {
        if (other !== button) other.disabled = busy;
      }
    }

    /**
     * POSTs fields and the photo (base64) as JSON to url, with the button busy meanwhile. Returns
     * the body when the response is OK and accepted(body); otherwise shows the server's message
     * (or a generic or offline one) in the error slot, focuses the button and returns null.
     */
    async function submitWithPhoto(form, button, error, { url, fields, accepted }) {
      if (app.busy) return null;
      const label = button.textContent;
      setBusy(form, button, true, label);
      setError(error, [], '');
      let result = { response: null, body: null };
      try {
        const photo = { type: app.photo.type, data_base64: await readBase64(app.photo) };
        result = await requestJson(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...fields, photo }),
        });
      } catch {
        // The photo could not be read: said like a request that did not get through.
      }
      const { response, body } = result;
      if (app.finished) return null;
      setBusy(form, button, false, label);
      if (!response?.ok || !accepted(body)) {
        const message = response ? body?.error?.message || app.t.submitFailed : app.t.offline;
        setError(error, [], message);
        button.focus();
        return null;
      }
      return body;
    }

    // ----- the screens every flow has -----

    function loadingScreen() {
      return h(
        'div',
        { class: 'center' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('h1', { tabindex: '-1' }, app.t.loading),
      );
    }

    /** A result or notice: icon (ok, bad or info), heading, text and one wide button. */
    function messageScreen(kind, title, body, label, onclick) {
      const icons = { ok: '✓', bad: '!', info: 'i' };
      return h(
        'div',
        { class: 'center result' },
        h('span', { class: `icon ${kind}`, 'aria-hidden': 'true' }, icons[kind]),
        h('h1', { tabindex: '-1' }, title),
        h('p', { class: 'lead' }, body),
        wideButton(label, onclick),
      );
    }

    function finishedScreen() {
      return h('div', { class: 'center' }, h('h1', { tabindex: '-1' }, app.t.finished));
    }

    return {
      post,
      finish,
      show,
      focusHeading,
      setLanguage,
      boot,
      step,
      choiceField,
      nameField,
      dobField,
      keepTyped,
      checkFields,
      formatDate,
      photoStep,
      reviewStep,
      messageScreen,
    };
  }

  return {
    h,
    errorSlot,
    setError,
    textField,
    todayIso,
    dobProblem,
    photoProblem,
    readBase64,
    requestJson,
    create,
  };
})();
