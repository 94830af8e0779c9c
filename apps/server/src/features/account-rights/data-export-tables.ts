import type { Database } from '../../db/database';
import type { Activity } from '../activity/activity.service';
import { deviceName } from '../notifications/device-name';
import { bankRows, dollars, maskDigits, payoutAccount, profileRow } from './data-export-rows';
import { EXPORT_WORDS, type ExportLanguage } from './data-export-words';

/** How many rows a page of a long list (transfers, notifications) reads at once. */
export const PAGE = 500;

/** A column of an exported table: its JSON key, its CSV header in each language, its value. */
export type Column<Row> = {
  key: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
};

export type Table<Row> = {
  /** The file's name without extension; also the words' key. */
  name: keyof typeof EXPORT_WORDS.es.files;
  columns: Column<Row>[];
  /** Rows, read page by page: a long history is never held whole. */
  rows: () => AsyncIterable<Row>;
};

export type ExportContext = {
  db: Database;
  activity: Pick<Activity, 'view'>;
  userId: string;
  language: ExportLanguage;
  timeZone: string;
  now: Date;
};

export async function* once<Row>(load: () => Promise<Row[]>): AsyncGenerator<Row> {
  for (const row of await load()) yield row;
}

async function* notificationsOf(context: ExportContext) {
  let before: { at: Date; id: string } | undefined;
  for (;;) {
    let query = context.db
      .selectFrom('notifications')
      .select(['id', 'type', 'data', 'created_at', 'read_at'])
      .where('user_id', '=', context.userId);
    if (before) {
      const { at, id } = before;
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(at, id)));
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE)
      .execute();
    for (const row of rows) yield row;
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return;
    before = { at: last.created_at, id: last.id };
  }
}

