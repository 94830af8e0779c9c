import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  markIdentityVerified,
  signUp,
  type TestUser,
} from '../../../test/accounts-helpers';
import { unitFake } from '../../../test/banking-helpers';
import { moneyPost } from '../../../test/money-helpers';
import { verifyPhone } from '../../../test/phone-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The Unit SDK reaches the Unit fake over HTTP.
  app = await buildTestApp(db, {}, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const home = {
  street: '1200 Brickell Ave',
  street2: 'Apt 4B',
  city: 'Miami',
  state: 'FL',
  postalCode: '33131-1234',
};

const putAddress = (user: { token: string }, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/address',
    headers: bearer(user.token),
    payload: payload as object,
  });
const putProfile = (user: TestUser, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(user.token),
    payload: { name: 'Ana López', username: user.username, email: user.email, ...payload },
  });
const getProfile = async (user: { token: string }) =>
  (
    await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(user.token) })
  ).json();

describe('PUT /api/user/address', () => {
  it('keeps the parts, writes the one-line address from them, and the ZIP code follows', async () => {
    const ana = await signUp(app, { zipCode: '10001' });
    expect(await getProfile(ana)).toMatchObject({ address: null, homeAddress: null });
    const answer = await putAddress(ana, home);
    expect(answer.statusCode).toBe(200);
    const expected = {
      address: '1200 Brickell Ave, Apt 4B, Miami, FL 33131-1234',
      homeAddress: home,
      zipCode: '33131',
    };
    expect(answer.json()).toMatchObject(expected);
    expect(await getProfile(ana)).toMatchObject(expected);
    // No second line: blank is none.
    const plain = await putAddress(ana, { ...home, street2: '  ' });
    expect(plain.json()).toMatchObject({
      address: '1200 Brickell Ave, Miami, FL 33131-1234',
      homeAddress: { ...home, street2: null },
    });
  });

  it('keeps a foreign postal code (the Persona route) as it is', async () => {
    const beto = await signUp(app, { zipCode: 'C1425DKF' });
    expect((await putAddress(beto, home)).json()).toMatchObject({ zipCode: 'C1425DKF' });
  });

  it.each([
    ['a PO box', { street: 'PO Box 77' }],
    ['an unknown state', { state: 'ZZ' }],
    ['a military state', { state: 'AP' }],
    ['a short ZIP code', { postalCode: '3313' }],
    ['a missing city', { city: undefined }],
    ['an extra field', { country: 'US' }],
    ['a number for a street', { street: 12 }],
  ])('refuses %s with 400 and changes nothing', async (_label, change) => {
    const ana = await signUp(app);
    await putAddress(ana, home);
    const answer = await putAddress(ana, { ...home, ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('validation_failed');
    expect((await getProfile(ana)).homeAddress).toEqual(home);
  });

  it('needs a session and changes only the caller’s own address', async () => {
    expect((await putAddress({ token: 'A'.repeat(43) }, home)).statusCode).toBe(401);
    const ana = await signUp(app);
    const beto = await signUp(app);
    await putAddress(beto, { ...home, street: '9 Elm Rd' });
    await putAddress(ana, home);
    expect((await getProfile(beto)).homeAddress).toEqual({ ...home, street: '9 Elm Rd' });
    expect((await getProfile(ana)).homeAddress).toEqual(home);
  });
});

describe('the address through PUT /api/user/profile', () => {
  it('takes homeAddress, refuses a US ZIP code that is not its ZIP, and null clears it', async () => {
    const ana = await signUp(app);
    const saved = await putProfile(ana, { homeAddress: home, zipCode: '33131' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ homeAddress: home, zipCode: '33131' });
    const mismatch = await putProfile(ana, { homeAddress: home, zipCode: '10001' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.fields).toContainEqual(
      expect.objectContaining({ path: 'zipCode' }),
    );
    const cleared = await putProfile(ana, { homeAddress: null });
    expect(cleared.json()).toMatchObject({ homeAddress: null, address: null, zipCode: '33131' });
  });

  it('reads the spec’s one-line address into parts when it is a US address, else keeps the line', async () => {
    const ana = await signUp(app);
    const read = await putProfile(ana, { address: '9 Elm Rd, Austin, TX 78701', zipCode: '78701' });
    expect(read.json()).toMatchObject({
      address: '9 Elm Rd, Austin, TX 78701',
      homeAddress: { street: '9 Elm Rd', street2: null, city: 'Austin', state: 'TX' },
    });
    const abroad = await putProfile(ana, { address: 'Calle 1 #23, San Salvador' });
    expect(abroad.json()).toMatchObject({
      address: 'Calle 1 #23, San Salvador',
      homeAddress: null,
    });
    // A line whose ZIP disagrees with the ZIP code sent beside it is kept as typed, unread.
    const disagree = await putProfile(ana, {
      address: '9 Elm Rd, Austin, TX 78701',
      zipCode: '10001',
    });
    expect(disagree.json()).toMatchObject({ homeAddress: null, zipCode: '10001' });
  });
});

describe('opening the bank account needs the address', () => {
  it('refuses without one (address_required), then opens with it and sends Unit the parts', async () => {
    const ana = await signUp(app, { name: 'Ana López' });
    await markIdentityVerified(db, ana.id);
    await db
      .updateTable('users')
      .set({
        address: null,
        address_street: null,
        address_city: null,
        address_state: null,
        address_postal_code: null,
      })
      .where('id', '=', ana.id)
      .execute();
    const refused = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'address_required',
      details: { field: 'homeAddress' },
    });
    expect(await db.selectFrom('bank_accounts').where('user_id', '=', ana.id).execute()).toEqual(
      [],
    );

    await putAddress(ana, home);
    const opened = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(opened.statusCode).toBe(201);
    const account = await db
      .selectFrom('bank_accounts')
      .select('unit_application_id')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    const application = await unitFake(app, 'GET', `/applications/${account.unit_application_id}`);
    expect(application.json().data.attributes.address).toEqual({ ...home, country: 'US' });
  });
});

describe('opening the bank account needs a phone', () => {
  it('refuses without one (phone_required), then opens once it is verified and sends Unit its parts', async () => {
    const ana = await signUp(app, { name: 'Ana López' });
    await markIdentityVerified(db, ana.id);
    await db.updateTable('users').set({ phone: null }).where('id', '=', ana.id).execute();
    const refused = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'phone_required',
      details: { field: 'phone' },
    });
    expect(await db.selectFrom('bank_accounts').where('user_id', '=', ana.id).execute()).toEqual(
      [],
    );

    await verifyPhone(app, ana, '+17135550123');
    const opened = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(opened.statusCode).toBe(201);
    const account = await db
      .selectFrom('bank_accounts')
      .select('unit_application_id')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    const application = await unitFake(app, 'GET', `/applications/${account.unit_application_id}`);
    expect(application.json().data.attributes.phone).toEqual({
      countryCode: '1',
      number: '7135550123',
    });
  });
});

