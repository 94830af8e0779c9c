import type { z } from 'zod';
import type { unitAtmLocation, unitStoreLocation } from './unit-schemas';
import { toTransaction, type UnitTransport } from './unit-transport';
import type {
  UnitAtmLocation,
  UnitCashBarcode,
  UnitStoreLocation,
  UnitTransaction,
} from './unit-types';

type Resource = Parameters<typeof toTransaction>[0];

/**
 * Cash at stores and ATMs near a place: the stores that take a barcode cash deposit
 * (`GET /store-locations`), a customer's barcode for one of them (`POST /cash-deposits/barcodes`),
 * in-network ATMs (`GET /atm-locations`, the SDK's atmLocations), and the fake's cash payment at a
 * register (sandbox only). The SDK has no cash deposit resource: those go through documented REST.
 * docs/unit-cash-and-atms.md says what is whose.
 */
export function unitCashCalls(transport: UnitTransport) {
  const { unit, read, rest, call } = transport;
  return {
    /** Stores that take a barcode cash deposit, nearest first. */
    async listStoreLocations(
      postalCode: string,
      page: { limit: number; offset: number },
    ): Promise<UnitStoreLocation[]> {
      const query = new URLSearchParams({
        'filter[postalCode]': postalCode,
        'filter[serviceType]': 'Barcode',
        'page[limit]': String(page.limit),
        'page[offset]': String(page.offset),
      });
      const answer = await call(() =>
        rest('listStoreLocations', 'get', `/store-locations?${query}`),
      );
      return answer.data.map(toStoreLocation);
    },

    /** The customer's barcode for one store, to be scanned at its register until it expires. */
    async generateCashDepositBarcode(input: {
      accountId: string;
      customerId: string;
      storeId: string;
    }): Promise<UnitCashBarcode> {
      const answer = await call(() =>
        rest('generateCashDepositBarcode', 'post', '/cash-deposits/barcodes', {
          data: {
            type: 'cashDepositBarcode',
            attributes: { storeId: input.storeId },
            relationships: {
              account: { data: { type: 'account', id: input.accountId } },
              customer: { data: { type: 'customer', id: input.customerId } },
            },
          },
        }),
      );
      const { attributes, relationships } = answer.data;
      return {
        barcodeNumber: attributes.barcodeNumber,
        expiration: attributes.expiration,
        accountId: relationships.account.data.id,
        customerId: relationships.customer.data.id,
      };
    },

    /** ATMs near a postal code, nearest first (the SDK's atmLocations.list). */
    async listAtmLocations(postalCode: string, searchRadius?: number): Promise<UnitAtmLocation[]> {
      const answer = read(
        'listAtmLocations',
        await call(() =>
          unit().atmLocations.list({ postalCode, ...(searchRadius ? { searchRadius } : {}) }),
        ),
      );
      return answer.data.map(toAtmLocation);
    },

    /** The fake's payment at a store's register with a barcode (sandbox mode only). */
    async simulateCashDepositInSandbox(
      barcodeNumber: string,
      amount: number,
    ): Promise<UnitTransaction> {
      const answer = await call(() =>
        rest('simulateCashDeposit', 'post', '/sandbox/cash-deposits', {
          data: { type: 'cashDeposit', attributes: { barcodeNumber, amount } },
        }),
      );
      return toTransaction(answer.data as Resource);
    },
  };
}

function toStoreLocation(r: z.infer<typeof unitStoreLocation>): UnitStoreLocation {
  const a = r.attributes;
  return {
    storeId: a.storeId,
    retailerName: a.retailerName,
    phone: a.phone,
    street: a.address.street,
    city: a.address.city,
    state: a.address.state,
    postalCode: a.address.postalCode,
    latitude: a.coordinates.latitude,
    longitude: a.coordinates.longitude,
    distance: a.distance,
  };
}

function toAtmLocation(r: z.infer<typeof unitAtmLocation>): UnitAtmLocation {
  const a = r.attributes;
  return {
    network: a.network,
    locationName: a.locationName,
    street: a.address.street,
    city: a.address.city,
    state: a.address.state,
    postalCode: a.address.postalCode,
    latitude: a.coordinates.latitude,
    longitude: a.coordinates.longitude,
    distance: a.distance,
    surchargeFree: a.surchargeFree,
    acceptDeposits: a.acceptDeposits,
  };
}