/** The tables of the export besides the transfers, each with its columns and its rows. */
export function tables(context: ExportContext) {
  const { db, userId } = context;
  const profile: Table<Awaited<ReturnType<typeof profileRow>>> = {
    name: 'profile',
    rows: () => once(async () => [await profileRow(db, userId)]),
    columns: [
      { key: 'name', value: (r) => r.name },
      { key: 'username', value: (r) => r.username },
      { key: 'email', value: (r) => r.email },
      { key: 'phone', value: (r) => r.phone },
      { key: 'phoneVerified', value: (r) => r.phone_verified },
      { key: 'address', value: (r) => r.address },
      { key: 'zipCode', value: (r) => r.zip_code },
      { key: 'language', value: (r) => r.language },
      { key: 'timeZone', value: (r) => r.time_zone },
      { key: 'legalName', value: (r) => r.legal_name },
      { key: 'birthDate', value: (r) => r.legal_birth_date },
      { key: 'identityVerification', value: (r) => r.verification_service },
      { key: 'twoStepOn', value: (r) => r.two_step_enabled_at !== null },
      { key: 'termsVersion', value: (r) => r.terms_version },
      { key: 'termsAcceptedAt', value: (r) => r.terms_accepted_at },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'closedAt', value: (r) => r.closed_at },
    ],
  };
  const identity: Table<{
    provider: string;
    vendor_status: string;
    legal_name: string | null;
    birth_date: string | null;
    failure_reason: string | null;
    created_at: Date;
    updated_at: Date;
  }> = {
    name: 'identity',
    rows: () =>
      once(() =>
        db
          .selectFrom('identity_attempts')
          .select([
            'provider',
            'vendor_status',
            'legal_name',
            'birth_date',
            'failure_reason',
            'created_at',
            'updated_at',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
    columns: [
      { key: 'provider', value: (r) => r.provider },
      { key: 'status', value: (r) => r.vendor_status },
      { key: 'legalName', value: (r) => r.legal_name },
      { key: 'birthDate', value: (r) => r.birth_date },
      { key: 'failureReason', value: (r) => r.failure_reason },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'updatedAt', value: (r) => r.updated_at },
    ],
  };
  const requests: Table<{
    id: string;
    requester_id: string;
    other: string;
    amount_cents: number;
    note: string;
    status: string;
    created_at: Date;
    updated_at: Date;
  }> = {
    name: 'requests',
    rows: () =>
      once(() =>
        db
          .selectFrom('money_requests as r')
          .innerJoin('users as o', (join) =>
            join.on((eb) =>
              eb(
                'o.id',
                '=',
                eb
                  .case()
                  .when('r.requester_id', '=', userId)
                  .then(eb.ref('r.payer_id'))
                  .else(eb.ref('r.requester_id'))
                  .end(),
              ),
            ),
          )
          .select([
            'r.id',
            'r.requester_id',
            'o.name as other',
            'r.amount_cents',
            'r.note',
            'r.status',
            'r.created_at',
            'r.updated_at',
          ])
          .where((eb) => eb.or([eb('r.requester_id', '=', userId), eb('r.payer_id', '=', userId)]))
          .orderBy('r.created_at', 'desc')
          .execute(),
      ),
    columns: [
      { key: 'id', value: (r) => r.id },
      {
        key: 'direction',
        value: (r) =>
          EXPORT_WORDS[context.language][r.requester_id === userId ? 'askedByMe' : 'askedOfMe'],
      },
      { key: 'otherParty', value: (r) => r.other },
      { key: 'amountUsd', value: (r) => dollars(r.amount_cents) },
      { key: 'note', value: (r) => r.note },
      { key: 'status', value: (r) => r.status },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'updatedAt', value: (r) => r.updated_at },
    ],
  };
  const cards: Table<{
    type: string;
    status: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    daily_purchase_limit_cents: number;
    daily_withdrawal_limit_cents: number;
    shipping_address: string | null;
    created_at: Date;
    activated_at: Date | null;
    closed_at: Date | null;
  }> = {
    name: 'cards',
    rows: () =>
      once(() =>
        db
          .selectFrom('cards')
          .select([
            'type',
            'status',
            'last4',
            'exp_month',
            'exp_year',
            'daily_purchase_limit_cents',
            'daily_withdrawal_limit_cents',
            'shipping_address',
            'created_at',
            'activated_at',
            'closed_at',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .execute(),
      ),
    columns: [
      { key: 'type', value: (r) => r.type },
      { key: 'status', value: (r) => r.status },
      { key: 'number', value: (r) => `•••• ${r.last4}` },
      { key: 'expires', value: (r) => `${String(r.exp_month).padStart(2, '0')}/${r.exp_year}` },
      { key: 'dailyPurchaseLimitUsd', value: (r) => dollars(r.daily_purchase_limit_cents) },
      { key: 'dailyWithdrawalLimitUsd', value: (r) => dollars(r.daily_withdrawal_limit_cents) },
      { key: 'shippingAddress', value: (r) => r.shipping_address },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'activatedAt', value: (r) => r.activated_at },
      { key: 'closedAt', value: (r) => r.closed_at },
    ],
  };
  const notifications: Table<{
    type: string;
    data: unknown;
    created_at: Date;
    read_at: Date | null;
  }> = {
    name: 'notifications',
    rows: () => notificationsOf(context),
    columns: [
      { key: 'type', value: (r) => r.type },
      { key: 'details', value: (r) => JSON.stringify(r.data) },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'readAt', value: (r) => r.read_at },
    ],
  };
  const recipients: Table<{
    full_name: string;
    country: string;
    phone: string;
    payout_method: string;
    payer_name: string | null;
    payout_details: unknown;
    created_at: Date;
  }> = {
    name: 'recipients',
    rows: () =>
      once(() =>
        db
          .selectFrom('remittance_recipients')
          .select([
            'full_name',
            'country',
            'phone',
            'payout_method',
            'payer_name',
            'payout_details',
            'created_at',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
      ),
    columns: [
      { key: 'name', value: (r) => r.full_name },
      { key: 'country', value: (r) => r.country },
      { key: 'phone', value: (r) => r.phone },
      { key: 'payoutMethod', value: (r) => r.payout_method },
      { key: 'payer', value: (r) => r.payer_name },
      { key: 'payoutAccount', value: (r) => payoutAccount(r.payout_details) },
      { key: 'createdAt', value: (r) => r.created_at },
    ],
  };
  const linkedBanks: Table<{
    kind: 'linked' | 'pago';
    institution: string;
    account: string;
    number: string | null;
    status: string | null;
    created_at: Date;
  }> = {
    name: 'linked-banks',
    rows: () => once(() => bankRows(db, userId)),
    columns: [
      {
        key: 'kind',
        value: (r) => EXPORT_WORDS[context.language][r.kind === 'pago' ? 'pagoAccount' : 'linked'],
      },
      { key: 'institution', value: (r) => r.institution },
      { key: 'account', value: (r) => r.account },
      { key: 'number', value: (r) => (r.number ? maskDigits(r.number) : null) },
      { key: 'status', value: (r) => r.status },
      { key: 'createdAt', value: (r) => r.created_at },
    ],
  };
  const sessions: Table<{
    user_agent: string | null;
    sign_in_method: string | null;
    place: string | null;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
  }> = {
    name: 'sessions',
    rows: () =>
      once(() =>
        db
          .selectFrom('sessions')
          .select([
            'user_agent',
            'sign_in_method',
            'place',
            'created_at',
            'last_used_at',
            'expires_at',
            'revoked_at',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .limit(10_000)
          .execute(),
      ),
    columns: [
      { key: 'device', value: (r) => deviceName(r.user_agent ?? undefined) ?? r.user_agent },
      { key: 'method', value: (r) => r.sign_in_method },
      { key: 'place', value: (r) => r.place },
      { key: 'createdAt', value: (r) => r.created_at },
      { key: 'lastUsedAt', value: (r) => r.last_used_at },
      { key: 'expiresAt', value: (r) => r.expires_at },
      { key: 'endedAt', value: (r) => r.revoked_at },
    ],
  };
  return [profile, identity, requests, cards, notifications, recipients, linkedBanks, sessions];
}
