/*
 * Pago sandbox fake of Plaid Link's loader script
 * (https://cdn.plaid.com/link/v2/stable/link-initialize.js), Identity Verification product.
 *
 * Defines window.Plaid.create(config) -> { open, exit, destroy }. open() shows the hosted flow
 * (/sandbox/plaid/link?token=...) in a full-screen iframe overlay and relays the flow's
 * postMessage calls to config.onEvent / onSuccess / onExit, the way real Link does. The fake's
 * origin is taken from this script's own src, so whichever host serves it also serves the flow.
 * The server sends shared/assets/overlay.js (the overlay itself) just before this file, as one
 * script.
 */
(() => {
  const { createOverlay, scriptOrigin } = window.__pagoSandboxOverlay;
  delete window.__pagoSandboxOverlay;
  const SOURCE = 'pago-sandbox-plaid';
  const ORIGIN = scriptOrigin();

  function randomId(length) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  }

  function metadata(fields) {
    return {
      link_session_id: null,
      request_id: randomId(15),
      timestamp: new Date().toISOString(),
      ...fields,
    };
  }

  function create(config) {
    const options = config || {};
    let session = null;
    let destroyed = false;

    function call(name, ...args) {
      const callback = options[name];
      if (typeof callback !== 'function') return;
      try {
        callback(...args);
      } catch (error) {
        console.error(`Plaid Link (sandbox): ${name} threw`, error);
      }
    }

    function open() {
      if (destroyed || session) return;
      session = { overlay: null, linkSessionId: null, status: null };
      session.overlay = createOverlay({
        origin: ORIGIN,
        src: `${ORIGIN}/sandbox/plaid/link?token=${encodeURIComponent(options.token || '')}`,
        title: 'Plaid',
        name: 'plaid-link',
        backdrop: 'rgba(17, 24, 39, 0.62)',
        radius: '12px',
        source: SOURCE,
        onMessage,
        onEscape: exit,
      });
      session.overlay.show();
    }

    function close() {
      if (!session) return;
      session.overlay.remove();
      session = null;
    }

    function onMessage(data) {
      const meta = data.metadata && typeof data.metadata === 'object' ? data.metadata : metadata();
      if (meta.link_session_id) session.linkSessionId = meta.link_session_id;
      if (data.action === 'event') {
        trackStatus(String(data.eventName), meta);
        call('onEvent', String(data.eventName), meta);
      } else if (data.action === 'success') {
        close();
        call('onSuccess', data.public_token, meta);
      } else if (data.action === 'exit') {
        close();
        call('onExit', data.error || null, meta);
      }
    }

    /** Remembers where the user is, so handler.exit() can report it like the flow would. */
    function trackStatus(eventName, meta) {
      if (eventName === 'IDENTITY_VERIFICATION_START_STEP' && meta.view_name) {
        session.status = `requires_${meta.view_name}`;
      } else if (eventName === 'IDENTITY_VERIFICATION_PASS_SESSION') {
        session.status = 'success';
      } else if (eventName === 'IDENTITY_VERIFICATION_FAIL_SESSION') {
        session.status = 'failed';
      }
    }

    /** Closes Link as if the user closed it: CLOSE_UI and EXIT events, then onExit(null, ...). */
    function exit(_options, callback) {
      if (!session) return;
      const base = { link_session_id: session.linkSessionId };
      const status = session.status;
      call('onEvent', 'IDENTITY_VERIFICATION_CLOSE_UI', metadata(base));
      call('onEvent', 'EXIT', metadata({ ...base, exit_status: status }));
      close();
      call('onExit', null, metadata({ ...base, status }));
      if (typeof callback === 'function') callback();
    }

    function destroy() {
      destroyed = true;
      close();
    }

    setTimeout(() => {
      if (!destroyed) call('onLoad');
    }, 0);
    return { open, exit, destroy };
  }

  window.Plaid = { create, version: 'pago-sandbox' };
})();
