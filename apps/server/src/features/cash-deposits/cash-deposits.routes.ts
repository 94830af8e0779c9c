import {
  atmListSchema,
  atmsQuery,
  barcodeQuery,
  cashBarcodeSchema,
  cashDepositListSchema,
  cashDepositSchema,
  cashDepositsQuery,
  cashStoresSchema,
  storesQuery,
} from '@pago/shared/contracts/cash-deposits';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import type { CashDeposits } from './cash-deposits.service';

const tags = ['Cash deposits'];
const depositParams = z.strictObject({ id: z.uuid() });

/** What the cash deposit routes use, passed in by the wiring (app-routes.ts). */
export type CashDepositsRouteDeps = { cashDeposits: CashDeposits; accounts: Accounts };

/** Cash at stores with a barcode, the user's cash deposits, and in-network ATMs near a ZIP. */
export async function cashDepositsRoutes(
  app: AppInstance,
  { cashDeposits, accounts }: CashDepositsRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/cash-deposits/stores',
    {
      preValidation,
      schema: {
        ...signedIn('Stores near a ZIP code that take cash with the Pago barcode, nearest first'),
        querystring: storesQuery,
        response: { 200: cashStoresSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await cashDeposits.stores(request.query.postalCode) }),
  );
  app.get(
    '/api/cash-deposits/barcode',
    {
      // The barcode pays cash into the user's account at the partner: verified identities only.
      preValidation: [preValidation, requireVerifiedIdentity()],
      schema: {
        ...signedIn(
          'The barcode to show at a store’s register (a fresh one once it expires); opens the bank account on first use',
        ),
        querystring: barcodeQuery,
        response: { 200: cashBarcodeSchema, ...errorResponses },
      },
    },
    async (request) => cashDeposits.barcode(currentUser(request).userId, request.query.storeId),
  );
  app.get(
    '/api/cash-deposits',
    {
      preValidation,
      schema: {
        ...signedIn('Your cash deposits, newest first, with this month’s free cash left'),
        querystring: cashDepositsQuery,
        response: { 200: cashDepositListSchema, ...errorResponses },
      },
    },
    async (request) => cashDeposits.list(currentUser(request).userId, request.query),
  );
  app.get(
    '/api/cash-deposits/:id',
    {
      preValidation,
      schema: {
        ...signedIn('One of your cash deposits'),
        params: depositParams,
        response: { 200: cashDepositSchema, ...errorResponses },
      },
    },
    async (request) => cashDeposits.get(currentUser(request).userId, request.params.id),
  );
  app.get(
    '/api/cards/atms',
    {
      preValidation,
      schema: {
        summary: 'In-network ATMs near a ZIP code (no ATM owner surcharge), nearest first',
        tags: ['Cards'],
        security: bearerAuth,
        querystring: atmsQuery,
        response: { 200: atmListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await cashDeposits.atms(request.query.postalCode) }),
  );
}
