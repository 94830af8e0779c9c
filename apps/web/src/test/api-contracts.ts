import { userProfileSchema } from '@pago/shared/contracts/accounts';
import { apiErrorSchema } from '@pago/shared/contracts/api';
import { capabilitiesSchema } from '@pago/shared/contracts/capabilities';
import { cardsSchema } from '@pago/shared/contracts/cards';
import { authMethodSchema } from '@pago/shared/contracts/external-signin';
import { identitySettingsSchema } from '@pago/shared/contracts/identity';
import { notificationListSchema } from '@pago/shared/contracts/notifications';
import { plaidAccountsResponseSchema } from '@pago/shared/contracts/plaid';
import { transferListSchema } from '@pago/shared/contracts/transfers';
import { balanceSchema, limitsSchema } from '@pago/shared/contracts/wallet';
import type { z } from 'zod';

/**
 * The answer each route gives, as the server declares it (the `response` of its route schema),
 * by "METHOD /path" without the query. A stubbed answer to one of these is checked against it,
 * so a test cannot pass against a body the real server would never send.
 */
export const RESPONSES: Record<string, z.ZodType> = {
  'GET /api/features': capabilitiesSchema,
  'GET /api/auth/method': authMethodSchema,
  'GET /api/user/profile': userProfileSchema,
  'GET /api/identity/settings': identitySettingsSchema,
  'GET /api/wallet/balance': balanceSchema,
  'GET /api/limits': limitsSchema,
  'GET /api/transactions': transferListSchema,
  'GET /api/cards': cardsSchema,
  'GET /api/notifications': notificationListSchema,
  'GET /api/plaid/accounts': plaidAccountsResponseSchema,
};

/**
 * Why `body` is not what the server would answer to `method path` with `status`, or null when it
 * is (or the route's answer is not listed). Every error answer has the API's error shape.
 */
export function contractMismatch(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | null {
  const route = `${method} ${path.split('?')[0]}`;
  const schema = status >= 400 ? apiErrorSchema : status < 300 ? RESPONSES[route] : undefined;
  if (!schema) return null;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return `${route} answered ${status} with a body its contract refuses: ${issues.join('; ')}`;
}
