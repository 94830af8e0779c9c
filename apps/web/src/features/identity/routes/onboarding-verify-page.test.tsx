import type { IdentityStatus } from '@pago/shared/contracts/identity';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_UPDATED } from '@/lib/events';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { bareLiveCapabilities } from '@/test/capabilities';
import { identitySettings, identityStatus } from '@/test/identity';
import { userProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import type { PersonaClientOptions, PlaidLinkMetadata, PlaidLinkOptions } from '../lib/vendors';
import OnboardingVerifyPage from './onboarding-verify-page';

// A phone already verified: the onboarding's phone step (app/identity-flow.test.tsx) is not asked.
const renderIdentity = featureRenderer('identity', {
  user: userProfile({ phone: '+12125550123', phone_verified: true }),
  path: '/onboarding/verify',
});

const IDV = 'idv_Sandbox42xyz';
const INQUIRY = 'inq_Sandbox42xyz';

let profileUpdates = 0;
const countUpdate = () => {
  profileUpdates += 1;
};

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
  profileUpdates = 0;
  window.addEventListener(PROFILE_UPDATED, countUpdate);
});

afterEach(() => {
  window.removeEventListener(PROFILE_UPDATED, countUpdate);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const VERIFIED_BY_PLAID = identityStatus({
  state: 'verified',
  verified: true,
  kyc_status: 'completed',
  plaidIdentityStatus: 'approved',
  updatedAt: '2025-05-02T15:00:00.000Z',
});

type Handler = Answer | ((call: ApiCall) => Answer);

/** The server as "METHOD /path" → answer; anything else is a 404. Returns the calls. */
function serve(routes: Record<string, Handler>) {
  return stubApi((call) => {
    const route = routes[`${call.method} ${call.path}`];
    return typeof route === 'function' ? route(call) : route;
  });
}

const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

function DashboardStandIn() {
  return <h1>Dashboard page ({useNavigationType()})</h1>;
}

const page = (
  <Routes>
    <Route path="/onboarding/verify" element={<OnboardingVerifyPage />} />
    <Route path="/dashboard" element={<DashboardStandIn />} />
  </Routes>
);

/** Plaid Link as the page sees it: what it was created with, and a handle on it. */
function stubPlaid() {
  const link = { open: vi.fn(), exit: vi.fn(), destroy: vi.fn() };
  let options: PlaidLinkOptions | undefined;
  const create = vi.fn((given: PlaidLinkOptions) => {
    options = given;
    return link;
  });
  vi.stubGlobal('Plaid', { create });
  const current = () => {
    if (!options) throw new Error('Plaid.create was not called');
    return options;
  };
  return {
    create,
    link,
    event: (name: string, metadata: PlaidLinkMetadata = {}) =>
      act(async () => current().onEvent?.(name, metadata)),
    success: (metadata: PlaidLinkMetadata) =>
      act(async () => current().onSuccess('public-sandbox-1', metadata)),
    exit: (error: Parameters<NonNullable<PlaidLinkOptions['onExit']>>[0], metadata = {}) =>
      act(async () => current().onExit?.(error, metadata)),
  };
}

/** Persona's client as the page sees it: every client created, with its options. */
function stubPersona() {
  const clients: FakePersonaClient[] = [];
  class FakePersonaClient {
    open = vi.fn();
    cancel = vi.fn();
    destroy = vi.fn();
    constructor(readonly options: PersonaClientOptions) {
      clients.push(this);
    }
  }
  vi.stubGlobal('Persona', { Client: FakePersonaClient });
  const last = () => {
    const client = clients.at(-1);
    if (!client) throw new Error('No Persona client was created');
    return client;
  };
  return { clients, last };
}

/**
 * The redirect's 3 s start once the page has rendered the result, which lands asynchronously:
 * step the (fake) clock until the dashboard shows, at most a few seconds on.
 */
async function dashboardShowsSoon() {
  await vi.waitFor(
    async () => {
      await act(async () => {
        vi.advanceTimersByTime(250);
      });
      expect(screen.getByRole('heading', { name: 'Dashboard page (REPLACE)' })).toBeVisible();
    },
    // Real time allowed for the fake clock's 3 s: plenty on a busy machine.
    { timeout: 30_000, interval: 10 },
  );
}

describe('onboarding: the stepper', () => {
  it('shows the four steps with the first two done and identity verification current', async () => {
    serve({ 'GET /api/identity/settings': { body: identitySettings('plaid') } });
    await renderIdentity(page);
    const steps = within(screen.getByRole('list', { name: 'Pasos del registro' })).getAllByRole(
      'listitem',
    );
    // The steps to come show their number in the icon.
    expect(steps.map((step) => step.textContent)).toEqual([
      'Cuenta creada (listo)',
      'Correo verificado (listo)',
      '3Verificación de identidad (paso actual)',
      '4Acceso al panel (pendiente)',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(await screen.findByRole('heading', { name: 'Verifica tu identidad' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Iniciar verificación' })).toBeEnabled();
  });
});

describe('onboarding without an identity vendor (live mode)', () => {
  it('says nobody can verify for now and offers no start button', async () => {
    serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'GET /api/features': { body: bareLiveCapabilities() },
    });
    await renderIdentity(page);
    expect(
      await screen.findByText(/Verificar tu identidad no está disponible por ahora/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Iniciar verificación' })).toBeNull();
  });
});

describe('onboarding with Plaid', () => {
  it('passes: completes once, says Verification Complete, then goes to the dashboard after 3 s', async () => {
    const plaid = stubPlaid();
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/plaid/identity-verification/create': { body: { link_token: 'link-sandbox-1' } },
      'POST /api/plaid/identity-verification/complete': {
        body: { status: 'success', identity: VERIFIED_BY_PLAID },
      },
    });
    await renderIdentity(page, { language: 'en' });
    // The vendor's script is not fetched with the page.
    expect(document.querySelector('script[src*="sandbox"]')).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect(await screen.findByRole('button', { name: 'Starting verification...' })).toBeDisabled();
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', '/api/plaid/identity-verification/create')[0]?.body).toEqual({
      language: 'en',
    });
    expect(plaid.create.mock.calls[0]?.[0].token).toBe('link-sandbox-1');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await plaid.event('IDENTITY_VERIFICATION_PASS_SESSION', { link_session_id: IDV });
    expect(await screen.findByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    // Link then reports success and closes: the same verification is not completed again.
    await plaid.success({ link_session_id: IDV });
    await plaid.event('IDENTITY_VERIFICATION_CLOSE_UI', { link_session_id: IDV });
    const completes = callsTo(calls, 'POST', '/api/plaid/identity-verification/complete');
    expect(completes.map((call) => call.body)).toEqual([{ identity_verification_id: IDV }]);
    expect(completes[0]?.headers.authorization).toBe('Bearer token-1');
    // The session refetches the profile: the dashboard's badges show the new status.
    expect(profileUpdates).toBeGreaterThan(0);
    const steps = screen.getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('Dashboard Access (done)');

    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard page (REPLACE)' })).toBeVisible();
  });

  it('fails: says so, tells the server, and offers to try again', async () => {
    const plaid = stubPlaid();
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/plaid/identity-verification/create': { body: { link_token: 'link-sandbox-1' } },
      'POST /api/plaid/identity-verification/complete': {
        body: {
          status: 'failed',
          identity: identityStatus({
            state: 'failed',
            kyc_status: 'failed',
            plaidIdentityStatus: 'failed',
          }),
        },
      },
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalled());

    await plaid.event('IDENTITY_VERIFICATION_FAIL_SESSION', { link_session_id: IDV });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identity verification failed. Please try again.',
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/plaid/identity-verification/complete')).toHaveLength(1),
    );
    await plaid.exit(null, { link_session_id: IDV });
    expect(await screen.findByRole('heading', { name: "Let's try again" })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    // A Plaid error stays until the next attempt.
    expect(screen.getByRole('alert')).toHaveTextContent('Identity verification failed.');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closed before a verification exists: nothing to complete, and the button is back', async () => {
    const plaid = stubPlaid();
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/plaid/identity-verification/create': { body: { link_token: 'link-sandbox-1' } },
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalled());

    await plaid.event('IDENTITY_VERIFICATION_CLOSE_UI', { link_session_id: null });
    await plaid.exit(null, { link_session_id: null });
    expect(await screen.findByRole('button', { name: 'Start verification' })).toBeEnabled();
    expect(callsTo(calls, 'POST', '/api/plaid/identity-verification/complete')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the process was interrupted when Link exits with an error', async () => {
    const plaid = stubPlaid();
    serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/plaid/identity-verification/create': { body: { link_token: 'link-sandbox-1' } },
    });
    await renderIdentity(page, { language: 'es' });
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar verificación' }));
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalled());
    await plaid.exit({ error_code: 'INTERNAL_SERVER_ERROR', error_message: 'boom' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El proceso de verificación se interrumpió',
    );
    expect(screen.getByRole('button', { name: 'Iniciar verificación' })).toBeEnabled();
  });

  it('says so when the verification cannot be started or completed', async () => {
    const plaid = stubPlaid();
    let creates = 0;
    serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/plaid/identity-verification/create': () => {
        creates += 1;
        return creates === 1
          ? apiError(503, 'identity_provider_unavailable')
          : { body: { link_token: 'link-sandbox-2' } };
      },
      'POST /api/plaid/identity-verification/complete': 'network_error',
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start identity verification',
    );
    expect(plaid.create).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(plaid.link.open).toHaveBeenCalled());
    await plaid.success({ link_session_id: IDV });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to complete identity verification',
    );
    expect(screen.getByRole('button', { name: 'Start verification' })).toBeEnabled();
  });
});

