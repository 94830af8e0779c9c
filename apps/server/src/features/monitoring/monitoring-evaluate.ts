import {
  type MonitoringRuleCode,
  RULE_THRESHOLD_SCHEMAS,
  type RuleThresholds,
} from '@pago/shared/contracts/monitoring';
import { type Cents, formatUsd } from '@pago/shared/money';
import type { Database } from '../../db/database';
import {
  accountChangesBetween,
  homesOf,
  insertHit,
  type NewHit,
  outgoingMadeBetween,
  pairsThatPaidEachOther,
  type RecipientRow,
  type RuleRow,
  receivedFromOthers,
  recipientById,
  remittancesToRecipient,
  userOf,
  uuidV7Time,
  WALLET_TO_WALLET_KINDS,
  type WatchedTransfer,
  walletPaymentsTo,
} from './monitoring.repository';
import { lastSent, nearLines, sentTotal } from './monitoring-history.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const usd = (cents: number) => formatUsd(cents as Cents, 'en');

/** The enabled rules with their thresholds, each checked against its rule's schema. */
export type ActiveRules = { [K in MonitoringRuleCode]?: RuleThresholds[K] };

export function activeRules(rows: RuleRow[]): ActiveRules {
  const active: Record<string, unknown> = {};
  for (const row of rows) {
    if (!row.enabled) continue;
    const schema = RULE_THRESHOLD_SCHEMAS[row.code as MonitoringRuleCode];
    const parsed = schema?.safeParse(row.thresholds);
    if (parsed?.success) active[row.code] = parsed.data;
  }
  return active as ActiveRules;
}

/** The start of the fixed window of `lengthMs` (counted from the epoch) that holds `at`. */
function windowOf(at: Date, lengthMs: number): Date {
  return new Date(Math.floor(at.getTime() / lengthMs) * lengthMs);
}

/**
 * Evaluates every enabled rule a transfer can trigger, storing a hit for each that fires (at
 * most one per rule, subject and window). Answers the number of new hits.
 */
export async function evaluateTransfer(
  db: Database,
  rules: ActiveRules,
  transfer: WatchedTransfer,
): Promise<number> {
  const hits: NewHit[] = [];
  if (rules.structuring) hits.push(...(await structuring(db, rules.structuring, transfer)));
  if (rules.new_account_outflow) {
    hits.push(...(await newAccountOutflow(db, rules.new_account_outflow, transfer)));
  }
  if (rules.many_senders_one_recipient) {
    hits.push(...(await manySenders(db, rules.many_senders_one_recipient, transfer)));
  }
  if (rules.credential_change_then_send) {
    hits.push(...(await credentialChange(db, rules.credential_change_then_send, transfer)));
  }
  let stored = 0;
  for (const hit of hits) if (await insertHit(db, hit)) stored += 1;
  return stored;
}

/** Several transfers, or days, just under a line within the window. */
async function structuring(
  db: Database,
  th: RuleThresholds['structuring'],
  transfer: WatchedTransfer,
): Promise<NewHit[]> {
  const windowMs = th.windowHours * HOUR_MS;
  const to = transfer.created_at;
  const { transfers: nearTransfers, days: nearDays } = await nearLines(
    db,
    transfer.user_id,
    new Date(to.getTime() - windowMs),
    to,
    th,
  );
  const byTransfers = nearTransfers.length >= th.minNearTransfers;
  const byDays = nearDays.length >= th.minNearDays;
  if (!byTransfers && !byDays) return [];

  const parts: string[] = [];
  if (byTransfers) {
    parts.push(
      `${nearTransfers.length} transfers within ${th.windowHours} hours each just under a line ` +
        `(at most ${th.nearPercent}% below): ` +
        nearTransfers.map((n) => `${usd(n.amountCents)} under ${usd(n.lineCents)}`).join(', '),
    );
  }
  if (byDays) {
    parts.push(
      `${nearDays.length} days whose outgoing total was just under a line: ` +
        nearDays.map((d) => `${d.day} ${usd(d.totalCents)} under ${usd(d.lineCents)}`).join(', '),
    );
  }
  const ids = new Set([
    ...(byTransfers ? nearTransfers.map((n) => n.id) : []),
    ...(byDays ? nearDays.flatMap((d) => d.ids) : []),
  ]);
  return [
    {
      rule_code: 'structuring',
      user_id: transfer.user_id,
      subject: `user:${transfer.user_id}`,
      window_start: windowOf(to, windowMs),
      transfer_ids: [...ids],
      reason: `${parts.join('; ')}.`,
      figures: {
        windowHours: th.windowHours,
        nearPercent: th.nearPercent,
        nearTransfers: nearTransfers.map((n) => ({
          amountCents: n.amountCents,
          lineCents: n.lineCents,
        })),
        nearDays: nearDays.map((d) => ({
          day: d.day,
          totalCents: d.totalCents,
          lineCents: d.lineCents,
        })),
      },
    },
  ];
}

