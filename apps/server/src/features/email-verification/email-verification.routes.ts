import { sendVerificationBody, verifyCodeBody } from '@pago/shared/contracts/accounts';
import type { AppInstance } from '../../app';

export async function emailVerificationRoutes(app: AppInstance): Promise<void> {
  const { emailVerification } = app.services;

  app.post('/api/email/send-verification', async (request) => {
    const body = sendVerificationBody.parse(request.body);
    await emailVerification.sendCode(
      'email',
      { email: body.email, name: body.name, language: body.language ?? 'es' },
      request.ip,
    );
    return { success: true };
  });

  app.post('/api/email/verify-code', async (request) => {
    const body = verifyCodeBody.parse(request.body);
    await emailVerification.verifyEmailCode(body.email, body.code, request.ip);
    return { success: true, verified: true };
  });
}
