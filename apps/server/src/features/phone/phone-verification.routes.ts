import type { SendPhoneCodeResponse, VerifyPhoneResponse } from '@pago/shared/contracts/phone';
import { sendPhoneCodeBody, verifyPhoneBody } from '@pago/shared/contracts/phone';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from '../accounts/require-user';

export async function phoneVerificationRoutes(app: AppInstance): Promise<void> {
  const { accounts, phoneVerification } = app.services;
  const preHandler = [requireUser(accounts)];

  app.post(
    '/api/phone/send-code',
    { preHandler },
    async (request): Promise<SendPhoneCodeResponse> => {
      const body = sendPhoneCodeBody.parse(request.body);
      const { expiresInSeconds } = await phoneVerification.sendCode(
        currentUser(request).userId,
        body.phone,
        request.ip,
      );
      return { success: true, expiresInSeconds };
    },
  );

  app.post('/api/phone/verify', { preHandler }, async (request): Promise<VerifyPhoneResponse> => {
    const body = verifyPhoneBody.parse(request.body);
    await phoneVerification.verify(
      currentUser(request).userId,
      body.phone,
      body.code,
      request.ip,
      request.log,
    );
    return { success: true, verified: true, phone: body.phone };
  });
}
