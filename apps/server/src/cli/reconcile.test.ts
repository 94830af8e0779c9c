import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openBankAccount } from '../../test/banking-helpers';
import { verifiedUser } from '../../test/money-helpers';
import { CLABE, saveRecipient, sendHome } from '../../test/remittance-helpers';
import { listeningTestApp } from '../../test/test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const context = listeningTestApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-reconcile-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run reconcile`'s command, as its own process, against the given environment. */
function reconcile(env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/reconcile.mjs'],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PAGO_MODE: 'sandbox', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Each test starts the command as its own process (from the build the global setup made), one or
// two times: on a busy machine that alone takes longer than the suite's default per-test time.
describe('npm run reconcile', { timeout: 240_000 }, () => {
  it('runs the reconciliation once: exit 0 when the partner and the ledger agree, 1 with the differences', async () => {
    const { app, db, url } = context;
    const ana = await verifiedUser(app, db);
    const { accountId } = await openBankAccount(app, ana);
    const clean = await reconcile({ DATABASE_URL: url });
    expect(clean.stderr).toBe('');
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/: 1 account\(s\) checked, 0 difference\(s\)\.\n/);
    expect(clean.stdout).toMatch(
      /\nPayout partner [0-9a-f-]+: 0 remittance\(s\) checked, 0 difference\(s\); prefunded balance [\d.]+ USD available, busiest day of the last week [\d.]+ USD\.\n$/,
    );
    expect(clean.stdout).toMatch(
      /^Ledger invariants: 0 unbalanced transfer\(s\), 0 drifted account\(s\), 0 negative user account\(s\)\.\n/,
    );

    // A planted difference: the partner says the account holds $5.00 the ledger never moved.
    await db
      .updateTable('sandbox_unit_accounts')
      .set({ balance: 500 })
      .where('id', '=', accountId)
      .execute();
    const planted = await reconcile({ DATABASE_URL: url });
    expect(planted.code, planted.stderr).toBe(1);
    expect(planted.stdout).toContain('1 account(s) checked, 2 difference(s).');
    expect(planted.stdout).toContain(
      `balance_mismatch  user=${ana.id}  transfer=-  unit=${accountId}  expected=0  actual=500`,
    );
    // The partner's money in total is $5.00 more than the wallets'.
    expect(planted.stdout).toMatch(
      /total_mismatch {2}user=null .* expected=0 \{.*\} {2}actual=500/,
    );
    // The run is stored like the job's.
    const checks = await db.selectFrom('ledger_invariant_checks').select('source').execute();
    expect(checks).toEqual([{ source: 'cli' }, { source: 'cli' }]);
    const runs = await db
      .selectFrom('unit_reconciliation_differences')
      .select('kind')
      .where('unit_id', '=', accountId)
      .execute();
    expect(runs).toEqual([{ kind: 'balance_mismatch' }]);
  });

  it('checks the ledger invariants: exit 1 with what it found when one is broken', async () => {
    const { app, db, url } = context;
    const ben = await verifiedUser(app, db);
    await app.inject({
      method: 'POST',
      url: '/api/wallet/test-deposit',
      headers: { authorization: `Bearer ${ben.token}`, 'idempotency-key': randomUUID() },
      payload: { amount: 100 },
    });
    // Planted: a wallet whose balance moved without an entry.
    const wallet = await db
      .updateTable('ledger_accounts')
      .set({ balance_cents: sql`balance_cents + 1` })
      .where('user_id', '=', ben.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    const broken = await reconcile({ DATABASE_URL: url });
    expect(broken.code, broken.stderr).toBe(1);
    expect(broken.stdout).toContain(
      'Ledger invariants: 0 unbalanced transfer(s), 1 drifted account(s), 0 negative user account(s).',
    );
    expect(broken.stdout).toContain(`drifted  accounts=${wallet.id}`);
    await db
      .updateTable('ledger_accounts')
      .set({ balance_cents: sql`balance_cents - 1` })
      .where('id', '=', wallet.id)
      .execute();
  });

  it('finds a difference planted between the payout partner and the ledger', async () => {
    const { app, db, url } = context;
    const t = { app, db, now: new Date() };
    const cara = await verifiedUser(app, db, 10_000);
    const mx = await saveRecipient(t, cara, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const sent = await sendHome(t, cara, mx, 20);
    expect(sent.statusCode, sent.body).toBe(201);
    // Planted: the partner cancelled it, and the ledger never gave the sender the money back.
    await db
      .updateTable('sandbox_thunes_transactions')
      .set({ status: '40000', next_status_at: null })
      .where('external_id', '=', sent.json().id)
      .execute();
    const found = await reconcile({ DATABASE_URL: url });
    expect(found.code, found.stderr).toBe(1);
    expect(found.stdout).toMatch(
      /Payout partner [0-9a-f-]+: 1 remittance\(s\) checked, 1 difference\(s\)/,
    );
    expect(found.stdout).toContain(
      `refund_missing  transfer=${sent.json().id}  expected=processing  actual=40000`,
    );
    const stored = await db
      .selectFrom('payout_reconciliation_differences')
      .select(['kind', 'transfer_id'])
      .execute();
    expect(stored).toEqual([{ kind: 'refund_missing', transfer_id: sent.json().id }]);
  });

  it('says why it cannot run, with exit code 2', async () => {
    const { url } = context;
    const noDatabase = await reconcile({});
    expect(noDatabase.code, noDatabase.stderr).toBe(2);
    expect(noDatabase.stderr).toContain(`No database in ${dataDir}`);
    const live = await reconcile({ DATABASE_URL: url, PAGO_MODE: 'live' });
    expect(live.code, live.stderr).toBe(2);
    expect(live.stderr).toMatch(/^reconcile: /);
  });
});
