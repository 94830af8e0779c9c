/*
 * The Unit fake's stand-in for VGS Collect (sandbox mode only), for the card PIN form Unit's
 * secure data takes: VGSCollect.create(vaultId, environment, stateCallback), form.field(selector,
 * { type, name, ... }), form.submit(path, { method, headers, data }, callback). Each field is an
 * input inside a frame of its own (/sandbox/unit/vgs/frame.html); on submit the frame sends the
 * request to the Unit fake with the value put in, so the page never holds the PIN.
 */
(() => {
  const FRAME = '/sandbox/unit/vgs/frame.html';
  const placeholder = (name) => `__vgs_field_${name}__`;
  function create(vaultId, environment, stateCallback) {
    const fields = {};
    const state = {};
    const form = {
      vaultId,
      environment,
      field(selector, options) {
        const host = typeof selector === 'string' ? document.querySelector(selector) : selector;
        if (!host) throw new Error(`VGSCollect: no element ${selector}`);
        const frame = document.createElement('iframe');
        const query = new URLSearchParams({
          mode: 'collect',
          name: options.name,
          type: options.type === 'password' ? 'password' : 'text',
          placeholder: options.placeholder ?? '',
          label: options.ariaLabel ?? options.placeholder ?? options.name,
          pattern: (options.validations ?? []).find((v) => v.startsWith('/')) ?? '',
        });
        frame.src = `${FRAME}?${query}`;
        frame.title = options.ariaLabel ?? options.name;
        frame.setAttribute('data-vgs-collect', options.name);
        frame.style.border = '0';
        frame.style.width = '100%';
        frame.style.height = '48px';
        host.replaceChildren(frame);
        fields[options.name] = frame;
        window.addEventListener('message', (event) => {
          if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
          if (event.data?.kind === 'vgs-field-state') {
            state[options.name] = event.data.state;
            stateCallback?.({ ...state });
          }
        });
        return { name: options.name };
      },
      submit(path, options, callback) {
        const names = Object.keys(fields);
        const values = Object.fromEntries(names.map((name) => [name, placeholder(name)]));
        const body =
          typeof options.data === 'function' ? options.data(values) : (options.data ?? values);
        // One frame sends the request; each field's frame gives its value (a message between frames
        // of the fake's own origin; the page sees neither).
        const sender = fields[names[0]];
        const onMessage = (event) => {
          if (event.source !== sender.contentWindow || event.data?.kind !== 'vgs-submit-result')
            return;
          window.removeEventListener('message', onMessage);
          callback?.(event.data.status, event.data.response);
        };
        window.addEventListener('message', onMessage);
        sender.contentWindow.postMessage(
          {
            kind: 'vgs-submit',
            method: options.method ?? 'POST',
            path,
            headers: options.headers ?? {},
            body: JSON.stringify(body),
            fields: names,
          },
          location.origin,
        );
      },
    };
    return form;
  }
  window.VGSCollect = { create };
})();
