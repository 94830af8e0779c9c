import { randomInt } from 'node:crypto';
import { CASH_DEPOSIT_LIMITS } from '@pago/shared/contracts/cash-deposits';
import { sql } from 'kysely';
import { z } from 'zod';
import { enqueueWebhook } from '../webhooks/outbox';
import { book, customerExists, lockAccounts, nextId } from './unit-fake.repository';
import { document, parseUnit, relationship, type UnitFake, unitError } from './unit-fake-api';
import { transactionResources } from './unit-transactions';

// Unit's cash deposits at stores (cash-deposit/*.json) and ATM locations (atm/*.json), with a
// fixed fictional catalog of places around a few postal codes (docs/unit-cash-and-atms.md).

/**
 * How long a barcode can be scanned (the fake's choice; Unit's answer carries its expiration). The
 * register takes what CASH_DEPOSIT_LIMITS allow an account (docs/unit-cash-and-atms.md).
 */
const BARCODE_TTL_MS = 7 * 24 * 3_600_000;

type Place = {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lng: number;
};

/** The postal codes the fake knows, with their centre. */
const AREAS: Record<string, Place> = {
  '10001': {
    street: '',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    lat: 40.7506,
    lng: -73.9972,
  },
  '33125': {
    street: '',
    city: 'Miami',
    state: 'FL',
    postalCode: '33125',
    lat: 25.7823,
    lng: -80.2341,
  },
  '33131': {
    street: '',
    city: 'Miami',
    state: 'FL',
    postalCode: '33131',
    lat: 25.7617,
    lng: -80.1918,
  },
  '90011': {
    street: '',
    city: 'Los Angeles',
    state: 'CA',
    postalCode: '90011',
    lat: 34.0073,
    lng: -118.2587,
  },
  '77036': {
    street: '',
    city: 'Houston',
    state: 'TX',
    postalCode: '77036',
    lat: 29.6989,
    lng: -95.5404,
  },
  '60608': {
    street: '',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60608',
    lat: 41.8488,
    lng: -87.6698,
  },
};

/** Fictional retailers (no real chain is named): the store id is `<area><n>`. */
const RETAILERS = [
  'Tienda Esquina',
  'Farmacia del Barrio',
  'Mercado La Estrella',
  'SuperAhorro 24',
];
const STREETS = ['Main St', 'Broadway', 'Central Ave', 'Market St', 'Oak St'];

/** A place `north` and `east` miles off an area's centre. */
function near(area: Place, north: number, east: number, n: number): Place {
  const lat = area.lat + north / 69;
  const lng = area.lng + east / (69 * Math.cos((area.lat * Math.PI) / 180));
  return { ...area, street: `${100 + n * 37} ${STREETS[n % STREETS.length]}`, lat, lng };
}
const OFFSETS: [number, number][] = [
  [0.2, 0.1],
  [-0.4, 0.3],
  [0.9, -0.6],
  [-1.5, -1.2],
];

const STORES = Object.entries(AREAS).flatMap(([zip, area]) =>
  RETAILERS.map((retailerName, n) => ({
    storeId: `${zip}${n + 1}`,
    retailerName,
    phone: `555${zip}${String(n).padStart(2, '0')}`,
    place: near(area, ...(OFFSETS[n] as [number, number]), n),
  })),
);
const ATMS = Object.entries(AREAS).flatMap(([, area]) => [
  {
    network: 'RedLibre',
    locationName: 'Tienda Esquina',
    surchargeFree: true,
    acceptDeposits: false,
    place: near(area, 0.1, -0.2, 1),
  },
  {
    network: 'RedLibre',
    locationName: 'Lavandería Sol',
    surchargeFree: true,
    acceptDeposits: true,
    place: near(area, -0.7, 0.5, 2),
  },
  {
    network: 'RedLibre',
    locationName: 'Farmacia del Barrio',
    surchargeFree: true,
    acceptDeposits: false,
    place: near(area, 1.1, 0.9, 3),
  },
  {
    network: 'OtraRed',
    locationName: 'Gasolinera Norte',
    surchargeFree: false,
    acceptDeposits: false,
    place: near(area, 0.5, -1.4, 4),
  },
]);

