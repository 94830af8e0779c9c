import {
  sendPhoneCodeBody,
  sendPhoneCodeResponseSchema,
  verifyPhoneBody,
  verifyPhoneResponseSchema,
} from '@pago/shared/contracts/phone';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { PhoneVerification } from './phone-verification.service';

const tags = ['Accounts'];

/** What phone verification's routes use, passed in by the wiring (app.ts). */
export type PhoneVerificationRouteDeps = {
  accounts: Accounts;
  phoneVerification: PhoneVerification;
};

export async function phoneVerificationRoutes(
  app: AppInstance,
  { accounts, phoneVerification }: PhoneVerificationRouteDeps,
): Promise<void> {
  // Before the schema's validation: who you are is checked ahead of what you sent.
  const preValidation = requireUser(accounts);

  app.post(
    '/api/phone/send-code',
    {
      preValidation,
      schema: {
        summary: 'Text a six-digit code to this phone, for the signed-in user',
        tags,
        security: bearerAuth,
        body: sendPhoneCodeBody,
        response: { 200: sendPhoneCodeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { expiresInSeconds } = await phoneVerification.sendCode(
        currentUser(request).userId,
        request.body.phone,
        request.ip,
      );
      return { success: true as const, expiresInSeconds };
    },
  );

  app.post(
    '/api/phone/verify',
    {
      preValidation,
      schema: {
        summary: 'Check the texted code; on success the phone is the user’s, verified',
        tags,
        security: bearerAuth,
        body: verifyPhoneBody,
        response: { 200: verifyPhoneResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { phone, code } = request.body;
      await phoneVerification.verify(
        currentUser(request).userId,
        phone,
        code,
        request.ip,
        request.log,
      );
      return { success: true as const, verified: true as const, phone };
    },
  );
}
