import { sandboxStaffBody } from '@pago/shared/contracts/ops';
import type { AppInstance } from '../../app-instance';
import type { Ops } from './ops.service';

/**
 * Sandbox mode only (registered there by the wiring): a staff member made on demand, answering
 * the TOTP secret so tests and e2e can compute codes and sign in. Live mode has no such route:
 * staff are made with `npm run ops:staff -- add`.
 */
export async function opsSandboxRoutes(app: AppInstance, { ops }: { ops: Ops }): Promise<void> {
  app.post('/sandbox/ops/staff', { schema: { body: sandboxStaffBody } }, async (request, reply) => {
    const { staff, totpSecret, otpauthUri } = await ops.auth.create(request.body);
    return reply.code(201).send({ ...staff, totpSecret, otpauthUri });
  });
}
