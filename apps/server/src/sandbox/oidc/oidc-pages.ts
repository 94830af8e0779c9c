/**
 * The sandbox provider's hosted pages (sign-in, consent, sign-out, error), in Spanish (default)
 * and English, rendered on the server as plain HTML forms: no script at all, so the app's CSP
 * holds. The language is the authorization request's `ui_locales`, or `?lang`.
 */
export type PageLanguage = 'es' | 'en';

export function pageLanguage(...hints: unknown[]): PageLanguage {
  for (const hint of hints) {
    if (typeof hint !== 'string') continue;
    for (const tag of hint.split(/\s+/)) {
      const base = tag.toLowerCase().split('-')[0];
      if (base === 'es' || base === 'en') return base;
    }
  }
  return 'es';
}

type Words = Record<
  | 'title'
  | 'intro'
  | 'email'
  | 'password'
  | 'name'
  | 'submit'
  | 'cancel'
  | 'hint'
  | 'wrong'
  | 'consentTitle'
  | 'consentIntro'
  | 'allow'
  | 'deny'
  | 'logoutTitle'
  | 'logoutIntro'
  | 'logoutYes'
  | 'logoutNo'
  | 'errorTitle'
  | 'errorIntro',
  string
>;

const TEXT: Record<PageLanguage, Words> = {
  es: {
    title: 'Inicia sesión',
    intro: 'Inicia sesión para continuar a Pago.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    name: 'Nombre (opcional)',
    submit: 'Iniciar sesión',
    cancel: 'Cancelar',
    hint: 'Proveedor de prueba: cualquier correo con la contraseña «sandbox».',
    wrong: 'Correo o contraseña incorrectos. La contraseña de prueba es «sandbox».',
    consentTitle: 'Permitir acceso',
    consentIntro: 'Pago quiere ver tu nombre y tu correo electrónico verificado:',
    allow: 'Permitir',
    deny: 'No permitir',
    logoutTitle: '¿Cerrar sesión?',
    logoutIntro: 'Vas a cerrar tu sesión de prueba en este proveedor.',
    logoutYes: 'Sí, cerrar sesión',
    logoutNo: 'No, seguir conectado',
    errorTitle: 'Algo salió mal',
    errorIntro: 'No pudimos completar la solicitud de inicio de sesión.',
  },
  en: {
    title: 'Sign in',
    intro: 'Sign in to continue to Pago.',
    email: 'E-mail',
    password: 'Password',
    name: 'Name (optional)',
    submit: 'Sign in',
    cancel: 'Cancel',
    hint: 'Test provider: any e-mail address with the password “sandbox”.',
    wrong: 'Wrong e-mail or password. The test password is “sandbox”.',
    consentTitle: 'Allow access',
    consentIntro: 'Pago wants to see your name and your verified e-mail address:',
    allow: 'Allow',
    deny: 'Don’t allow',
    logoutTitle: 'Sign out?',
    logoutIntro: 'You are signing out of your test session with this provider.',
    logoutYes: 'Yes, sign out',
    logoutNo: 'No, stay signed in',
    errorTitle: 'Something went wrong',
    errorIntro: 'We could not complete the sign-in request.',
  },
};

export const pageText = (language: PageLanguage): Words => TEXT[language];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)} · Pago Sandbox ID</title>
    <link rel="stylesheet" href="/sandbox/oidc/assets/pages.css" />
  </head>
  <body>
    <main class="card">
      <p class="brand"><span class="brand-mark" aria-hidden="true"></span> Pago Sandbox ID <span class="badge">Sandbox</span></p>
      <h1>${escapeHtml(title)}</h1>
      ${body}
    </main>
  </body>
</html>`;
}

export function loginPage(
  language: PageLanguage,
  uid: string,
  form: { email?: string; name?: string; error?: boolean } = {},
): string {
  const t = pageText(language);
  const action = `/sandbox/oidc/interaction/${encodeURIComponent(uid)}`;
  const error = form.error ? `<p class="error" role="alert">${escapeHtml(t.wrong)}</p>` : '';
  return page(
    language,
    t.title,
    `<p>${escapeHtml(t.intro)}</p>
      ${error}
      <form method="post" action="${action}/login">
        <label for="email">${escapeHtml(t.email)}</label>
        <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(form.email ?? '')}" />
        <label for="password">${escapeHtml(t.password)}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200" />
        <label for="name">${escapeHtml(t.name)}</label>
        <input id="name" name="name" type="text" autocomplete="name" maxlength="80" value="${escapeHtml(form.name ?? '')}" />
        <button type="submit" class="primary">${escapeHtml(t.submit)}</button>
      </form>
      <form method="post" action="${action}/abort">
        <button type="submit" class="secondary">${escapeHtml(t.cancel)}</button>
      </form>
      <p class="hint">${escapeHtml(t.hint)}</p>`,
  );
}

export function consentPage(language: PageLanguage, uid: string, email: string): string {
  const t = pageText(language);
  const action = `/sandbox/oidc/interaction/${encodeURIComponent(uid)}`;
  return page(
    language,
    t.consentTitle,
    `<p>${escapeHtml(t.consentIntro)}</p>
      <p class="account">${escapeHtml(email)}</p>
      <form method="post" action="${action}/confirm">
        <button type="submit" class="primary">${escapeHtml(t.allow)}</button>
      </form>
      <form method="post" action="${action}/abort">
        <button type="submit" class="secondary">${escapeHtml(t.deny)}</button>
      </form>`,
  );
}

/** oidc-provider's sign-out confirmation: its own form (with its CSRF field), our words. */
export function logoutPage(language: PageLanguage, form: string): string {
  const t = pageText(language);
  return page(
    language,
    t.logoutTitle,
    `<p>${escapeHtml(t.logoutIntro)}</p>
      ${form}
      <button type="submit" class="primary" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t.logoutYes)}</button>
      <button type="submit" class="secondary" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button>`,
  );
}

export function errorPage(language: PageLanguage, error: string): string {
  const t = pageText(language);
  return page(
    language,
    t.errorTitle,
    `<p>${escapeHtml(t.errorIntro)}</p><p class="hint"><code>${escapeHtml(error)}</code></p>`,
  );
}
