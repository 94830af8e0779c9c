import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

type Field = 'name' | 'email' | 'phone' | 'username' | 'password' | 'confirmPassword' | 'zipCode';

const LABELS = {
  es: {
    name: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono (opcional)',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    confirmPassword: 'Confirma tu contraseña',
    zipCode: 'Código postal (ZIP)',
    country: 'Código de país',
    submit: 'Regístrate',
  },
  en: {
    name: 'Full name',
    email: 'Email',
    phone: 'Phone (optional)',
    username: 'Username',
    password: 'Password',
    confirmPassword: 'Confirm password',
    zipCode: 'ZIP/postal code',
    country: 'Country code',
    submit: 'Sign up',
  },
} as const;

const MESSAGES = {
  es: {
    required:
      'El nombre, el correo electrónico, el nombre de usuario, la contraseña y el código postal son obligatorios',
    invalidEmail: 'Ingresa un correo electrónico válido',
    passwordMismatch: 'Las contraseñas no coinciden',
    zipRequired: 'El código postal es obligatorio',
  },
  en: {
    required: 'Name, email, username, password, and ZIP/postal code are required',
    invalidEmail: 'Please enter a valid email address',
    passwordMismatch: 'Passwords do not match',
    zipRequired: 'ZIP/postal code is required',
  },
} as const;

const TERMS = { es: /Acepto los Términos y condiciones/, en: /I accept the Terms & Conditions/ };

/** /signup with the terms box ticked, as a person who accepts them would (its own test below). */
async function openSignupPage(language: 'es' | 'en' = 'es', { acceptTerms = true } = {}) {
  const view = await renderApp('/signup', language);
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Crea tu cuenta' : 'Create Your Account',
  });
  if (acceptTerms) await userEvent.click(screen.getByRole('checkbox', { name: TERMS[language] }));
  return view;
}