/** Miles between two points (haversine). */
function miles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(3958.8 * 2 * Math.asin(Math.sqrt(h)) * 100) / 100;
}
const address = (p: Place) => ({
  street: p.street,
  city: p.city,
  state: p.state,
  postalCode: p.postalCode,
  country: 'US',
});
const coordinates = (p: Place) => ({
  latitude: Number(p.lat.toFixed(6)),
  longitude: Number(p.lng.toFixed(6)),
});

const postalCode = z.string().regex(/^\d{5}$/);
const storesQuery = z.object({
  'filter[postalCode]': postalCode,
  'filter[serviceType]': z.enum(['Swipe', 'Barcode']).default('Swipe'),
  'page[limit]': z.coerce.number().int().min(1).max(1000).default(100),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const atmQuery = z.object({
  'filter[postalCode]': postalCode,
  'filter[searchRadius]': z.coerce.number().min(1).max(100).default(100),
});
const barcodeBody = z.object({
  data: z.object({
    type: z.literal('cashDepositBarcode'),
    attributes: z.object({ storeId: z.string().min(1).max(40) }),
    relationships: z.object({ account: relationship, customer: relationship }),
  }),
});
const paymentBody = z.object({
  data: z.object({
    type: z.literal('cashDeposit'),
    attributes: z.object({
      barcodeNumber: z.string().regex(/^\d{16}$/),
      amount: z.number().int().min(1),
    }),
  }),
});

/** What the account paid in at stores since `since` (its cashDepositTransactions). */
async function paidInSince(tx: Parameters<typeof book>[0], accountId: string, since: string) {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(amount), 0)::text as total from sandbox_unit_transactions
    where account_id = ${accountId} and type = 'cashDepositTransaction'
      and created_at >= (date_trunc(${since}, now() at time zone 'America/New_York') at time zone 'America/New_York')`.execute(
    tx,
  );
  return Number(rows[0]?.total ?? 0);
}

export function unitCashFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;

  app.get(`${base}/store-locations`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(storesQuery, request.query, reply);
    if (!query) return reply;
    const area = AREAS[query['filter[postalCode]']];
    // Every fictional store takes both a card swipe and a barcode.
    // The stores within 25 miles (the fake's search radius), nearest first.
    const found = area
      ? STORES.map((s) => ({ ...s, distance: miles(area, s.place) }))
          .filter((s) => s.distance <= 25)
          .sort((a, b) => a.distance - b.distance)
      : [];
    const page = found.slice(query['page[offset]'], query['page[offset]'] + query['page[limit]']);
    return document(
      reply,
      200,
      page.map((s) => ({
        type: 'storeLocation',
        attributes: {
          storeId: s.storeId,
          retailerName: s.retailerName,
          phone: s.phone,
          address: address(s.place),
          coordinates: coordinates(s.place),
          distance: s.distance,
        },
      })),
      {
        pagination: {
          total: found.length,
          limit: query['page[limit]'],
          offset: query['page[offset]'],
        },
      },
    );
  });

  app.get(`${base}/atm-locations`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(atmQuery, request.query, reply);
    if (!query) return reply;
    const area = AREAS[query['filter[postalCode]']];
    const found = area
      ? ATMS.map((a) => ({ ...a, distance: miles(area, a.place) }))
          .filter((a) => a.distance <= query['filter[searchRadius]'])
          .sort((a, b) => a.distance - b.distance)
      : [];
    return document(
      reply,
      200,
      found.map((a) => ({
        type: 'atmLocation',
        attributes: {
          network: a.network,
          locationName: a.locationName,
          coordinates: coordinates(a.place),
          address: address(a.place),
          distance: a.distance,
          surchargeFree: a.surchargeFree,
          acceptDeposits: a.acceptDeposits,
        },
      })),
    );
  });

  app.post(`${base}/cash-deposits/barcodes`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(barcodeBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const accountId = relationships.account.data.id;
    const customerId = relationships.customer.data.id;
    const store = STORES.find((s) => s.storeId === attributes.storeId);
    if (!store)
      return unitError(reply, 400, 'Bad Request', `store ${attributes.storeId} not found`);
    const account = await db
      .selectFrom('sandbox_unit_accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account || !(await customerExists(db, customerId)))
      return unitError(reply, 404, 'Not Found', `account ${accountId} not found`);
    if (account.customer_id !== customerId)
      return unitError(reply, 400, 'Bad Request', 'the account is not the customer’s');
    // A 16-digit number (Code 128 set C prints it as 8 symbols).
    const barcodeNumber = `4${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
    const expiresAt = new Date(Date.now() + BARCODE_TTL_MS);
    await db
      .insertInto('sandbox_unit_cash_barcodes')
      .values({
        barcode_number: barcodeNumber,
        account_id: accountId,
        customer_id: customerId,
        store_id: store.storeId,
        expires_at: expiresAt,
      })
      .execute();
    return document(reply, 201, {
      type: 'cashDepositBarcode',
      attributes: { barcodeNumber, expiration: expiresAt.toISOString() },
      relationships: {
        account: { data: { type: 'account', id: accountId } },
        customer: { data: { type: 'customer', id: customerId } },
      },
    });
  });

  // The fake's own: cash paid in at the store's register with a barcode (sandbox only). The
  // register refuses an expired barcode and what the network's limits do not take; the money
  // that is taken is booked on the account and `transaction.created` is sent.
  app.post(`${base}/sandbox/cash-deposits`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(paymentBody, request.body, reply);
    if (!body) return reply;
    const { barcodeNumber, amount } = body.data.attributes;
    const outcome = await db.transaction().execute(async (tx) => {
      const barcode = await tx
        .selectFrom('sandbox_unit_cash_barcodes')
        .selectAll()
        .where('barcode_number', '=', barcodeNumber)
        .executeTakeFirst();
      if (!barcode) return { status: 404 as const, detail: `barcode ${barcodeNumber} not found` };
      if (barcode.expires_at.getTime() <= Date.now())
        return { status: 400 as const, detail: 'The barcode has expired' };
      const account = (await lockAccounts(tx, [barcode.account_id])).get(barcode.account_id);
      if (!account) return { status: 404 as const, detail: 'account not found' };
      if (account.status !== 'Open')
        return { status: 400 as const, detail: 'The account is not open' };
      if (amount > CASH_DEPOSIT_LIMITS.perDeposit)
        return { status: 400 as const, detail: 'The amount is over the deposit limit' };
      if ((await paidInSince(tx, account.id, 'day')) + amount > CASH_DEPOSIT_LIMITS.perDay)
        return { status: 400 as const, detail: 'The amount is over the daily cash limit' };
      if ((await paidInSince(tx, account.id, 'month')) + amount > CASH_DEPOSIT_LIMITS.perMonth)
        return { status: 400 as const, detail: 'The amount is over the monthly cash limit' };
      const store = STORES.find((s) => s.storeId === barcode.store_id);
      const transactionId = await book(tx, account, {
        type: 'cashDepositTransaction',
        paymentId: null,
        amount,
        // The store's name, as Unit's summary of a cash deposit names where it was paid in.
        summary: store?.retailerName ?? 'Store',
      });
      await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
        data: [
          {
            id: await nextId(tx),
            type: 'transaction.created',
            attributes: {
              createdAt: new Date().toISOString(),
              summary: store?.retailerName ?? 'Store',
              direction: 'Credit',
              amount,
              balance: Number(account.balance),
              available: Number(account.balance) - Number(account.hold),
            },
            relationships: {
              transaction: { data: { type: 'cashDepositTransaction', id: transactionId } },
              account: { data: { type: 'depositAccount', id: account.id } },
              customer: { data: { type: 'customer', id: account.customer_id } },
            },
          },
        ],
      });
      const row = await tx
        .selectFrom('sandbox_unit_transactions')
        .selectAll()
        .where('id', '=', transactionId)
        .executeTakeFirstOrThrow();
      return { status: 201 as const, resource: (await transactionResources(tx, [row]))[0] };
    });
    if (outcome.status !== 201)
      return unitError(
        reply,
        outcome.status,
        outcome.status === 404 ? 'Not Found' : 'Bad Request',
        outcome.detail,
      );
    return document(reply, 201, outcome.resource);
  });
}
