/*
 * Pago sandbox fake of Persona's embedded-flow client script (persona.js from Persona's CDN).
 *
 * Defines window.Persona.Client: new Persona.Client({ inquiryId, language, onReady, onComplete,
 * onCancel, onError }) with open(), cancel(force) and destroy(). Like the real client it preloads
 * the hosted flow (/sandbox/persona/flow?inquiry-id=...&lang=...) in a hidden iframe, calls
 * onReady once it has loaded, and shows it as a full-screen overlay on open(). The fake's origin
 * is taken from this script's own src, so whichever host serves it also serves the flow. The
 * server sends shared/assets/overlay.js (the overlay itself) just before this file, as one script.
 */
(() => {
  const { createOverlay, scriptOrigin } = window.__pagoSandboxOverlay;
  delete window.__pagoSandboxOverlay;
  const SOURCE = 'pago-sandbox-persona';
  const HOST_SOURCE = 'pago-sandbox-persona-host';
  const ORIGIN = scriptOrigin();

  function normalizeLanguage(language) {
    return String(language || 'es')
      .toLowerCase()
      .startsWith('en')
      ? 'en'
      : 'es';
  }

  /** Everything a Client does, kept out of the public object. */
  function createController(options) {
    const inquiryId = options.inquiryId ? String(options.inquiryId) : '';
    const language = normalizeLanguage(options.language);
    // Resuming an inquiry already started needs the session token our server got from Persona.
    const session = options.sessionToken
      ? `&session-token=${encodeURIComponent(String(options.sessionToken))}`
      : '';
    let overlay = null;
    let destroyed = false;

    function call(name, payload) {
      const callback = options[name];
      if (typeof callback !== 'function') return;
      try {
        callback(payload);
      } catch (error) {
        console.error(`Persona (sandbox): ${name} threw`, error);
      }
    }

    function load() {
      overlay = createOverlay({
        origin: ORIGIN,
        src: `${ORIGIN}/sandbox/persona/flow?inquiry-id=${encodeURIComponent(inquiryId)}&lang=${language}${session}`,
        title: 'Persona',
        name: 'persona',
        backdrop: 'rgba(17, 12, 38, 0.62)',
        radius: '16px',
        source: SOURCE,
        onMessage,
        onEscape: () => cancel(true),
        preload: true,
        // The flow may have rendered while hidden; ask it to move focus to its heading.
        showMessage: { source: HOST_SOURCE, action: 'focus' },
      });
    }

    function remove() {
      if (!overlay) return;
      overlay.remove();
      overlay = null;
    }

    function onMessage(data) {
      if (data.action === 'ready') {
        call('onReady');
      } else if (data.action === 'complete') {
        remove();
        call('onComplete', {
          inquiryId: data.inquiryId || inquiryId,
          status: data.status,
          fields: data.fields || {},
        });
      } else if (data.action === 'cancel') {
        remove();
        call('onCancel', { inquiryId: data.inquiryId || inquiryId, sessionToken: null });
      } else if (data.action === 'error') {
        remove();
        call('onError', { status: data.status, code: data.code, message: data.message });
      }
    }

    function open() {
      if (destroyed) return;
      if (!overlay) load();
      overlay.show();
    }

    /** Closes the flow as if the user had cancelled it (force is accepted and ignored). */
    function cancel(_force) {
      if (!overlay) return;
      remove();
      call('onCancel', { inquiryId, sessionToken: null });
    }

    function destroy() {
      destroyed = true;
      remove();
    }

    load();
    return { open, cancel, destroy };
  }

  const controllers = new WeakMap();

  class Client {
    constructor(options) {
      controllers.set(this, createController(options || {}));
    }

    open() {
      controllers.get(this).open();
    }

    cancel(force) {
      controllers.get(this).cancel(force);
    }

    destroy() {
      controllers.get(this).destroy();
    }
  }

  window.Persona = { Client };
})();
