import { isIdentityVerified, type VerificationService } from '@pago/shared/contracts/accounts';
import {
  IDENTITY_FAILURE_REASONS,
  type IdentityFailureReason,
  type IdentitySettings,
  type IdentityStatus,
  type KycStatus,
  type PersonaCreateInquiryBody,
  type PersonaCreateInquiryResponse,
  type PersonaInquiryStatus,
  type PersonaStatusResponse,
  type PlaidIdvStatus,
  type PlaidStatusResponse,
  type UserIdentityStatus,
} from '@pago/shared/contracts/identity';
import { kycProviderForZip } from '@pago/shared/kyc-routing';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  type PersonaApi,
  type PersonaInquiry,
  parseInquiry,
} from '../../providers/persona/persona-api';
import type { PlaidIdentity } from '../../providers/plaid/plaid-identity';
import type { Accounts } from '../accounts/accounts.service';
import type { Notifications } from '../notifications/notifications.service';
import { attemptsOf, findAttempt, markEventSeen, recordAttempt } from './identity.repository';
import {
  type IdentityFields,
  identityFieldsFrom,
  identityStateOf,
  statusRank,
  userStatusOf,
} from './identity-status';
import { checkVerifiedPerson, type VerifiedPerson } from './legal-name';
import {
  createKeyCache,
  type PlaidWebhookKey,
  sha256Hex,
  verifyPersonaSignature,
  verifyPlaidWebhook,
} from './webhook-signatures';

type Deps = {
  db: Database;
  accounts: Accounts;
  config: Config;
  /** null: live mode without Plaid's settings (its verification is refused). */
  plaid: PlaidIdentity | null;
  /** null: live mode without Persona's settings (its verification is refused). */
  persona: PersonaApi | null;
  notifications: Pick<Notifications, 'notify'>;
  clock?: () => Date;
};

const isVerified = (user: IdentityFields) =>
  isIdentityVerified({
    kyc_status: user.kyc_status,
    persona_status: user.persona_status,
    plaidIdentityStatus: user.plaid_identity_status,
  });