describe('onboarding with Persona', () => {
  it('completed: waits for the review, asking every few seconds, until approved', async () => {
    const persona = stubPersona();
    let review: IdentityStatus = identityStatus({
      state: 'pending_review',
      verificationService: 'persona',
      kyc_status: 'pending_review',
      persona_status: 'pending_review',
      persona_inquiry_id: INQUIRY,
    });
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'created', sessionToken: null } },
      },
      [`GET /api/persona/status/${INQUIRY}`]: () => ({
        body: {
          inquiryId: INQUIRY,
          status: review.verified ? 'approved' : 'completed',
          identity: review,
        },
      }),
    });
    await renderIdentity(page, { language: 'es' });
    expect(
      await screen.findByText(
        'Puedes usar tu documento nacional de identidad, tu pasaporte o tu licencia de conducir.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar verificación' }));
    await waitFor(() => expect(persona.clients).toHaveLength(1));
    const client = persona.last();
    expect(client.open).toHaveBeenCalledOnce();
    expect(client.options).toMatchObject({
      inquiryId: INQUIRY,
      environment: 'sandbox',
      language: 'es',
    });
    expect(callsTo(calls, 'POST', '/api/persona/create-inquiry')[0]?.body).toEqual({
      firstName: 'Jason',
      lastName: 'Rivera',
      email: 'jason@example.com',
      phone: '+12125550123',
      language: 'es',
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => client.options.onComplete?.({ inquiryId: INQUIRY, status: 'completed' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      '¡Verificación enviada! Estamos revisando tu información.',
    );
    expect(
      screen.getByRole('heading', { name: 'Estamos revisando tu información…' }),
    ).toBeVisible();
    const polls = () => callsTo(calls, 'GET', `/api/persona/status/${INQUIRY}`);
    await waitFor(() => expect(polls()).toHaveLength(1));

    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    await waitFor(() => expect(polls()).toHaveLength(2));
    expect(
      screen.getByRole('heading', { name: 'Estamos revisando tu información…' }),
    ).toBeVisible();
    // Spec §4: the success message clears itself after 5 s.
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText(/Verificación enviada/)).toBeNull();

    review = identityStatus({
      state: 'verified',
      verified: true,
      verificationService: 'persona',
      kyc_status: 'completed',
      persona_status: 'approved',
      persona_inquiry_id: INQUIRY,
    });
    const updatesBefore = profileUpdates;
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(await screen.findByRole('heading', { name: 'Verificación completa' })).toBeVisible();
    expect(profileUpdates).toBeGreaterThan(updatesBefore);
    await dashboardShowsSoon();
  });

  it('failed: says so, clears the message after 8 s, and a retry opens a new flow', async () => {
    const persona = stubPersona();
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'created', sessionToken: null } },
      },
      [`GET /api/persona/status/${INQUIRY}`]: {
        body: {
          inquiryId: INQUIRY,
          status: 'failed',
          identity: identityStatus({
            state: 'failed',
            verificationService: 'persona',
            persona_status: 'failed',
            kyc_status: 'failed',
          }),
        },
      },
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(persona.clients).toHaveLength(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      persona.last().options.onComplete?.({ inquiryId: INQUIRY, status: 'failed' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Verification failed. Please try again or contact support.',
    );
    expect(screen.getByRole('heading', { name: "Let's try again" })).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(7000);
    });
    expect(screen.getByRole('alert')).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(persona.clients).toHaveLength(2));
    expect(persona.last().open).toHaveBeenCalledOnce();
    expect(callsTo(calls, 'POST', '/api/persona/create-inquiry')).toHaveLength(2);
  });

  it('cancelled: the button is back; an error says so', async () => {
    const persona = stubPersona();
    serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'created', sessionToken: null } },
      },
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(persona.clients).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Starting verification...' })).toBeDisabled();
    await act(async () => persona.last().options.onCancel?.({ inquiryId: INQUIRY }));
    expect(screen.getByRole('button', { name: 'Start verification' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(persona.clients).toHaveLength(2));
    await act(async () =>
      persona.last().options.onError?.({ status: 500, code: 'unknown', message: 'boom' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Verification process encountered an error. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Start verification' })).toBeEnabled();
  });

  it('says so when the inquiry cannot be created', async () => {
    const persona = stubPersona();
    serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'POST /api/persona/create-inquiry': apiError(503, 'identity_provider_unavailable'),
    });
    await renderIdentity(page, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start verification process. Please try again.',
    );
    expect(persona.clients).toHaveLength(0);
  });
});

