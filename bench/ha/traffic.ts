// The load of the failover drill: real HTTP requests to Pago's API processes. P2P sends, each with
// its own Idempotency-Key, retried with the same key and body after a 503 or a lost connection
// until a final answer (as a client told Retry-After does); card purchases at the sandbox card
// network, which reach Pago's authorization endpoint through the Unit fake. Every attempt is
// recorded with its answer and times, so the drill can tell what was acknowledged.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { insertCards } from '../cards-seed';

export type Wallet = { id: string; token: string; phone: string };
export type Card = { pan: string; cvv: string; expMonth: number; expYear: number };

/** One HTTP attempt: when it started and ended (ms since the drill's clock), what came back. */
export type Attempt = {
  kind: 'p2p' | 'card';
  at: number;
  ms: number;
  status: number;
  code?: string;
  /** A 503 without a Retry-After header (must not happen). */
  noRetryAfter?: boolean;
};

/** One logical P2P send: its key and body, and the transfer id of its final 201 (if any). */
export type Send = {
  key: string;
  from: Wallet;
  body: object;
  attempts: number;
  status: number;
  id?: string;
  response?: string;
  doneAt: number;
  /** Wall-clock ms when its first attempt that was not a 201 ended (a 503, a lost connection). */
  firstFailureAt?: number;
};

export type Traffic = {
  attempts: Attempt[];
  sends: Send[];
  /** Card purchases the network approved: the authorization ids (Unit's, in Pago's records). */
  approved: string[];
  declined: number;
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** After a 503 or a refused connection: try again soon (Retry-After says 5 s; the drill measures). */
const RETRY_MS = 200;

/** Funded people with a session, written in a few statements (setup, not measured). */
export async function createWallets(client: pg.Client, count: number): Promise<Wallet[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const { rows } = await client.query<{ id: string; phone: string; g: number }>(
    `with people as (select g from generate_series(1, $1::int) g),
     u as (insert into users (name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code, language)
           select 'HA ' || g, 'hawallet_' || g, 'hawallet' || g || '@example.com', '+1646555' || lpad(g::text, 4, '0'),
                  true, 'completed', 'x', '10001', 'en' from people returning id, phone, username)
     select id, phone, substring(username from 10)::int as g from u order by g`,
    [count],
  );
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select decode(h, 'hex'), id, now() + interval '12 hours' from unnest($1::text[], $2::uuid[]) as t(h, id)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.id)],
  );
  return rows.map((r, i) => ({ id: r.id, phone: r.phone, token: tokens[i] as string }));
}

/** Cardholders with an active card at the Unit fake and in Pago (as bench/cards.ts makes them). */
export async function createCards(client: pg.Client, count: number): Promise<Card[]> {
  const cards = await insertCards(client, count, {
    username: 'hacard',
    name: 'HA card',
    area: '718',
    offset: 10_000_000_000,
  });
  // What the network's purchase takes, and nothing else (it refuses unknown fields).
  return cards.map(({ pan, cvv, expMonth, expYear }) => ({ pan, cvv, expMonth, expYear }));
}

/** A real double-entry deposit of `cents` into every drill person's wallet, balances set. */
export async function fundEveryone(client: pg.Client, cents: number): Promise<void> {
  await client.query(
    `with w as (insert into ledger_accounts (user_id)
                select id from users where username like 'hawallet\\_%' or username like 'hacard\\_%'
                on conflict do nothing returning id, user_id),
     t as (insert into ledger_transfers (kind, status, user_id, amount_cents, counts_toward_limits)
           select 'deposit', 'completed', user_id, $1::bigint, false from w returning id, user_id),
     fc as (select id from ledger_accounts where system_role = 'funding_clearing')
     insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
     select t.id, w.id, $1::bigint, $1::bigint from t join w using (user_id)
     union all select t.id, fc.id, -$1::bigint, 0 from t, fc`,
    [cents],
  );
  await client.query(
    `update ledger_accounts a set balance_cents = coalesce(
       (select sum(amount_cents) from ledger_entries e where e.account_id = a.id), 0)
     where a.user_id in (select id from users where username like 'hawallet\\_%' or username like 'hacard\\_%')
        or a.system_role = 'funding_clearing'`,
  );
}

