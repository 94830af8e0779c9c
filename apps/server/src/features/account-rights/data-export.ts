import { Readable } from 'node:stream';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatSortableDateTime } from '@pago/shared/time-zones';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/database';
import { listTransfersOf } from '../activity/activity.repository';
import { type Activity, csvRowsOf } from '../activity/activity.service';
import { csvField, csvHeader, csvLine } from '../activity/activity-csv';
import { deviceName } from '../notifications/device-name';
import { EXPORT_WORDS, type ExportLanguage } from './data-export-words';

/** How many rows a page of a long list (transfers, notifications) reads at once. */
const PAGE = 500;

/** A column of an exported table: its JSON key, its CSV header in each language, its value. */
type Column<Row> = {
  key: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
};

type Table<Row> = {
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

/** Any run of 5 or more digits keeps only its last 4 ("•••• 6789"): account and card numbers. */
export function maskDigits(value: string): string {
  return value.replace(/\d{5,}/g, (digits) => `•••• ${digits.slice(-4)}`);
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** A table as JSON: an array, one object a line, written as the rows come. */
async function* jsonOf<Row>(table: Table<Row>): AsyncGenerator<Buffer> {
  yield utf8('[');
  let first = true;
  for await (const row of table.rows()) {
    const entry: Record<string, unknown> = {};
    for (const column of table.columns) {
      const value = column.value(row);
      entry[column.key] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    yield utf8(`${first ? '\n' : ',\n'}${JSON.stringify(entry)}`);
    first = false;
  }
  yield utf8('\n]\n');
}

/**
 * A table as CSV in the user's language, times on their wall clock with the zone named in the
 * header, every field through the activity CSV's `csvField` (quoted, formulas defused). A BOM
 * first, so that spreadsheets read the accents as UTF-8.
 */
async function* csvOf<Row>(table: Table<Row>, context: ExportContext): AsyncGenerator<Buffer> {
  const words = EXPORT_WORDS[context.language];
  const headers = words.columns as Record<string, string>;
  yield utf8(`\uFEFF${table.columns.map((c) => csvField(headers[c.key] ?? c.key)).join(',')}\r\n`);
  for await (const row of table.rows()) {
    const line = table.columns.map((column) => {
      const value = column.value(row);
      const text =
        value instanceof Date
          ? formatSortableDateTime(value, context.timeZone)
          : typeof value === 'boolean'
            ? value
              ? words.yes
              : words.no
            : value === null || value === undefined
              ? ''
              : String(value);
      return csvField(text);
    });
    yield utf8(`${line.join(',')}\r\n`);
  }
}

async function* once<Row>(load: () => Promise<Row[]>): AsyncGenerator<Row> {
  for (const row of await load()) yield row;
}

/** Transfers as the user's activity shows them, newest first, page by page. */
async function* transfersOf(context: ExportContext): AsyncGenerator<Transfer> {
  let before: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listTransfersOf(context.db, context.userId, { before, limit: PAGE });
    for (const t of await context.activity.view(rows, context.userId)) yield t;
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return;
    before = { createdAt: last.created_at, id: last.id };
  }
}

async function* transfersJson(context: ExportContext): AsyncGenerator<Buffer> {
  yield utf8('[');
  let first = true;
  for await (const t of transfersOf(context)) {
    yield utf8(`${first ? '\n' : ',\n'}${JSON.stringify(t)}`);
    first = false;
  }
  yield utf8('\n]\n');
}

/** The activity CSV's own lines (same columns, words and zone as "Descargar CSV" in activity). */
async function* transfersCsv(context: ExportContext): AsyncGenerator<Buffer> {
  yield utf8(`\uFEFF${csvHeader(context.language, context.timeZone)}\r\n`);
  for await (const t of transfersOf(context)) {
    for (const line of csvRowsOf(t)) {
      yield utf8(`${csvLine(line, context.language, context.timeZone)}\r\n`);
    }
  }
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

function tables(context: ExportContext) {
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

async function profileRow(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'name',
      'username',
      'email',
      'phone',
      'phone_verified',
      'address',
      'zip_code',
      'language',
      'time_zone',
      'legal_name',
      'legal_birth_date',
      'verification_service',
      'two_step_enabled_at',
      'terms_version',
      'terms_accepted_at',
      'created_at',
      'closed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function bankRows(db: Database, userId: string) {
  const linked = await db
    .selectFrom('plaid_accounts as a')
    .innerJoin('plaid_items as i', 'i.id', 'a.item_id')
    .select(['i.institution_name', 'a.name', 'a.mask', 'i.status', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .execute();
  const own = await db
    .selectFrom('bank_accounts')
    .select(['account_number', 'routing_number', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  return [
    ...own.map((r) => ({
      kind: 'pago' as const,
      institution: `Pago (${r.routing_number})`,
      account: 'Pago',
      number: r.account_number,
      status: null,
      created_at: r.created_at,
    })),
    ...linked.map((r) => ({
      kind: 'linked' as const,
      institution: r.institution_name,
      account: r.name,
      number: r.mask ? `•••• ${r.mask}` : null,
      status: r.status,
      created_at: r.created_at,
    })),
  ];
}

/** A recipient's payout fields (bank account, wallet number), each masked to its last 4 digits. */
function payoutAccount(details: unknown): string {
  const fields =
    details && typeof details === 'object' && 'fields' in details
      ? (details as { fields: Record<string, string> }).fields
      : {};
  return Object.entries(fields)
    .map(([name, value]) => `${name}: ${maskDigits(String(value))}`)
    .join('; ');
}

function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function lazy(zip: ZipFile, name: string, mtime: Date, source: () => AsyncIterable<Buffer>) {
  zip.addReadStreamLazy(name, { mtime }, (callback) => {
    const stream = Readable.from(source(), { objectMode: false });
    stream.on('error', (error) => (zip.outputStream as Readable).destroy(error));
    callback(null, stream);
  });
}

/**
 * The user's data as a ZIP stream: each table as JSON and CSV, the transfers as the activity's
 * own, and a README in the user's language that says what each file is and what is left out and
 * why. Files are read one after another as the ZIP is written (yazl reads a lazy entry only when
 * it reaches it), and long lists page by page: nothing is held whole.
 */
export function dataExportZip(context: ExportContext): Readable {
  const zip = new ZipFile();
  const words = EXPORT_WORDS[context.language];
  const mtime = context.now;
  zip.addBuffer(utf8(words.readme), words.readmeName, { mtime });
  lazy(zip, 'transfers.json', mtime, () => transfersJson(context));
  lazy(zip, 'transfers.csv', mtime, () => transfersCsv(context));
  for (const table of tables(context) as Table<unknown>[]) {
    lazy(zip, `${table.name}.json`, mtime, () => jsonOf(table));
    lazy(zip, `${table.name}.csv`, mtime, () => csvOf(table, context));
  }
  zip.end();
  return zip.outputStream as Readable;
}
