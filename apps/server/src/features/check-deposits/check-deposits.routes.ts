import {
  CHECK_IMAGE_MAX_BYTES,
  checkDepositLimitsSchema,
  checkDepositListSchema,
  checkDepositParams,
  checkDepositSchema,
  checkDepositSideParams,
  confirmCheckDepositBody,
  createCheckDepositBody,
  listCheckDepositsQuery,
} from '@pago/shared/contracts/check-deposits';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { CheckDepositRow, CheckDeposits, DepositOutcome } from './check-deposits.service';

const tags = ['Check deposits'];

export type CheckDepositRouteDeps = { checkDeposits: CheckDeposits; accounts: Accounts };

/** What a JPEG or PNG file starts with (its magic bytes): a body that says so and is not, is 400. */
const IMAGE_MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) =>
    b.length > 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
};

/** The image of one side, checked: JPEG or PNG by type and by content, at most the limit. */
function imageOf(contentType: string | undefined, body: unknown): Buffer {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const matches = IMAGE_MAGIC[type];
  if (!matches || !Buffer.isBuffer(body)) {
    throw new AppError('invalid_image', 400, 'Send the photo as image/jpeg or image/png.');
  }
  if (body.length > CHECK_IMAGE_MAX_BYTES) {
    throw new AppError(
      'image_too_large',
      400,
      `The photo is over ${CHECK_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
      { maxBytes: CHECK_IMAGE_MAX_BYTES },
    );
  }
  if (!matches(body)) {
    throw new AppError('invalid_image', 400, 'The body is not a JPEG or PNG image.');
  }
  return body;
}

/**
 * Mobile check deposits: create (money POST), both sides' images (the image's bytes as the
 * request body, `image/jpeg` or `image/png`), confirm (money POST), the user's list and each one.
 */
export async function checkDepositRoutes(
  app: AppInstance,
  { checkDeposits, accounts }: CheckDepositRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });
  // Within this plugin only: an image body is read as its bytes (up to a little over the limit,
  // so a photo just over it is our 400, not the server's 413); any other type is kept as nothing
  // and refused by the route as 400.
  const bodyLimit = CHECK_IMAGE_MAX_BYTES + 1024 * 1024;
  app.addContentTypeParser(
    ['image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, _body, done) =>
    done(null, null),
  );

  app.get(
    '/api/check-deposits/limits',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'Check deposit limits (per check, what is left today and this month) and when a check confirmed now is available',
        ),
        response: { 200: checkDepositLimitsSchema, ...errorResponses },
      },
    },
    async (request) => checkDeposits.limits(currentUser(request).userId),
  );
  app.get(
    '/api/check-deposits',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('The user’s check deposits, newest first'),
        querystring: listCheckDepositsQuery,
        response: { 200: checkDepositListSchema, ...errorResponses },
      },
    },
    async (request) => checkDeposits.list(currentUser(request).userId, request.query),
  );
  app.get(
    '/api/check-deposits/:id',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('One check deposit: its status, why it was rejected, when it is available'),
        params: checkDepositParams,
        response: { 200: checkDepositSchema, ...errorResponses },
      },
    },
    async (request) => checkDeposits.get(currentUser(request).userId, request.params.id),
  );
  app.put(
    '/api/check-deposits/:id/:side',
    {
      preValidation: [requireUser(accounts), requireVerifiedIdentity()],
      bodyLimit,
      schema: {
        ...signedIn(
          'One side of the check (front or back): the photo’s bytes as the body, image/jpeg or image/png, up to 10 MB',
        ),
        params: checkDepositSideParams,
        response: { 200: checkDepositSchema, ...errorResponses },
      },
    },
    async (request) => {
      const image = imageOf(request.headers['content-type'], request.body);
      return checkDeposits.upload(
        currentUser(request).userId,
        request.params.id,
        request.params.side,
        image,
      );
    },
  );

  // Reserve → commit → call the partner (no transaction open) → settle (`runPhased`).
  moneyPost(
    app,
    accounts,
    '/api/check-deposits',
    {
      summary: 'Start a check deposit of an amount (then its two photos, then confirm)',
      tags,
      body: createCheckDepositBody,
      response: { status: 201, schema: checkDepositSchema },
    },
    {
      phases: ({ userId, body, key }) => ({
        prepare: () => checkDeposits.prepareCreate(userId),
        reserve: (tx: Database, unitAccountId: string) =>
          checkDeposits.reserveCreate(tx, userId, unitAccountId, body),
        call: (row: CheckDepositRow) => checkDeposits.callCreate(row, key),
        settle: async (tx: Database, row: CheckDepositRow, outcome: DepositOutcome) => ({
          statusCode: 201,
          body: await checkDeposits.settleCreate(tx, row, outcome),
        }),
      }),
    },
  );
  moneyPost(
    app,
    accounts,
    '/api/check-deposits/:id/confirm',
    {
      summary:
        'Confirm a check deposit with both photos: the bank reviews it; pending until it is available',
      tags,
      params: checkDepositParams,
      body: confirmCheckDepositBody,
      response: { status: 200, schema: checkDepositSchema },
    },
    {
      phases: ({ userId, params }) => ({
        prepare: () => checkDeposits.prepareConfirm(userId, params.id),
        reserve: (tx: Database, row: CheckDepositRow) =>
          checkDeposits.reserveConfirm(tx, userId, row),
        call: (row: CheckDepositRow) => checkDeposits.callConfirm(row),
        settle: async (tx: Database, row: CheckDepositRow, outcome: DepositOutcome) => ({
          statusCode: 200,
          body: await checkDeposits.settleConfirm(tx, row, outcome),
        }),
      }),
    },
  );
}