const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`);

/**
 * Identity verification with Plaid or Persona. Every way news arrives — the browser finishing the
 * flow, a status call, a vendor webhook — goes through `apply`, which records the vendor's status
 * (only ever forwards) and derives the user's identity fields from all their attempts in one
 * transaction. Those fields are what the money routes check.
 */
export function createIdentity({
  db,
  accounts,
  config,
  plaid: plaidClient,
  persona: personaClient,
  notifications,
  clock = () => new Date(),
}: Deps) {
  // Live mode without a vendor refuses what needs it (503), on its own.
  const plaid = {
    get api(): PlaidIdentity {
      if (!plaidClient) throw unavailableInLiveMode('identityVerification');
      return plaidClient;
    },
  };
  const persona = {
    get api(): PersonaApi {
      if (!personaClient) throw unavailableInLiveMode('identityVerification');
      return personaClient;
    },
  };
  const plaidKeys = createKeyCache(
    async (kid) => (await plaid.api.webhookKey(kid)) as PlaidWebhookKey | null,
    clock,
  );

  async function apply(input: {
    userId: string;
    provider: VerificationService;
    attemptId: string;
    vendorStatus: string;
    createdAt: Date;
    /** The person the vendor verified, as the vendor reports them. */
    person: VerifiedPerson | null;
    /** A webhook's event id: applied once, whatever the number of deliveries. */
    event?: { provider: string; id: string };
  }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const locked = await accounts.identityOf(trx, input.userId, { lock: true });
      if (!locked) return;
      const { name: profileName, legal_name: _legalName, ...user } = locked;
      if (input.event && !(await markEventSeen(trx, input.event.provider, input.event.id))) return;
      // An approval counts only for the account holder: the verified name must be the profile's.
      const approving = userStatusOf(input.provider, input.vendorStatus) === 'approved';
      const check = approving ? checkVerifiedPerson(input.person, profileName, clock()) : null;
      const changed = await recordAttempt(trx, {
        id: input.attemptId,
        userId: input.userId,
        provider: input.provider,
        vendorStatus: input.vendorStatus,
        rank: statusRank(input.provider, input.vendorStatus),
        createdAt: input.createdAt,
        ...(approving && input.person
          ? {
              legalName: `${input.person.givenNames} ${input.person.familyNames}`,
              birthDate: input.person.birthDate,
            }
          : {}),
        ...(check && !check.ok ? { failureReason: check.reason } : {}),
      });
      const attempts = await attemptsOf(trx, input.userId);
      await accounts.updateIdentity(trx, input.userId, {
        ...identityFieldsFrom(attempts, user, isVerified(user)),
        // The legal name changes only with a new, passing verification.
        ...(changed && check?.ok
          ? { legal_name: check.legalName, legal_birth_date: input.person?.birthDate ?? null }
          : {}),
      });
      // The person hears of an attempt's final answer once (a repeated webhook changes nothing).
      const result =
        check && !check.ok ? 'failed' : userStatusOf(input.provider, input.vendorStatus);
      if (changed && (result === 'approved' || result === 'failed')) {
        await notifications.notify(trx, {
          userId: input.userId,
          type: result === 'approved' ? 'identity_approved' : 'identity_failed',
        });
      }
    });
  }

  async function status(userId: string): Promise<IdentityStatus> {
    const [user, attempts] = await Promise.all([
      accounts.identityOf(db, userId),
      attemptsOf(db, userId),
    ]);
    if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
    const verified = isVerified(user);
    const latest = attempts[0];
    return {
      state: identityStateOf(verified, latest),
      verified,
      verificationService: latest?.provider ?? user.verification_service,
      kyc_status: user.kyc_status as KycStatus | null,
      persona_status: user.persona_status as UserIdentityStatus | null,
      plaidIdentityStatus: user.plaid_identity_status as UserIdentityStatus | null,
      persona_inquiry_id: user.persona_inquiry_id,
      updatedAt: latest ? latest.updated_at.toISOString() : null,
      legalName: verified ? user.legal_name : null,
      failureReason: !verified ? failureReasonOf(latest?.failure_reason) : null,
    };
  }

  async function refuseIfVerified(userId: string) {
    if ((await status(userId)).verified) {
      throw new AppError('conflict', 409, 'Your identity is already verified.');
    }
  }

  /** Reads a Plaid verification from Plaid and applies it; someone else's is not found. */
  async function syncPlaid(userId: string, id: string): Promise<PlaidIdvStatus> {
    const known = await findAttempt(db, id);
    if (known && known.user_id !== userId) throw notFound('Identity verification');
    const verification = await plaid.api.getVerification(id);
    if (!verification || verification.client_user_id !== userId) {
      throw notFound('Identity verification');
    }
    await apply({
      userId,
      provider: 'plaid',
      attemptId: verification.id,
      vendorStatus: verification.status,
      createdAt: new Date(verification.created_at),
      person: verification.person,
    });
    return verification.status as PlaidIdvStatus;
  }

  async function syncPersona(userId: string, inquiryId: string): Promise<PersonaInquiryStatus> {
    const known = await findAttempt(db, inquiryId);
    if (!known || known.user_id !== userId || known.provider !== 'persona') {
      throw notFound('Inquiry');
    }
    const inquiry = await persona.api.getInquiry(inquiryId);
    if (!inquiry || inquiry.referenceId !== userId) throw notFound('Inquiry');
    await applyInquiry(userId, inquiry);
    return inquiry.status;
  }

  function applyInquiry(
    userId: string,
    inquiry: PersonaInquiry,
    event?: { provider: string; id: string },
  ) {
    return apply({
      userId,
      provider: 'persona',
      attemptId: inquiry.id,
      vendorStatus: inquiry.status,
      createdAt: new Date(inquiry.createdAt),
      person: inquiry.person,
      ...(event ? { event } : {}),
    });
  }

  return {
    /** Whether any identity vendor is configured (live mode may have neither). */
    available: plaidClient !== null || personaClient !== null,

    status,

    /**
     * The provider of spec §4 on the server's side: profile, then ZIP code, then persona; in live
     * mode with only one identity vendor configured, that one.
     */
    async settings(userId: string): Promise<IdentitySettings> {
      const user = await accounts.getAccountSettings(userId);
      const preferred =
        user.verificationService ?? (user.zipCode ? kycProviderForZip(user.zipCode) : 'persona');
      const configured = { plaid: plaidClient !== null, persona: personaClient !== null };
      const other = preferred === 'plaid' ? 'persona' : 'plaid';
      return {
        provider: configured[preferred] || !configured[other] ? preferred : other,
        status: await status(userId),
        plaid: { linkScriptUrl: config.plaid?.linkScriptUrl ?? '' },
        persona: {
          clientScriptUrl: config.persona?.clientScriptUrl ?? '',
          environment: config.mode === 'live' ? 'production' : 'sandbox',
        },
      };
    },

    async plaidCreate(userId: string, language: 'es' | 'en' | undefined) {
      await refuseIfVerified(userId);
      const user = await accounts.getAccountSettings(userId);
      const linkToken = await plaid.api.createLinkToken({
        userId,
        language: language ?? user.language,
      });
      return { link_token: linkToken };
    },

    async plaidComplete(userId: string, id: string): Promise<PlaidStatusResponse> {
      const vendorStatus = await syncPlaid(userId, id);
      return { status: vendorStatus, identity: await status(userId) };
    },

    /** The latest Plaid attempt, read afresh from Plaid while it is still open. */
    async plaidStatus(userId: string): Promise<PlaidStatusResponse> {
      const latest = (await attemptsOf(db, userId)).find((a) => a.provider === 'plaid');
      if (!latest) return { status: null, identity: await status(userId) };
      const open = statusRank('plaid', latest.vendor_status) < statusRank('plaid', 'success');
      const vendorStatus = open
        ? await syncPlaid(userId, latest.id)
        : (latest.vendor_status as PlaidIdvStatus);
      return { status: vendorStatus, identity: await status(userId) };
    },

    /** A new inquiry, or the user's open one again so they resume where they left off. */
    async personaCreate(
      userId: string,
      body: PersonaCreateInquiryBody,
    ): Promise<PersonaCreateInquiryResponse> {
      await refuseIfVerified(userId);
      const open = (await attemptsOf(db, userId)).find(
        (attempt) =>
          attempt.provider === 'persona' &&
          (attempt.vendor_status === 'created' || attempt.vendor_status === 'pending'),
      );
      if (open) {
        const current = await persona.api.getInquiry(open.id);
        if (current?.status === 'created') {
          return { inquiry: { id: current.id, status: current.status, sessionToken: null } };
        }
        if (current?.status === 'pending') {
          const { inquiry, sessionToken } = await persona.api.resumeInquiry(current.id);
          return { inquiry: { id: inquiry.id, status: inquiry.status, sessionToken } };
        }
        if (current) await syncPersona(userId, open.id);
      }
      const inquiry = await persona.api.createInquiry({
        referenceId: userId,
        fields: {
          nameFirst: body.firstName,
          nameLast: body.lastName,
          emailAddress: body.email,
          ...(body.phone ? { phoneNumber: body.phone } : {}),
        },
      });
      await applyInquiry(userId, inquiry);
      return { inquiry: { id: inquiry.id, status: inquiry.status, sessionToken: null } };
    },

    async personaStatus(userId: string, inquiryId: string): Promise<PersonaStatusResponse> {
      const vendorStatus = await syncPersona(userId, inquiryId);
      return { inquiryId, status: vendorStatus, identity: await status(userId) };
    },

    /**
     * Plaid's STATUS_UPDATED webhook names a verification; its status is read from Plaid. A
     * delivery is identified by its signed token, so a replayed delivery is applied once.
     */
    async plaidWebhook(rawBody: string, verification: string | undefined): Promise<void> {
      if (!(await verifyPlaidWebhook(verification, rawBody, plaidKeys.get, clock()))) {
        throw new AppError('invalid_signature', 401, 'Invalid webhook signature');
      }
      const body = parseJsonObject(rawBody);
      if (
        body.webhook_type !== 'IDENTITY_VERIFICATION' ||
        body.webhook_code !== 'STATUS_UPDATED' ||
        typeof body.identity_verification_id !== 'string'
      ) {
        return; // Another product's webhook: acknowledged, nothing to do.
      }
      const idv = await plaid.api.getVerification(body.identity_verification_id);
      if (!idv || !isUuid(idv.client_user_id)) return;
      await apply({
        userId: idv.client_user_id,
        provider: 'plaid',
        attemptId: idv.id,
        vendorStatus: idv.status,
        createdAt: new Date(idv.created_at),
        person: idv.person,
        event: { provider: 'plaid', id: sha256Hex(verification ?? '') },
      });
    },

    /** Persona's inquiry events carry the inquiry; applied once per event id, in any order. */
    async personaWebhook(rawBody: string, signature: string | undefined): Promise<void> {
      const webhookSecret = config.persona?.webhookSecret;
      if (!webhookSecret) throw unavailableInLiveMode('identityVerification');
      if (!verifyPersonaSignature(signature, rawBody, webhookSecret, clock())) {
        throw new AppError('invalid_signature', 401, 'Invalid webhook signature');
      }
      const event = parseJsonObject(rawBody).data as
        | { type?: unknown; id?: unknown; attributes?: { name?: unknown; payload?: unknown } }
        | undefined;
      if (event?.type !== 'event' || typeof event.id !== 'string') {
        throw new AppError('bad_request', 400, 'Not a Persona event');
      }
      const name = event.attributes?.name;
      if (typeof name !== 'string' || !name.startsWith('inquiry.')) return;
      let inquiry: PersonaInquiry;
      try {
        inquiry = parseInquiry(event.attributes?.payload);
      } catch {
        throw new AppError('bad_request', 400, 'The event carries no inquiry');
      }
      // Only inquiries Pago created for that user: anyone holding our public template id can
      // start an inquiry with any reference-id from Persona's client. Others are acknowledged
      // and ignored, so Persona does not retry them.
      const known = await findAttempt(db, inquiry.id);
      if (known?.provider !== 'persona' || known.user_id !== inquiry.referenceId) return;
      await applyInquiry(inquiry.referenceId, inquiry, { provider: 'persona', id: event.id });
    },
  };
}
export type Identity = ReturnType<typeof createIdentity>;

function failureReasonOf(reason: string | null | undefined): IdentityFailureReason | null {
  return (IDENTITY_FAILURE_REASONS as readonly (string | null | undefined)[]).includes(reason)
    ? (reason as IdentityFailureReason)
    : null;
}

function parseJsonObject(rawBody: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new AppError('invalid_json', 400, 'The body is not a JSON object');
}
