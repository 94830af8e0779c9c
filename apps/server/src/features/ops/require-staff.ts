import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../../lib/app-error';
import { bearerToken } from '../accounts/require-user';
import type { Staff, StaffAuth, StaffRole } from './staff-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff on /api/ops routes: the signed-in staff member. */
    staff?: Staff | null;
  }
}

/**
 * The answer to anyone who is not a signed-in staff member: exactly the body of an unknown route
 * (web/web-app.routes.ts's not-found handler), so nothing tells that the console exists.
 */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply
    .code(404)
    .send(errorBody('not_found', `No such endpoint: ${request.method} ${pathname}`));
}

/**
 * onRequest hook of every /api/ops route (not preHandler: it must run before the body is parsed
 * and validated, or a customer's malformed request would get a 400 that reveals the route).
 * No token, a customer's token, an expired or revoked staff token: 404 as an unknown route.
 * A staff member without one of `roles` (when given): 403 forbidden.
 */
export function requireStaff(auth: StaffAuth, roles?: readonly StaffRole[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const staff = token ? await auth.authenticate(token) : null;
    if (!staff) return notFound(request, reply);
    request.staff = staff;
    if (roles && !roles.includes(staff.role)) {
      throw new AppError('forbidden', 403, 'Your role does not allow this.');
    }
  };
}

/** The staff member requireStaff let through (a route without the hook throws). */
export function currentStaff(request: FastifyRequest): Staff {
  if (!request.staff) throw new Error('requireStaff did not run on this route');
  return request.staff;
}

/** The header a GET of a customer's data carries its reason in, percent-encoded UTF-8. */
export const REASON_HEADER = 'x-ops-reason';

/**
 * The reason a staff member gave for viewing a customer's data, from the `X-Ops-Reason` header
 * (percent-encoded, so any language fits a header): 400 reason_required without one.
 */
export function viewReason(request: FastifyRequest): string {
  const raw = request.headers[REASON_HEADER];
  let reason = '';
  if (typeof raw === 'string') {
    try {
      reason = decodeURIComponent(raw).trim();
    } catch {
      reason = '';
    }
  }
  if (reason.length < 3 || reason.length > 500) {
    throw new AppError(
      'reason_required',
      400,
      'Say why you open this customer (3–500 characters).',
    );
  }
  return reason;
}
