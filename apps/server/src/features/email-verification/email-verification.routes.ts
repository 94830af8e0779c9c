import {
  sendVerificationBody,
  successResponseSchema,
  verifyCodeBody,
  verifyCodeResponseSchema,
} from '@pago/shared/contracts/accounts';
import type { AppInstance } from '../../app-instance';
import { errorResponses } from '../../lib/openapi';
import type { EmailVerification } from './email-verification.service';

const tags = ['Accounts'];

/** What e-mail verification's routes use, passed in by the wiring (app.ts). */
export type EmailVerificationRouteDeps = { emailVerification: EmailVerification };

export async function emailVerificationRoutes(
  app: AppInstance,
  { emailVerification }: EmailVerificationRouteDeps,
): Promise<void> {
  app.post(
    '/api/email/send-verification',
    {
      schema: {
        summary: 'E-mail a six-digit code to confirm an address before sign-up',
        tags,
        body: sendVerificationBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      await emailVerification.sendCode(
        'email',
        { email: body.email, name: body.name, language: body.language ?? 'es' },
        request.ip,
      );
      return { success: true as const };
    },
  );

  app.post(
    '/api/email/verify-code',
    {
      schema: {
        summary: 'Check the e-mailed code',
        tags,
        body: verifyCodeBody,
        response: { 200: verifyCodeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await emailVerification.verifyEmailCode(request.body.email, request.body.code, request.ip);
      return { success: true as const, verified: true as const };
    },
  );
}