/** A young account sending far more to others than others sent it. */
async function newAccountOutflow(
  db: Database,
  th: RuleThresholds['new_account_outflow'],
  transfer: WatchedTransfer,
): Promise<NewHit[]> {
  const user = await userOf(db, transfer.user_id);
  if (!user) return [];
  const ageMs = transfer.created_at.getTime() - user.created_at.getTime();
  if (ageMs >= th.maxAccountAgeDays * DAY_MS) return [];
  // Everything it ever sent (it is young): from the epoch, not from `created_at`, which is the
  // database's time while a transfer's time is the ledger's clock.
  const sentCents = await sentTotal(db, user.id, transfer.created_at);
  const receivedCents = await receivedFromOthers(db, user.id, transfer.created_at);
  if (sentCents < th.minSentCents || sentCents < th.ratio * receivedCents) return [];
  const ageDays = Math.floor(ageMs / DAY_MS);
  return [
    {
      rule_code: 'new_account_outflow',
      user_id: user.id,
      subject: `user:${user.id}`,
      // One hit per account while it is new.
      window_start: user.created_at,
      transfer_ids: await lastSent(db, user.id, transfer.created_at, 50),
      reason:
        `An account ${ageDays} days old sent ${usd(sentCents)} and received ${usd(receivedCents)} ` +
        `from others (fires at ${usd(th.minSentCents)} sent and ${th.ratio} times what was received, ` +
        `within ${th.maxAccountAgeDays} days of opening).`,
      figures: { ageDays, sentCents, receivedCents, ...th },
    },
  ];
}

/** A recipient's key: "user:<id>" for a Pago user, or name, country and account for one abroad. */
type Recipient = { key: string; label: string; userId: string | null };

/** Lower case, no accents, one space: names as people type them differently. */
function plainName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The account field that identifies where a recipient abroad is paid, if any. */
function accountOf(
  details: RecipientRow['payout_details'],
): { field: string; value: string } | null {
  const fields = details.fields ?? {};
  for (const field of ['clabe', 'iban', 'cbu', 'bank_account_number', 'msisdn']) {
    const value = fields[field];
    if (value) return { field, value };
  }
  return null;
}

function abroadKey(row: {
  full_name: string;
  country: string;
  phone: string;
  payout_details: RecipientRow['payout_details'];
}) {
  const account = accountOf(row.payout_details);
  const where = account ? `${account.field}:${account.value}` : `phone:${row.phone}`;
  const masked = account
    ? `${account.field} ••${account.value.slice(-4)}`
    : `phone ••${row.phone.slice(-4)}`;
  return {
    key: `abroad:${plainName(row.full_name)}|${row.country}|${where}`,
    label: `${row.full_name} (${row.country}, ${masked})`,
    account,
  };
}