async function fill(
  user: UserEvent,
  language: 'es' | 'en',
  values: Partial<Record<Field, string>>,
) {
  for (const [field, value] of Object.entries(values) as [Field, string][]) {
    const input = screen.getByLabelText(LABELS[language][field]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const submit = (user: UserEvent, language: 'es' | 'en') =>
  user.click(screen.getByRole('button', { name: LABELS[language].submit }));

/** The one message above the form. */
const message = () => screen.getByRole('alert').textContent;

describe('the terms on /signup', () => {
  it('asks for the same terms box as the dialog, with its links, before sending anything', async () => {
    const calls = stubRoutes({});
    const user = userEvent.setup();
    await openSignupPage('es', { acceptTerms: false });
    await fill(user, 'es', {
      name: 'Jason Rivera',
      email: 'jason@example.com',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '77002',
    });
    await submit(user, 'es');
    expect(message()).toBe('Acepta los Términos y condiciones para continuar');
    // The box's own links (the footer has links of the same names).
    const box = screen.getByRole('checkbox', { name: TERMS.es }).closest('label') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(box).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(calls).toEqual([]);
  });
});

describe.each(['es', 'en'] as const)('the sign-up form in %s', (language) => {
  it('shows the first failing check, in the spec order, above the form', async () => {
    const calls = stubRoutes({});
    const user = userEvent.setup();
    await openSignupPage(language);
    const m = MESSAGES[language];

    await submit(user, language);
    expect(message()).toBe(m.required);
    // The alert sits above the form's first field.
    const alert = screen.getByRole('alert');
    expect(
      alert.compareDocumentPosition(screen.getByLabelText(LABELS[language].name)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    // Everything wrong at once: each check shows only once the ones before it pass.
    await fill(user, language, {
      name: 'Jason Rivera',
      email: 'jason@example',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct hor',
      zipCode: '   ',
    });
    await submit(user, language);
    expect(message()).toBe(m.invalidEmail);
    expect(screen.getByLabelText(LABELS[language].email)).toHaveAttribute('aria-invalid', 'true');

    // The field being corrected loses its red outline at once; the message waits for the submit.
    await fill(user, language, { email: 'jason@example.com' });
    expect(screen.getByLabelText(LABELS[language].email)).toHaveAttribute('aria-invalid', 'false');
    expect(message()).toBe(m.invalidEmail);
    await submit(user, language);
    expect(message()).toBe(m.passwordMismatch);

    await fill(user, language, { confirmPassword: 'correct horse' });
    await submit(user, language);
    expect(message()).toBe(m.zipRequired);

    // One required field emptied again: check 1 comes first.
    await fill(user, language, { username: '' });
    await submit(user, language);
    expect(message()).toBe(m.required);
    expect(calls).toEqual([]);
  });
});

describe('the sign-up form', () => {
  it('sends the code with the data and goes to /verify, showing the masked address', async () => {
    const calls = stubRoutes({ 'POST /api/email/send-verification': ok() });
    const user = userEvent.setup();
    const { location } = await openSignupPage();
    await fill(user, 'es', {
      name: 'Jason Rivera',
      email: 'Jason@Example.com',
      phone: '2125551234',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '10001',
    });
    await submit(user, 'es');

    await waitFor(() => expect(location().pathname).toBe('/verify'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/email/send-verification',
        authorization: null,
        body: { email: 'Jason@Example.com', name: 'Jason Rivera', language: 'es' },
      },
    ]);
    expect(
      await screen.findByText((_, element) =>
        Boolean(element?.tagName === 'P' && element.textContent?.includes('J***n@Example.com')),
      ),
    ).toBeVisible();
  });

  it('formats the phone per country, keeps digits and a leading plus only, and follows a typed +code', async () => {
    stubRoutes({});
    const user = userEvent.setup();
    await openSignupPage('en');
    const phone = screen.getByLabelText('Phone (optional)');
    const country = screen.getByLabelText('Country code');
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option')).toHaveLength(23);

    await user.type(phone, 'abc2125551234xyz');
    expect(phone).toHaveValue('(212) 555-1234');

    await user.selectOptions(country, 'MX');
    expect(phone).toHaveValue('212 555 1234');

    await user.clear(phone);
    await user.type(phone, '+57 601 234 5678');
    expect(country).toHaveValue('CO');
    expect(phone).toHaveValue('+57 601 2345678');

    // More than 250 characters at once is refused whole.
    await user.clear(phone);
    await user.click(phone);
    await user.paste('1 '.repeat(126));
    expect(phone).toHaveValue('');
    // A national number stops at 17 digits.
    await user.type(phone, '9'.repeat(20));
    expect((phone as HTMLInputElement).value.replace(/\D/g, '')).toHaveLength(17);
  });

  it('refuses a phone that is not a real number of an allowed country before sending anything', async () => {
    const calls = stubRoutes({});
    const user = userEvent.setup();
    await openSignupPage('en');
    await fill(user, 'en', {
      name: 'Jason Rivera',
      email: 'jason@example.com',
      phone: '555',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '10001',
    });
    await submit(user, 'en');
    expect(message()).toBe(
      'Please enter a valid phone number for the selected country (or leave blank)',
    );
    expect(calls).toEqual([]);
  });

  it.each([
    [
      apiError(429, 'rate_limited', 'Too many requests'),
      'Pediste un código hace muy poco. Espera un minuto e inténtalo de nuevo.',
    ],
    [
      apiError(500, 'internal_error', 'Something went wrong'),
      'No se pudo enviar el correo de verificación',
    ],
    [
      'network_error' as const,
      'No pudimos conectarnos con Pago. Revisa tu conexión e inténtalo de nuevo.',
    ],
    [
      apiError(400, 'validation_failed', 'Invalid body', {
        fields: [{ path: 'name', message: 'Too long' }],
      }),
      'Revisa estos campos: Nombre completo',
    ],
  ])('shows a failed code request above the form (%#)', async (reply, text) => {
    stubRoutes({ 'POST /api/email/send-verification': reply });
    const user = userEvent.setup();
    const { location } = await openSignupPage();
    await fill(user, 'es', {
      name: 'Jason Rivera',
      email: 'jason@example.com',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '10001',
    });
    await submit(user, 'es');
    await waitFor(() => expect(message()).toBe(text));
    expect(location().pathname).toBe('/signup');
  });

  it.each([
    ['es', 'Esta contraseña es demasiado común. Elige una menos común.'],
    ['en', 'This password is too common. Choose a less common one.'],
  ] as const)(
    'refuses a common password before sending a code (%s), as the server would',
    async (language, text) => {
      const calls = stubRoutes({ 'POST /api/email/send-verification': ok() });
      const user = userEvent.setup();
      const { location } = await openSignupPage(language);
      await fill(user, language, {
        name: 'Jason Rivera',
        email: 'jason@example.com',
        username: 'jason',
        // In the server's list of the 10,000 most common, whatever the case.
        password: 'QWERTYuiop',
        confirmPassword: 'QWERTYuiop',
        zipCode: '10001',
      });
      await submit(user, language);
      await waitFor(() => expect(message()).toBe(text));
      expect(calls).toEqual([]);
      expect(location().pathname).toBe('/signup');

      await fill(user, language, { password: 'qwertyuiop-7x', confirmPassword: 'qwertyuiop-7x' });
      await submit(user, language);
      await waitFor(() => expect(location().pathname).toBe('/verify'));
      expect(calls.map((call) => call.path)).toEqual(['/api/email/send-verification']);
    },
  );

  it('refuses a name with a web address before sending a code, as the server would', async () => {
    const calls = stubRoutes({ 'POST /api/email/send-verification': ok() });
    const user = userEvent.setup();
    await openSignupPage('es');
    await fill(user, 'es', {
      name: 'Gana en evil.com',
      email: 'jason@example.com',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '10001',
    });
    await submit(user, 'es');
    await waitFor(() =>
      expect(message()).toBe(
        'Escribe tu nombre con letras, espacios, guiones o apóstrofos (hasta 80 caracteres)',
      ),
    );
    expect(calls).toEqual([]);
  });

  it('shows the sign-up under way again on coming back from /verify, without its password', async () => {
    stubRoutes({ 'POST /api/email/send-verification': ok() });
    const user = userEvent.setup();
    const { location, unmount } = await openSignupPage('es');
    await fill(user, 'es', {
      name: 'Jason Rivera',
      email: 'jason@example.com',
      phone: '+52 55 1234 5678',
      username: 'jason',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      zipCode: '10001',
    });
    await submit(user, 'es');
    await waitFor(() => expect(location().pathname).toBe('/verify'));
    expect(sessionStorage.getItem('pendingSignup')).not.toContain('correct horse');
    unmount();

    // Back (or a reload of /signup) mounts the form again.
    await openSignupPage('es');
    expect(screen.getByLabelText(LABELS.es.name)).toHaveValue('Jason Rivera');
    expect(screen.getByLabelText(LABELS.es.email)).toHaveValue('jason@example.com');
    expect(screen.getByLabelText(LABELS.es.phone)).toHaveValue('+52 55 1234 5678');
    expect(screen.getByLabelText(LABELS.es.country)).toHaveValue('MX');
    expect(screen.getByLabelText(LABELS.es.username)).toHaveValue('jason');
    expect(screen.getByLabelText(LABELS.es.zipCode)).toHaveValue('10001');
    expect(screen.getByLabelText(LABELS.es.password)).toHaveValue('');
    expect(screen.getByLabelText(LABELS.es.confirmPassword)).toHaveValue('');
  });

  it('links to /login', async () => {
    stubRoutes({});
    await openSignupPage('en');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
