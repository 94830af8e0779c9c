import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runningEmbeddedUrl } from '../../apps/server/src/db/embedded-postgres';
import { baseUrl, dataDir } from './env';
import { latestCode, uniqueSuffix } from './mailbox';
import { nextSmsCode, smsTo } from './sms';

export type E2eUser = {
  name: string;
  username: string;
  email: string;
  phone: string;
  token: string;
};

/** A POST to the server's API as JSON; throws unless it answers 2xx. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Signs a user up through the API (the sign-up screens have their own tests) and, unless told
 * not to, verifies the phone by SMS as a person does, so money and requests sent to it arrive.
 */
export async function createUser(
  name: string,
  phone: string,
  zipCode = '10001',
  { verifyPhone = true }: { verifyPhone?: boolean } = {},
): Promise<E2eUser> {
  const suffix = uniqueSuffix();
  // A full name ("Ana Rivera") is the account holder's: its first word names the account.
  const handle = (name.split(' ')[0] ?? name).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const email = `${handle}.${suffix}@example.com`;
  const username = `${handle}_${suffix}`;
  await freshNetwork();
  await post('/api/email/send-verification', { email, name });
  await post('/api/email/verify-code', { email, code: await latestCode(email) });
  const { token } = await post('/api/auth/signup', {
    name,
    email,
    username,
    phone,
    password: 'E2e-secret-pass-1',
    zipCode,
    emailVerified: true,
    // The terms version the checkbox accepts (packages/shared contracts/terms.ts).
    termsVersion: '2025-04-25',
  });
  if (verifyPhone) await verifyUserPhone(token, phone);
  return { name, username, email, phone, token };
}

/** Send the SMS code, read it from the sandbox SMS outbox, enter it. */
export async function verifyUserPhone(token: string, phone: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const before = (await smsTo(phone)).length;
  await post('/api/phone/send-code', { phone }, headers);
  await post('/api/phone/verify', { phone, code: await nextSmsCode(phone, before) }, headers);
}

/**
 * One statement in the server's embedded database, for a test's setup (not an API back door):
 * its rows.
 */
export async function serverQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir()) });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Every e2e person signs up from the same address (127.0.0.1), so the per-network limits (sign-ups,
 * e-mail and SMS codes, failed log-ins: meant for one network's people, not a whole suite's) are
 * cleared before each new person; the per-address, per-account and per-phone limits stay in force.
 * No spec tests a per-network limit (those are server tests).
 */
async function freshNetwork(): Promise<void> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir()) });
  await client.connect();
  try {
    await client.query(`delete from rate_limits where key like '%:ip:%'`);
  } finally {
    await client.end();
  }
}

/**
 * Marks the user's identity verified, the way the identity feature does, directly in the server's
 * embedded database: a test helper, not an API back door.
 */
export async function markVerified(user: E2eUser): Promise<void> {
  await serverQuery(`update users set kyc_status = 'completed' where email = $1`, [user.email]);
}

export async function addTestMoney(user: E2eUser, cents: number): Promise<void> {
  await post(
    '/api/wallet/test-deposit',
    { amount: cents },
    { authorization: `Bearer ${user.token}`, 'idempotency-key': randomUUID() },
  );
}

/**
 * Identity verified as the identity feature leaves it (status, the ID's name and birth date) and
 * a street address, straight in the server's database: a test helper, not an API back door.
 */
export async function verifiedForTheBank(user: E2eUser, legalName: string): Promise<void> {
  await serverQuery(
    `update users set kyc_status = 'completed', legal_name = $2, legal_birth_date = '1990-04-12',
         address = '1200 Brickell Avenue, Miami, FL 33131', address_street = '1200 Brickell Avenue',
         address_city = 'Miami', address_state = 'FL', address_postal_code = '33131'
       where email = $1`,
    [user.email, legalName],
  );
}

/**
 * A saved recipient in Mexico paid by the sandbox partner's bank (CLABE), through the API (the
 * form has its own tests): what a send to that phone abroad pays.
 */
export async function saveMexicanRecipient(
  user: E2eUser,
  phone: string,
  names: [string, string] = ['María', 'López'],
): Promise<string> {
  const response = await fetch(
    `${baseUrl()}/api/remittances/payers?country=MX&method=bank_deposit`,
    { headers: { authorization: `Bearer ${user.token}` } },
  );
  const { items } = (await response.json()) as { items: { id: string }[] };
  const saved = await post(
    '/api/recipients',
    {
      firstName: names[0],
      lastName: names[1],
      country: 'MX',
      phone,
      payout: {
        method: 'bank_deposit',
        payerId: items[0]?.id,
        fields: { clabe: '002115016003269411' },
      },
    },
    { authorization: `Bearer ${user.token}` },
  );
  return saved.id as string;
}
