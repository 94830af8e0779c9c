import type { StaffRole } from '@pago/shared/contracts/ops';
import type { AppInstance } from '../src/app';
import { totpCode, totpStep } from '../src/features/accounts/totp';
import { nextIp, uniqueName } from './accounts-helpers';

export type TestStaff = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  totpSecret: string;
  token: string;
};

export const STAFF_PASSWORD = 'Ops-Console-Passw0rd';

/** A staff member made through the sandbox route, not yet signed in. */
export async function createStaff(
  app: AppInstance,
  role: StaffRole,
  name = 'Test Staff',
): Promise<Omit<TestStaff, 'token'>> {
  const email = `${uniqueName('staff')}@pago.example`;
  const made = await app.inject({
    method: 'POST',
    url: '/sandbox/ops/staff',
    payload: { email, name, role, password: STAFF_PASSWORD },
  });
  if (made.statusCode !== 201) throw new Error(`sandbox staff: ${made.body}`);
  const body = made.json() as { id: string; totpSecret: string };
  return { id: body.id, email, name, role, password: STAFF_PASSWORD, totpSecret: body.totpSecret };
}

/**
 * Signs a staff member in: the password, then the authenticator's code computed from the secret.
 * Each code is accepted once, so a second sign-in of the same staff member uses the next step's.
 */
export async function signInStaff(
  app: AppInstance,
  staff: Omit<TestStaff, 'token'>,
  { step = totpStep() }: { step?: number } = {},
): Promise<TestStaff> {
  const remoteAddress = nextIp();
  const login = await app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    payload: { email: staff.email, password: staff.password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`ops login: ${login.body}`);
  const { challenge } = login.json() as { challenge: string };
  const finished = await app.inject({
    method: 'POST',
    url: '/api/ops/auth/two-step',
    payload: { challenge, code: totpCode(staff.totpSecret, step) },
    remoteAddress,
  });
  if (finished.statusCode !== 200) throw new Error(`ops two-step: ${finished.body}`);
  return { ...staff, token: (finished.json() as { token: string }).token };
}

/** A signed-in staff member of `role` (the usual start of an /api/ops test). */
export async function signedInStaff(app: AppInstance, role: StaffRole, name?: string) {
  return signInStaff(app, await createStaff(app, role, name));
}

/** The headers of a staff request; `reason` for GETs of a customer's data (X-Ops-Reason). */
export function staffHeaders(staff: { token: string }, reason?: string) {
  return {
    authorization: `Bearer ${staff.token}`,
    ...(reason ? { 'x-ops-reason': encodeURIComponent(reason) } : {}),
  };
}
