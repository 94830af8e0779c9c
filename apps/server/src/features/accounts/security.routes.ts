import { authResponseSchema, successResponseSchema } from '@pago/shared/contracts/accounts';
import {
  changePasswordBody,
  recoveryCodesSchema,
  securityStatusSchema,
  sessionIdParams,
  sessionListSchema,
  twoStepConfirmBody,
  twoStepDisableBody,
  twoStepLoginBody,
  twoStepSetupSchema,
} from '@pago/shared/contracts/security';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from './accounts.service';
import { currentUser, requireUser } from './require-user';

const noBody = z.strictObject({}).nullish();
const tags = ['Security'];

/** What the security settings' routes use, passed in by the wiring (app.ts). */
export type SecurityRouteDeps = { accounts: Accounts };

/** Sign-in security: two-step codes, change of password, active sessions. */
export async function securityRoutes(
  app: AppInstance,
  { accounts }: SecurityRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);

  app.post(
    '/api/auth/login/two-step',
    {
      schema: {
        summary: 'Finish a sign-in that answered twoStepRequired: the challenge and a code',
        description:
          'The code is the authenticator app’s 6 digits or one of the recovery codes; each is ' +
          'accepted once. Wrong codes are rate-limited per user.',
        tags,
        body: twoStepLoginBody,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => accounts.loginWithCode(request.body, request.ip),
  );

  app.get(
    '/api/security',
    {
      preValidation,
      schema: {
        summary: 'Whether two-step codes are on, and how many recovery codes are left',
        tags,
        security: bearerAuth,
        response: { 200: securityStatusSchema, ...errorResponses },
      },
    },
    async (request) => accounts.twoStep.status(currentUser(request).userId),
  );

  app.post(
    '/api/security/two-step/setup',
    {
      preValidation,
      schema: {
        summary: 'A new authenticator secret and its otpauth:// URI (on once confirmed)',
        tags,
        security: bearerAuth,
        body: noBody,
        response: { 200: twoStepSetupSchema, ...errorResponses },
      },
    },
    async (request) => accounts.twoStep.setup(currentUser(request).userId),
  );

  app.post(
    '/api/security/two-step/confirm',
    {
      preValidation,
      schema: {
        summary: 'Turn two-step codes on with a first code; returns the ten recovery codes once',
        tags,
        security: bearerAuth,
        body: twoStepConfirmBody,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) =>
      accounts.twoStep.confirm(
        currentUser(request).userId,
        request.body.code,
        request.headers['user-agent'],
      ),
  );

  app.post(
    '/api/security/two-step/disable',
    {
      preValidation,
      schema: {
        summary: 'Turn two-step codes off: the password and a current code',
        tags,
        security: bearerAuth,
        body: twoStepDisableBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.disableTwoStep(
        currentUser(request).userId,
        request.body,
        request.ip,
        request.headers['user-agent'],
      );
      return { success: true as const };
    },
  );

  app.post(
    '/api/security/password',
    {
      preValidation,
      schema: {
        summary: 'Change the password (current password; a code when two-step codes are on)',
        description: 'Every other session of the user ends; this one stays.',
        tags,
        security: bearerAuth,
        body: changePasswordBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, token } = currentUser(request);
      await accounts.changePassword(userId, token, request.body, request.ip);
      return { success: true as const };
    },
  );

  app.get(
    '/api/security/sessions',
    {
      preValidation,
      schema: {
        summary: 'The user’s active sessions: device, started, last seen; this one marked',
        tags,
        security: bearerAuth,
        response: { 200: sessionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, token } = currentUser(request);
      return { sessions: await accounts.listSessions(userId, token) };
    },
  );

  app.post(
    '/api/security/sessions/sign-out-others',
    {
      preValidation,
      schema: {
        summary: 'Sign out everywhere else: end every session but this one',
        tags,
        security: bearerAuth,
        body: noBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, token } = currentUser(request);
      await accounts.endOtherSessions(userId, token);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/security/sessions/:id',
    {
      preValidation,
      schema: {
        summary: 'End one of the user’s sessions (another user’s id is 404)',
        tags,
        security: bearerAuth,
        params: sessionIdParams,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.endSession(currentUser(request).userId, request.params.id);
      return { success: true as const };
    },
  );
}
