import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { matchTotp } from '../features/accounts/totp';
import { opsStaffCommand } from './ops-staff';

describe('npm run ops:staff -- add', () => {
  it('adds a staff member and prints the password and TOTP secret once', async () => {
    const { db } = await createTestDatabase();
    const config = testConfig();
    let printed = '';
    const out = (text: string) => {
      printed += text;
    };
    const code = await opsStaffCommand(
      ['add', '--email', 'ops.lead@pago.example', '--name', 'Lucía Ops', '--role', 'admin'],
      { db, config, out },
    );
    expect(code, printed).toBe(0);
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(printed)?.[1] ?? '';
    expect(printed).toMatch(/Password: \S{20,}/);
    expect(printed).toContain(`otpauth://totp/Pago%20Ops:ops.lead%40pago.example?secret=${secret}`);
    const row = await db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', 'ops.lead@pago.example')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    // Sealed at rest: the secret is not in the row.
    expect(row.totp_secret).not.toContain(secret);
    expect(matchTotp(secret, '12345')).toBeNull();

    let again = '';
    const taken = await opsStaffCommand(
      ['add', '--email', 'OPS.LEAD@pago.example', '--name', 'Other', '--role', 'support'],
      {
        db,
        config,
        out: (text) => {
          again += text;
        },
      },
    );
    expect(taken).toBe(1);
    expect(again).toMatch(/exists/);
    let usage = '';
    expect(
      await opsStaffCommand(['add', '--email', 'a@b.example', '--name', 'A', '--role', 'boss'], {
        db,
        config,
        out: (text) => {
          usage += text;
        },
      }),
    ).toBe(1);
    expect(usage).toMatch(/^usage:/);
    await db.destroy();
  });
});
