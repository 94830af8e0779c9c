import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type WebhookVendor = 'plaid' | 'persona' | 'unit' | 'thunes' | 'stripe';

/** The headers a vendor signs a delivery with, made afresh for every attempt. */
export type WebhookSigner = (body: string) => Promise<Record<string, string>>;

/** After this many failed deliveries a webhook is given up, as the vendors do after some days. */
export const MAX_DELIVERY_ATTEMPTS = 12;
const LEASE_SECONDS = 30;

/** Queues a webhook; it leaves with the next delivery round. */
export async function enqueueWebhook(
  db: Database,
  vendor: WebhookVendor,
  path: string,
  payload: unknown,
): Promise<void> {
  await db
    .insertInto('sandbox_webhook_outbox')
    .values({ vendor, path, body: JSON.stringify(payload) })
    .execute();
}

/** Seconds until the next try after `attempts` failures: 2, 4, 8 … capped at ten minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 600);
}

/**
 * Delivers due webhooks like the vendors do: POST to the receiver, signed, retried with growing
 * delays until a 2xx answer. Rows are leased first, so two servers never send the same one at once.
 */
export async function deliverDueWebhooks(input: {
  db: Database;
  baseUrl: () => string;
  /** A row of a vendor without a signer here is not sent, and is tried again later. */
  signers: Partial<Record<WebhookVendor, WebhookSigner>>;
  timeoutMs?: number;
}): Promise<number> {
  const { db } = input;
  const due = await db
    .updateTable('sandbox_webhook_outbox')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      'id',
      'in',
      db
        .selectFrom('sandbox_webhook_outbox')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where('attempts', '<', MAX_DELIVERY_ATTEMPTS)
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'vendor', 'path', 'body', 'attempts'])
    .execute();
  due.sort((a, b) => a.id - b.id);
  let delivered = 0;
  for (const row of due) {
    let failure: string | null = null;
    try {
      const signer = input.signers[row.vendor];
      if (!signer) throw new Error(`no signer for ${row.vendor}`);
      // Thunes posts to the absolute callback_url it was given (Stripe to its configured endpoint,
      // which may be absolute too); the others to a path of ours.
      const url = /^https?:\/\//.test(row.path) ? row.path : `${input.baseUrl()}${row.path}`;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(await signer(row.body)),
        },
        body: row.body,
        signal: AbortSignal.timeout(input.timeoutMs ?? 5000),
      });
      if (!response.ok) failure = `HTTP ${response.status}`;
      await response.body?.cancel();
    } catch (error) {
      failure = (error as Error).message;
    }
    if (failure === null) {
      delivered += 1;
      await db
        .updateTable('sandbox_webhook_outbox')
        .set({ delivered_at: new Date(), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
    } else {
      await db
        .updateTable('sandbox_webhook_outbox')
        .set({
          attempts: row.attempts + 1,
          last_error: failure.slice(0, 500),
          next_attempt_at: new Date(Date.now() + retryDelaySeconds(row.attempts + 1) * 1000),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return delivered;
}