describe('onboarding: choosing the provider', () => {
  it('uses Persona and says so when the settings cannot be loaded', async () => {
    const plaid = stubPlaid();
    const persona = stubPersona();
    const calls = serve({
      'GET /api/identity/settings': apiError(500, 'internal_error'),
    });
    await renderIdentity(page, { language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load verification settings',
    );
    expect(
      screen.getByText('A specialized identity verification service checks your details securely.'),
    ).toBeVisible();
    // Pressing Start asks for the settings once more (the script's address is in them).
    await userEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    expect(
      await screen.findByText('Failed to start verification process. Please try again.'),
    ).toBeVisible();
    expect(callsTo(calls, 'GET', '/api/identity/settings')).toHaveLength(2);
    expect(persona.clients).toHaveLength(0);
    expect(plaid.create).not.toHaveBeenCalled();
  });

  it('prefers the provider stored in this browser', async () => {
    localStorage.setItem('verificationService', 'persona');
    const plaid = stubPlaid();
    const persona = stubPersona();
    serve({
      'GET /api/identity/settings': { body: identitySettings('plaid') },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'created', sessionToken: null } },
      },
    });
    await renderIdentity(page, { language: 'en' });
    expect(
      await screen.findByText(
        'A specialized identity verification service checks your details securely.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(persona.clients).toHaveLength(1));
    expect(plaid.create).not.toHaveBeenCalled();
  });

  it("loads the provider's script on demand, once", async () => {
    const calls = serve({
      'GET /api/identity/settings': { body: identitySettings('persona') },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'created', sessionToken: null } },
      },
    });
    await renderIdentity(page, { language: 'en' });
    const start = await screen.findByRole('button', { name: 'Start verification' });
    expect(document.querySelectorAll('script')).toHaveLength(0);

    await userEvent.click(start);
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script');
      if (!found) throw new Error('No script yet');
      return found;
    });
    expect(script.src).toBe(`${window.location.origin}/sandbox/persona/persona.js`);
    const persona = stubPersona();
    await act(async () => script.dispatchEvent(new Event('load')));
    await waitFor(() => expect(persona.clients).toHaveLength(1));
    expect(persona.last().open).toHaveBeenCalledOnce();
    expect(callsTo(calls, 'POST', '/api/persona/create-inquiry')).toHaveLength(1);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    script.remove();
  });
});