async function call(
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string; noRetryAfter?: boolean }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const noRetryAfter = response.status === 503 && !response.headers.get('retry-after');
    return { status: response.status, text: await response.text(), noRetryAfter };
  } catch {
    return { status: 0, text: '' };
  }
}

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** Posts a P2P send (again, with the same key and body, until a final answer or `giveUpAt`). */
export async function postSend(
  baseUrl: string,
  send: Send,
  clock: () => number,
  attempts: Attempt[],
  giveUpAt = Number.POSITIVE_INFINITY,
): Promise<void> {
  for (;;) {
    const at = clock();
    const { status, text, noRetryAfter } = await call(`${baseUrl}/api/transactions/send`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${send.from.token}`,
        'idempotency-key': send.key,
      },
      body: JSON.stringify(send.body),
    });
    send.attempts += 1;
    attempts.push({
      kind: 'p2p',
      at,
      ms: clock() - at,
      status,
      code: errorCode(text),
      noRetryAfter,
    });
    send.status = status;
    send.doneAt = clock();
    if (status !== 201 && send.firstFailureAt === undefined) send.firstFailureAt = Date.now();
    if (status === 201) {
      send.id = (JSON.parse(text) as { id: string }).id;
      send.response = text;
      return;
    }
    if ((status !== 503 && status !== 0) || clock() > giveUpAt) return;
    await wait(RETRY_MS);
  }
}

/**
 * Runs `p2pLoops` loops of 1-cent sends between random wallets and `cardLoops` loops of card
 * purchases until `stop()` resolves; a send in flight then still gets its final answer.
 */
export async function runTraffic(o: {
  baseUrl: string;
  wallets: Wallet[];
  cards: Card[];
  p2pLoops: number;
  cardLoops: number;
  clock: () => number;
  stop: Promise<unknown>;
}): Promise<Traffic> {
  const traffic: Traffic = { attempts: [], sends: [], approved: [], declined: 0 };
  let stopped = false;
  void o.stop.then(() => {
    stopped = true;
  });
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const p2p = async () => {
    while (!stopped) {
      const from = pick(o.wallets);
      let to = pick(o.wallets);
      if (to === from) to = o.wallets[(o.wallets.indexOf(from) + 1) % o.wallets.length] as Wallet;
      const send: Send = {
        key: randomUUID(),
        from,
        body: { recipientName: to.phone, recipientCountry: 'MX', amountUsd: 0.01 },
        attempts: 0,
        status: 0,
        doneAt: 0,
      };
      traffic.sends.push(send);
      await postSend(o.baseUrl, send, o.clock, traffic.attempts, o.clock() + 120_000);
      if (send.status !== 201) await wait(RETRY_MS);
    }
  };
  const card = async () => {
    while (!stopped) {
      const at = o.clock();
      const { status, text, noRetryAfter } = await call(
        `${o.baseUrl}/sandbox/cards/network/purchase`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...pick(o.cards),
            amountCents: 100 + Math.floor(Math.random() * 400),
            merchant: { name: 'HA drill store', city: 'Austin, TX', category: 'retail' },
          }),
        },
      );
      traffic.attempts.push({
        kind: 'card',
        at,
        ms: o.clock() - at,
        status,
        code: errorCode(text),
        noRetryAfter,
      });
      if (status === 200) {
        const answer = JSON.parse(text) as { approved: boolean; authorizationId: string | null };
        if (answer.approved && answer.authorizationId)
          traffic.approved.push(answer.authorizationId);
        else traffic.declined += 1;
      } else {
        await wait(RETRY_MS);
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: o.p2pLoops }, p2p),
    ...Array.from({ length: o.cardLoops }, card),
  ]);
  return traffic;
}

/** The q-quantile of the attempts' latencies (ms), 0 when there are none. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}
