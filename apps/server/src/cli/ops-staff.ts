import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@pago/shared/contracts/ops';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createStaffAuth } from '../features/ops/staff-auth.service';
import { createRateLimits } from '../features/rate-limits/rate-limits.service';
import { isMainModule, runDatabaseCommand } from './run-cli';

const USAGE =
  'usage: npm run ops:staff -- add --email <e-mail> --name <name> --role <support|compliance|admin>\n';

/**
 * `npm run ops:staff -- add --email … --name … --role …`: a new staff member of the operations
 * console (docs/ops-console.md). The password is OPS_STAFF_PASSWORD when set, else a random one;
 * it and the TOTP secret (with its otpauth:// URI for the authenticator app) are printed once and
 * kept nowhere else in the clear. Exit code 0: added; 1: refused (bad input, e-mail taken); 2: could
 * not run.
 */
export async function opsStaffCommand(
  argv: string[],
  {
    db,
    config,
    out,
    password,
  }: { db: Database; config: Config; out: (text: string) => void; password?: string | undefined },
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch {
    out(USAGE);
    return 1;
  }
  const { positionals, values } = parsed;
  const role = values.role as StaffRole;
  if (positionals[0] !== 'add' || !values.email || !values.name || !STAFF_ROLES.includes(role)) {
    out(USAGE);
    return 1;
  }
  const chosen = password ?? randomBytes(18).toString('base64url');
  const auth = createStaffAuth({ db, config, rateLimits: createRateLimits(db) });
  try {
    const { staff, totpSecret, otpauthUri } = await auth.create({
      email: values.email,
      name: values.name,
      role,
      password: chosen,
    });
    out(
      [
        `Staff member ${staff.email} (${staff.role}) added, id ${staff.id}.`,
        password ? 'Password: as given in OPS_STAFF_PASSWORD.' : `Password: ${chosen}`,
        `TOTP secret: ${totpSecret}`,
        `Authenticator URI: ${otpauthUri}`,
        'Shown once: give them to the person over a safe channel.',
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    out(`${(error as Error).message}\n`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
}

if (isMainModule(import.meta.url)) {
  await runDatabaseCommand('the database to add the staff member to', ({ db, config }) =>
    opsStaffCommand(process.argv.slice(2), {
      db,
      config,
      out: (text) => process.stdout.write(text),
      password: process.env.OPS_STAFF_PASSWORD || undefined,
    }),
  );
}