/** One recipient paid by many unrelated senders within the window. */
async function manySenders(
  db: Database,
  th: RuleThresholds['many_senders_one_recipient'],
  transfer: WatchedTransfer,
): Promise<NewHit[]> {
  const windowMs = th.windowDays * DAY_MS;
  const to = transfer.created_at;
  const from = new Date(to.getTime() - windowMs);
  let recipient: Recipient;
  let payments: WatchedTransfer[];
  if ((WALLET_TO_WALLET_KINDS as readonly string[]).includes(transfer.kind)) {
    const userId = transfer.counterparty_user_id;
    if (!userId) return [];
    const user = await userOf(db, userId);
    if (!user) return [];
    recipient = { key: `user:${userId}`, label: `${user.name} (@${user.username})`, userId };
    payments = await walletPaymentsTo(db, userId, from, to);
  } else if (transfer.kind === 'remittance') {
    const recipientId = transfer.metadata.recipientId;
    if (typeof recipientId !== 'string') return [];
    const saved = await recipientById(db, recipientId);
    if (!saved) return [];
    const mine = abroadKey(saved as RecipientRow & typeof saved);
    const candidates = await remittancesToRecipient(
      db,
      {
        country: saved.country,
        phone: saved.phone,
        field: mine.account?.field ?? null,
        account: mine.account?.value ?? null,
      },
      from,
      to,
    );
    recipient = { key: mine.key, label: mine.label, userId: null };
    payments = candidates.filter((c) => abroadKey(c).key === mine.key).map((c) => c.transfer);
  } else {
    return [];
  }
  const totalCents = payments.reduce((sum, t) => sum + t.amount_cents, 0);
  const senders = [...new Set(payments.map((t) => t.user_id))];
  if (senders.length < th.minUnrelatedSenders || totalCents < th.minTotalCents) return [];
  const unrelated = await unrelatedGroups(db, senders);
  if (unrelated < th.minUnrelatedSenders) return [];
  return [
    {
      rule_code: 'many_senders_one_recipient',
      user_id: recipient.userId,
      subject: recipient.key,
      window_start: windowOf(to, windowMs),
      transfer_ids: payments.slice(-100).map((t) => t.id),
      reason:
        `${recipient.label} was paid ${usd(totalCents)} by ${unrelated} unrelated senders ` +
        `(${senders.length} in all) within ${th.windowDays} days (fires at ` +
        `${th.minUnrelatedSenders} unrelated senders and ${usd(th.minTotalCents)}).`,
      figures: {
        recipient: recipient.label,
        totalCents,
        senders: senders.length,
        unrelatedSenders: unrelated,
        ...th,
      },
    },
  ];
}

/**
 * How many groups of related senders there are: two senders are related when they share a home
 * (street and ZIP) or have ever paid each other wallet to wallet (a household, friends who split
 * bills), so a family sending home together counts once.
 */
async function unrelatedGroups(db: Database, senders: string[]): Promise<number> {
  const parent = new Map(senders.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  const homes = new Map<string, string>();
  for (const home of await homesOf(db, senders)) {
    if (!home.address_street || !home.address_postal_code) continue;
    const key = `${plainName(home.address_street)}|${home.address_postal_code.slice(0, 5)}`;
    const other = homes.get(key);
    if (other) join(home.id, other);
    else homes.set(key, home.id);
  }
  for (const pair of await pairsThatPaidEachOther(db, senders)) {
    if (pair.counterparty_user_id) join(pair.user_id, pair.counterparty_user_id);
  }
  return new Set(senders.map(find)).size;
}

/** A change of phone, e-mail or password, then a large amount sent within hours of it. */
async function credentialChange(
  db: Database,
  th: RuleThresholds['credential_change_then_send'],
  transfer: WatchedTransfer,
): Promise<NewHit[]> {
  const withinMs = th.withinHours * HOUR_MS;
  // The changes are stamped by the database's clock, and so is a transfer's time-ordered id.
  const to = uuidV7Time(transfer.id);
  const changes = await accountChangesBetween(
    db,
    transfer.user_id,
    new Date(to.getTime() - withinMs),
    to,
  );
  const first = changes[0];
  if (!first) return [];
  // From the first change of a burst (a phone, then the e-mail): one hit for the burst.
  const end = new Date(Math.min(to.getTime(), first.changed_at.getTime() + withinMs));
  const sent = await outgoingMadeBetween(db, transfer.user_id, first.changed_at, end);
  const sentCents = sent.reduce((sum, t) => sum + t.amount_cents, 0);
  if (sentCents < th.largeSendCents) return [];
  const fields = [...new Set(changes.map((c) => c.field))];
  return [
    {
      rule_code: 'credential_change_then_send',
      user_id: transfer.user_id,
      subject: `user:${transfer.user_id}`,
      window_start: first.changed_at,
      transfer_ids: sent.map((t) => t.id),
      reason:
        `${fields.join(', ')} changed at ${first.changed_at.toISOString()}; ${usd(sentCents)} sent ` +
        `within ${th.withinHours} hours after it (fires at ${usd(th.largeSendCents)}).`,
      figures: { fields, changedAt: first.changed_at.toISOString(), sentCents, ...th },
    },
  ];
}