describe('the Unit fake checks an application’s address as Unit documents it', () => {
  const application = (address: Record<string, unknown>) => ({
    type: 'individualApplication',
    attributes: {
      fullName: { first: 'Ana', last: 'López' },
      dateOfBirth: '1990-04-12',
      email: 'ana@example.com',
      phone: { countryCode: '1', number: '3055550123' },
      address,
    },
  });
  const unitHome = { ...home, country: 'US' };

  it('accepts a US address with or without a second line', async () => {
    for (const address of [unitHome, { ...unitHome, street2: undefined }]) {
      const answer = await unitFake(app, 'POST', '/applications', application(address));
      expect(answer.statusCode).toBe(201);
    }
  });

  it.each([
    ['no street', { street: undefined }],
    ['an empty city', { city: '' }],
    ['no state', { state: undefined }],
    ['a state Unit does not know', { state: 'ZZ' }],
    ['a ZIP of 4 digits', { postalCode: '3313' }],
    ['a ZIP+4 without its dash', { postalCode: '331311234' }],
    ['an unknown field', { county: 'Miami-Dade' }],
  ])('refuses %s with Unit’s 400', async (_label, change) => {
    const answer = await unitFake(
      app,
      'POST',
      '/applications',
      application({ ...unitHome, ...change }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0]).toMatchObject({ status: '400' });
  });
});