describe('onboarding: where the person stands when the page opens', () => {
  it('already verified: Verification Complete, then the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      'GET /api/identity/settings': {
        body: { ...identitySettings('plaid'), status: VERIFIED_BY_PLAID },
      },
    });
    await renderIdentity(page, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: /verification/i })).toBeNull();
    await dashboardShowsSoon();
  });

  it('in review: waits, polling the provider, and offers a retry when declined', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const inReview = identityStatus({
      state: 'pending_review',
      plaidIdentityStatus: 'pending_review',
    });
    serve({
      'GET /api/identity/settings': { body: { ...identitySettings('plaid'), status: inReview } },
      'GET /api/plaid/identity-verification/status': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? { status: 'pending_review', identity: inReview }
              : {
                  status: 'failed',
                  identity: identityStatus({ state: 'failed', plaidIdentityStatus: 'failed' }),
                },
        };
      },
    });
    await renderIdentity(page, { language: 'en' });
    expect(
      await screen.findByRole('heading', { name: "We're reviewing your information…" }),
    ).toBeVisible();
    await waitFor(() => expect(polls).toBe(1));
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    expect(await screen.findByRole('heading', { name: "Let's try again" })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Identity verification failed. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    const steps = screen.getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('Dashboard Access (to do)');
  });

  it.each([
    ['es', 'Intentémoslo de nuevo', /no coincide con el nombre de tu cuenta\./],
    ['en', "Let's try again", /doesn't match the name on your account\./],
  ] as const)(
    'refused as not the account holder (%s): says why and offers a retry',
    async (language, heading, why) => {
      serve({
        'GET /api/identity/settings': {
          body: identitySettings('plaid', {
            state: 'failed',
            kyc_status: 'failed',
            plaidIdentityStatus: 'failed',
            failureReason: 'name_mismatch',
            updatedAt: '2025-05-02T15:00:00.000Z',
          }),
        },
      });
      await renderIdentity(page, { language });
      expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
      expect(screen.getByText(why)).toBeVisible();
    },
  );

  it('an attempt left open: offers to continue it', async () => {
    serve({
      'GET /api/identity/settings': {
        body: identitySettings('plaid', { state: 'in_progress', plaidIdentityStatus: 'pending' }),
      },
    });
    await renderIdentity(page, { language: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Termina de verificar tu identidad' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continuar verificación' })).toBeEnabled();
  });

  it('a Persona inquiry already started: continues it with the session token', async () => {
    const persona = stubPersona();
    serve({
      'GET /api/identity/settings': {
        body: identitySettings('persona', {
          state: 'in_progress',
          persona_status: 'pending',
          persona_inquiry_id: INQUIRY,
        }),
      },
      'POST /api/persona/create-inquiry': {
        body: { inquiry: { id: INQUIRY, status: 'pending', sessionToken: 'session-1' } },
      },
    });
    await renderIdentity(page, { language: 'es' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar verificación' }));
    await waitFor(() => expect(persona.clients).toHaveLength(1));
    expect(persona.last().options).toMatchObject({ inquiryId: INQUIRY, sessionToken: 'session-1' });
  });
});
