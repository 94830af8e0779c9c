import type { UpdateProfileBody, UserProfile } from '@pago/shared/contracts/accounts';
import { timeZoneForZip } from '@pago/shared/time-zones';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, getDisplayTimeZone } from '@/lib/format';
import { type ApiCall, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The server as the profile sees it: a PUT with `timeZone` chooses it, null goes back to the ZIP's. */
function serve(initial: UserProfile) {
  let profile = initial;
  const calls = stubApi((call: ApiCall) => {
    if (call.path !== '/api/user/profile') return undefined;
    if (call.method === 'PUT') {
      const body = call.body as UpdateProfileBody;
      const chosen = body.timeZone ?? null;
      profile = {
        ...profile,
        timeZone: chosen ?? timeZoneForZip(profile.zipCode),
        timeZoneChosen: chosen !== null,
      };
    }
    return { body: profile };
  });
  return calls;
}

async function open() {
  localStorage.setItem('token', 'test-token');
  await renderApp('/profile', 'es');
  await screen.findByRole('heading', { level: 1, name: 'Tu perfil' });
  return screen.findByRole('region', { name: 'Zona horaria' });
}

describe('the time zone in the profile', () => {
  it('defaults to the ZIP code’s, saves a chosen zone, and every time on screen follows it', async () => {
    const calls = serve(
      makeProfile({ zipCode: '60601', timeZone: 'America/Chicago', timeZoneChosen: false }),
    );
    const card = await open();
    const select = within(card).getByLabelText('Zona horaria') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toMatch(/^Según tu código postal \(Chicago/);
    // The U.S. zones and the corridors' zones.
    const options = [...select.options].map((o) => o.value);
    expect(options).toContain('America/Los_Angeles');
    expect(options).toContain('America/Mexico_City');
    expect(options).toContain('America/Guatemala');
    expect(getDisplayTimeZone()).toBe('America/Chicago');
    expect(formatDateTime('2026-11-27T15:41:00Z', 'es')).toMatch(/9:41/);

    const user = userEvent.setup();
    await user.selectOptions(select, 'America/Bogota');
    await user.click(within(card).getByRole('button', { name: 'Guardar zona horaria' }));
    await within(card).findByText('Guardamos tu zona horaria.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ timeZone: 'America/Bogota', username: 'ana.lopez' });
    // The session refreshed: times are now Bogotá's (UTC−5).
    await vi.waitFor(() => expect(getDisplayTimeZone()).toBe('America/Bogota'));
    expect(formatDateTime('2026-11-27T15:41:00Z', 'es')).toMatch(/10:41/);

    await user.selectOptions(select, '');
    await user.click(within(card).getByRole('button', { name: 'Guardar zona horaria' }));
    await vi.waitFor(() => expect(getDisplayTimeZone()).toBe('America/Chicago'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      timeZone: null,
    });
  });
});
