/*
 * The Unit fake's stand-in for VGS Show (sandbox mode only), the script Unit documents for showing
 * a card's number and CVV ("Displaying Sensitive Card Data"): the same calls a page makes on the
 * real one — VGSShow.create(vaultId).setEnvironment(env), show.request({...}).render(selector) —
 * and the value shown inside a frame of its own (/sandbox/unit/vgs/frame.html) that asks the Unit
 * fake's secure-data path with the customer token. The page never holds the number.
 */
(() => {
  const FRAME = '/sandbox/unit/vgs/frame.html';
  function create(vaultId, stateCallback) {
    let environment = 'sandbox';
    const show = {
      vaultId,
      SERIALIZERS: {
        replace: (pattern, replacement) => ({
          name: 'replace',
          options: { old: pattern, new: replacement },
        }),
      },
      setEnvironment(env) {
        environment = env;
        return show;
      },
      request(options) {
        const listeners = {};
        const element = {
          name: options.name,
          on(event, callback) {
            listeners[event] = callback;
            return element;
          },
          render(selector, css) {
            const host = typeof selector === 'string' ? document.querySelector(selector) : selector;
            if (!host) throw new Error(`VGSShow: no element ${selector}`);
            const frame = document.createElement('iframe');
            frame.src = `${FRAME}?mode=show&name=${encodeURIComponent(options.name ?? '')}`;
            frame.title = options.name ?? 'secure data';
            frame.setAttribute('data-vgs-show', options.name ?? '');
            frame.style.border = '0';
            frame.style.width = '100%';
            frame.style.height = css?.height ?? '28px';
            const onMessage = (event) => {
              if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
              const message = event.data ?? {};
              if (message.kind === 'vgs-frame-ready') {
                frame.contentWindow.postMessage(
                  {
                    kind: 'vgs-show',
                    environment,
                    method: options.method ?? 'GET',
                    path: options.path,
                    headers: options.headers ?? {},
                    jsonPathSelector: options.jsonPathSelector,
                    serializers: options.serializers ?? [],
                    css: css ?? {},
                  },
                  location.origin,
                );
              } else if (message.kind === 'vgs-show-result') {
                if (message.ok) listeners.revealSuccess?.();
                else listeners.requestFail?.({ status: message.status });
                stateCallback?.({ [options.name]: { ok: message.ok, status: message.status } });
              }
            };
            window.addEventListener('message', onMessage);
            host.replaceChildren(frame);
            return element;
          },
        };
        return element;
      },
    };
    return show;
  }
  window.VGSShow = { create };
})();
