import {
  authResponseSchema,
  loginBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  payeeLookupQuery,
  payeeSchema,
  publicUserSchema,
  signInLinkRedeemBody,
  signInLinkRequestBody,
  signupBody,
  signupResponseSchema,
  successResponseSchema,
  updateProfileBody,
  userProfileSchema,
} from '@pago/shared/contracts/accounts';
import { normalizeAddress, usAddressSchema } from '@pago/shared/contracts/address';
import { logoutResponseSchema } from '@pago/shared/contracts/external-signin';
import { twoStepChallengeSchema } from '@pago/shared/contracts/security';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from './accounts.service';
import type { ExternalSignin } from './external-signin.service';
import { currentUser, requireUser, requireVerifiedIdentity } from './require-user';

const userIdParams = z.strictObject({ id: z.string().max(64) });
// The spec's clients send no body (or an empty JSON one); Fastify hands the schema null for none.
const noBody = z.strictObject({}).nullish();
const auth = ['Accounts'];

/** What the accounts' routes use, passed in by the wiring (app.ts). */
export type AccountsRouteDeps = {
  accounts: Accounts;
  externalSignin: ExternalSignin;
  /** What else ends with this session (its push subscriptions: features/push). */
  onSignOut?: (token: string) => Promise<void>;
};

export async function accountsRoutes(
  app: AppInstance,
  { accounts, externalSignin, onSignOut }: AccountsRouteDeps,
): Promise<void> {
  // Before the schema's validation: who you are is checked ahead of what you sent.
  const preValidation = requireUser(accounts);

  app.post(
    '/api/auth/signup',
    {
      schema: {
        summary: 'Create an account; signed in at once',
        tags: auth,
        body: signupBody,
        response: { 201: signupResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await accounts.signup(request.body, request.ip, request.headers['user-agent']);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with username or e-mail and password; returns a session token',
        tags: auth,
        body: loginBody,
        response: { 200: authResponseSchema.or(twoStepChallengeSchema), ...errorResponses },
      },
    },
    async (request) => accounts.login(request.body, request.ip, request.headers['user-agent']),
  );

  app.post(
    '/api/auth/logout',
    {
      preValidation,
      schema: {
        summary: 'End this session (an external sign-in also gets the provider’s end-session URL)',
        tags: auth,
        security: bearerAuth,
        body: noBody,
        response: { 200: logoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { token } = currentUser(request);
      const endSessionUrl = await externalSignin.endSessionUrl(token);
      await onSignOut?.(token);
      await accounts.logout(token);
      return { success: true as const, ...(endSessionUrl ? { endSessionUrl } : {}) };
    },
  );

  app.post(
    '/api/auth/sign-in-link',
    {
      schema: {
        summary:
          'E-mail a one-time sign-in link to the account of this username or e-mail (the way in while wrong passwords from many networks hold its sign-in back; answers the same whether the account exists)',
        tags: auth,
        body: signInLinkRequestBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.requestSignInLink(request.body, request.ip, (error) =>
        request.log.error({ err: error }, 'Sign-in link e-mail failed'),
      );
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/sign-in-link/redeem',
    {
      schema: {
        summary:
          'Sign in with the token of an e-mailed link, once; a two-step challenge when codes are on',
        tags: auth,
        body: signInLinkRedeemBody,
        response: { 200: authResponseSchema.or(twoStepChallengeSchema), ...errorResponses },
      },
    },
    async (request) =>
      accounts.signInWithLink(request.body.token, request.headers['user-agent'], request.ip),
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      schema: {
        summary: 'E-mail a password reset code (answers the same whether the account exists)',
        tags: auth,
        body: passwordResetRequestBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body, request.ip, (error) =>
        request.log.error({ err: error }, 'Password reset e-mail failed'),
      );
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        summary: 'Set a new password with the e-mailed code',
        tags: auth,
        body: passwordResetConfirmBody,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.confirmPasswordReset(request.body, request.ip);
      return { success: true as const };
    },
  );

  app.get(
    '/api/user/profile',
    {
      preValidation,
      schema: {
        summary: 'The signed-in user’s profile, with the balance in cents',
        tags: auth,
        security: bearerAuth,
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) => accounts.getProfile(currentUser(request).userId),
  );

  app.put(
    '/api/user/profile',
    {
      preValidation,
      schema: {
        summary: 'Change the signed-in user’s profile',
        tags: auth,
        security: bearerAuth,
        body: updateProfileBody,
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) => accounts.updateProfile(currentUser(request).userId, request.body),
  );

  app.put(
    '/api/user/address',
    {
      preValidation,
      schema: {
        summary: 'Set the signed-in user’s home address (a U.S. street address; no PO box)',
        description:
          'The bank needs it to open an account. The profile’s one-line `address` is written ' +
          'from it, and a U.S. ZIP code on the profile becomes its ZIP.',
        tags: auth,
        security: bearerAuth,
        body: usAddressSchema,
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) =>
      accounts.updateAddress(currentUser(request).userId, normalizeAddress(request.body)),
  );

  app.get(
    '/api/users/:id/public',
    {
      preValidation,
      schema: {
        summary: 'What any signed-in user may see of another: name and username',
        tags: auth,
        security: bearerAuth,
        params: userIdParams,
        response: { 200: publicUserSchema, ...errorResponses },
      },
    },
    async (request) => accounts.getPublicUser(request.params.id),
  );

  app.get(
    '/api/users/lookup',
    {
      // Finding who is behind a phone is for verified payers only, on the look-up budget.
      preValidation: [preValidation, requireVerifiedIdentity()],
      schema: {
        summary: 'The Pago user to pay, by username or verified phone: name and username only',
        description:
          'Counts against the look-up budget of the account and of the network (429 ' +
          '`lookup_limit_reached` with Retry-After), found or not. Verified identities only.',
        tags: auth,
        security: bearerAuth,
        querystring: payeeLookupQuery,
        response: { 200: payeeSchema, ...errorResponses },
      },
    },
    async (request) => accounts.findPayee(currentUser(request).userId, request.ip, request.query),
  );
}
