import type pg from 'pg';

/**
 * Waits until the server has e-mailed every notification the last run made (each P2P send
 * e-mails its receiver from the job queue, after the send has answered), so that no run is
 * measured while the one before it still drains in the background. Returns how many were pending
 * and how long they took.
 */
export async function emailsDrained(
  client: pg.Client,
): Promise<{ pending: number; seconds: number }> {
  const started = performance.now();
  const pendingNow = async () =>
    Number(
      (await client.query(`select count(*) as n from notifications where email_status = 'pending'`))
        .rows[0].n,
    );
  const pending = await pendingNow();
  const deadline = Date.now() + 15 * 60_000;
  for (let left = pending; left > 0; left = await pendingNow()) {
    if (Date.now() > deadline)
      throw new Error(`${left} notification e-mails still pending after 15 min`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { pending, seconds: (performance.now() - started) / 1000 };
}

/**
 * Waits for a pass of the server's `monitoring-evaluate` job (every 10 s) that started after this
 * call: it has evaluated every transfer committed before, so the next run does not share the
 * cores with the evaluation of the one before it.
 */
async function monitoringCaughtUp(client: pg.Client): Promise<void> {
  const { rows } = await client.query('select clock_timestamp() as now');
  const since = rows[0].now as Date;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const scan = await client.query('select scanned_to from monitoring_scan where id = 1');
    if ((scan.rows[0].scanned_to as Date) >= since) return;
    if (Date.now() > deadline) throw new Error('transaction monitoring did not catch up in 15 min');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The sends before have been e-mailed and evaluated by transaction monitoring; returns what the
 * e-mails' wait found (`emailsDrained`).
 */
export async function backgroundDone(
  client: pg.Client,
): Promise<{ pending: number; seconds: number }> {
  const emails = await emailsDrained(client);
  await monitoringCaughtUp(client);
  return emails;
}
