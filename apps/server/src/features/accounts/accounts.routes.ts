import {
  loginBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  signupBody,
  updateProfileBody,
} from '@pago/shared/contracts/accounts';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from './require-user';

const userIdParams = z.strictObject({ id: z.string().max(64) });

export async function accountsRoutes(app: AppInstance): Promise<void> {
  const { accounts } = app.services;
  const signedIn = { preHandler: requireUser(accounts) };

  app.post('/api/auth/signup', async (request, reply) => {
    const result = await accounts.signup(signupBody.parse(request.body), request.ip);
    return reply.code(201).send(result);
  });

  app.post('/api/auth/login', async (request) =>
    accounts.login(loginBody.parse(request.body), request.ip),
  );

  app.post('/api/auth/logout', signedIn, async (request) => {
    await accounts.logout(currentUser(request).token);
    return { success: true };
  });

  app.post('/api/auth/password-reset/request', async (request) => {
    await accounts.requestPasswordReset(
      passwordResetRequestBody.parse(request.body),
      request.ip,
      (error) => request.log.error({ err: error }, 'Password reset e-mail failed'),
    );
    return { success: true };
  });

  app.post('/api/auth/password-reset/confirm', async (request) => {
    await accounts.confirmPasswordReset(passwordResetConfirmBody.parse(request.body), request.ip);
    return { success: true };
  });

  app.get('/api/user/profile', signedIn, async (request) =>
    accounts.getProfile(currentUser(request).userId),
  );

  app.put('/api/user/profile', signedIn, async (request) =>
    accounts.updateProfile(currentUser(request).userId, updateProfileBody.parse(request.body)),
  );

  app.get('/api/users/:id/public', signedIn, async (request) =>
    accounts.getPublicUser(userIdParams.parse(request.params).id),
  );
}
