/*
 * Inside the fake VGS frame (sandbox mode only): shows one secure value read from the Unit fake
 * with the customer token the page passed (mode=show), or holds one input whose value it puts
 * into the request it sends to the Unit fake (mode=collect). Unit's base here is /sandbox/unit.
 */
(() => {
  const UNIT = '/sandbox/unit';
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode');
  const name = params.get('name') ?? '';
  const parentOrigin = location.origin;
  const tell = (message) => window.parent.postMessage(message, parentOrigin);

  function pick(document, selector) {
    return String(selector ?? '')
      .split('.')
      .filter(Boolean)
      .reduce((value, key) => (value == null ? undefined : value[key]), document);
  }
  function serialize(value, serializers) {
    return serializers.reduce((text, s) => {
      if (s?.name !== 'replace') return text;
      return text.replace(new RegExp(s.options.old, 'g'), s.options.new);
    }, String(value));
  }

  let input = null;
  if (mode === 'collect') {
    input = document.createElement('input');
    input.type = params.get('type') === 'password' ? 'password' : 'text';
    input.name = name;
    input.inputMode = 'numeric';
    input.autocomplete = 'off';
    input.placeholder = params.get('placeholder') ?? '';
    input.setAttribute('aria-label', params.get('label') ?? name);
    const pattern = params.get('pattern');
    const valid = () => {
      if (!input.value) return false;
      if (!pattern) return true;
      const body = pattern.replace(/^\/|\/$/g, '');
      return new RegExp(body).test(input.value);
    };
    input.addEventListener('input', () =>
      tell({ kind: 'vgs-field-state', state: { isEmpty: !input.value, isValid: valid() } }),
    );
    document.body.replaceChildren(input);
  }

  window.addEventListener('message', async (event) => {
    if (event.origin !== parentOrigin) return;
    const message = event.data ?? {};
    if (message.kind === 'vgs-show' && mode === 'show') {
      const answer = await fetch(`${UNIT}${message.path}`, {
        method: message.method,
        headers: message.headers,
      });
      if (!answer.ok) {
        tell({ kind: 'vgs-show-result', ok: false, status: answer.status });
        return;
      }
      const value = pick(await answer.json(), message.jsonPathSelector);
      const shown = document.getElementById('value');
      shown.textContent = serialize(value ?? '', message.serializers ?? []);
      if (message.css?.color) shown.style.color = message.css.color;
      tell({ kind: 'vgs-show-result', ok: true, status: answer.status });
    }
    if (message.kind === 'vgs-submit' && mode === 'collect') {
      // The other fields' values come from their frames (same origin: the fake's own).
      let body = message.body;
      for (const field of message.fields) {
        const frame = Array.from(window.parent.document.querySelectorAll('iframe')).find(
          (f) => f.getAttribute('data-vgs-collect') === field,
        );
        const value = frame?.contentDocument?.querySelector('input')?.value ?? '';
        body = body.split(`__vgs_field_${field}__`).join(value.replace(/["\\]/g, ''));
      }
      const answer = await fetch(`${UNIT}${message.path}`, {
        method: message.method,
        headers: { 'content-type': 'application/vnd.api+json', ...message.headers },
        body,
      });
      let response = null;
      try {
        response = await answer.json();
      } catch {}
      if (answer.ok && input) input.value = '';
      tell({ kind: 'vgs-submit-result', status: answer.status, response });
    }
  });
  tell({ kind: 'vgs-frame-ready', name });
})();
