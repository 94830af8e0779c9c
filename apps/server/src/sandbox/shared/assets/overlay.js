/*
 * Pago sandbox: the overlay in which the fake vendors' client scripts (Plaid's link-initialize.js,
 * Persona's persona.js) show their hosted flow, and the messages between it and the page.
 *
 * The server sends this file and then the vendor's as ONE script, so this part only sets a private
 * global that the vendor part takes (and removes) at once; with both vendor scripts on a page it
 * simply runs twice. Nothing here may run later than that first pass and still read
 * document.currentScript: scriptOrigin() is called by the vendor part while the script runs.
 */
window.__pagoSandboxOverlay = (() => {
  const PHONE_QUERY = '(max-width: 599.98px)';

  /** The origin of the script now running (the fake's), or the page's if there is none. */
  function scriptOrigin() {
    const script = document.currentScript;
    try {
      return new URL(script?.src || location.href).origin;
    } catch {
      return location.origin;
    }
  }

  /** Card of about 420x680 on larger screens, the whole viewport on phones. */
  function frameStyle(isPhone, radius) {
    if (isPhone) {
      return {
        width: '100%',
        height: '100%',
        maxWidth: 'none',
        maxHeight: 'none',
        borderRadius: '0',
      };
    }
    return {
      width: '420px',
      height: '680px',
      maxWidth: 'calc(100% - 32px)',
      maxHeight: 'calc(100% - 32px)',
      borderRadius: radius,
    };
  }

  /** Locks body scroll and makes the rest of the page inert; returns the undo function. */
  function lockPage(root) {
    const body = document.body;
    const previousOverflow = body.style.overflow;
    const previousFocus = document.activeElement;
    const madeInert = [];
    for (const element of Array.from(body.children)) {
      if (element !== root && !element.inert && element.tagName !== 'SCRIPT') {
        element.inert = true;
        madeInert.push(element);
      }
    }
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      for (const element of madeInert) element.inert = false;
      if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus();
    };
  }

  /**
   * The backdrop + iframe of a hosted flow, listening at once to the flow's messages.
   * options: origin (the fake's), src, title (of the iframe), name (its data-pago-sandbox),
   * backdrop (colour), radius (of the card), source (the flow's messages carry it),
   * onMessage(data), onEscape(), preload (append it hidden at once, so the flow loads before
   * show()), showMessage (posted to the flow each time it is shown).
   * show() locks the page, shows the frame and focuses it; remove() undoes all of it.
   */
  function createOverlay(options) {
    const root = document.createElement('div');
    root.setAttribute('data-pago-sandbox', options.name);
    Object.assign(root.style, {
      position: 'fixed',
      top: '0',
      right: '0',
      bottom: '0',
      left: '0',
      zIndex: '2147483647',
      display: options.preload ? 'none' : 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      background: options.backdrop,
    });
    const iframe = document.createElement('iframe');
    iframe.title = options.title;
    iframe.src = options.src;
    Object.assign(iframe.style, {
      display: 'block',
      border: '0',
      background: '#ffffff',
      boxShadow: '0 24px 64px rgba(0, 0, 0, 0.35)',
    });
    root.appendChild(iframe);
    if (options.preload) document.body.appendChild(root);

    const phone = window.matchMedia(PHONE_QUERY);
    const layout = () => Object.assign(iframe.style, frameStyle(phone.matches, options.radius));
    const onKey = (event) => {
      if (event.key === 'Escape') options.onEscape();
    };
    const onMessage = (event) => {
      if (event.origin !== options.origin || event.source !== iframe.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.source !== options.source) return;
      options.onMessage(data);
    };
    window.addEventListener('message', onMessage);
    let restore = null;

    return {
      show() {
        if (restore) return;
        layout();
        phone.addEventListener('change', layout);
        restore = lockPage(root);
        root.style.display = 'flex';
        if (!root.isConnected) document.body.appendChild(root);
        document.addEventListener('keydown', onKey);
        iframe.focus();
        if (options.showMessage) {
          iframe.contentWindow?.postMessage(options.showMessage, options.origin);
        }
      },
      remove() {
        window.removeEventListener('message', onMessage);
        phone.removeEventListener('change', layout);
        document.removeEventListener('keydown', onKey);
        root.remove();
        if (restore) restore();
        restore = null;
      },
    };
  }

  return { scriptOrigin, createOverlay };
})();
