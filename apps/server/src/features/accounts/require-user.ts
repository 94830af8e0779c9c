import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Accounts, hashToken } from './accounts.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser on routes that need a signed-in user. */
    auth: { userId: string; token: string; verified: boolean } | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** The hash the session of the request's bearer token is stored under, if it has one. */
export function sessionTokenHash(request: FastifyRequest): Buffer | null {
  const token = bearerToken(request);
  return token ? hashToken(token) : null;
}

/** preHandler: a live session or 401. Every route that acts for a user goes through it. */
export function requireUser(accounts: Accounts) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 401, 'Not authenticated');
    const session = await accounts.authenticate(token);
    if (!session) throw new AppError('unauthorized', 401, 'Session expired. Please log in again.');
    request.auth = { ...session, token };
  };
}

export function currentUser(request: FastifyRequest): {
  userId: string;
  token: string;
  verified: boolean;
} {
  if (!request.auth) throw new AppError('unauthorized', 401, 'Not authenticated');
  return request.auth;
}

/** preHandler after requireUser: money moves only for a verified identity (spec §4 rule). */
export function requireVerifiedIdentity() {
  return async (request: FastifyRequest) => {
    if (!currentUser(request).verified) {
      throw new AppError('identity_not_verified', 403, 'Verify your identity before moving money.');
    }
  };
}
