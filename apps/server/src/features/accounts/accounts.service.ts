import { createHash, randomBytes } from 'node:crypto';
import {
  isIdentityVerified,
  type LoginBody,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
  type Payee,
  type PublicUser,
  phoneCountryOf,
  type SignupBody,
  type SignupResponse,
  type UpdateProfileBody,
  type UserProfile,
  zipAgrees,
} from '@pago/shared/contracts/accounts';
import {
  formatAddress,
  normalizeAddress,
  parseOneLineAddress,
  type UsAddress,
  type UsState,
  zip5,
} from '@pago/shared/contracts/address';
import type { SessionInfo, TwoStepChallenge } from '@pago/shared/contracts/security';
import { kycProviderForZip } from '@pago/shared/kyc-routing';
import type { Selectable } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Mailer } from '../../providers/email/mailer';
import { accountExistsEmail, signInLinkEmail } from '../../providers/email/templates';
import type { EmailVerification } from '../email-verification/email-verification.service';
import { deviceName } from '../notifications/device-name';
import type { Notifications } from '../notifications/notifications.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { accountKey, createPasswordAttempts } from './password-attempts';
import { hashPassword, isCommonPassword } from './passwords';
import {
  insertSession,
  listLiveSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  revokeSessionById,
  touchSession,
} from './sessions.repository';
import {
  insertSignInLink,
  SIGN_IN_LINK_TTL_MINUTES,
  useSignInLink,
} from './sign-in-links.repository';
import { createTwoStep } from './two-step.service';
import {
  claimVerifiedPhone,
  findTaken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  findUserByUsername,
  findUserIdentity,
  findUsersByIds,
  insertUser,
  lockUserIdentity,
  updateUser,
  updateUserIdentity,
} from './users.repository';

type Deps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  emailVerification: EmailVerification;
  rateLimits: RateLimits;
  notifications: Pick<Notifications, 'notify'>;
  /** The wallet balance, from the ledger. */
  balanceOf: (userId: string) => Promise<number>;
};
type UserRow = Selectable<UsersTable>;

/** Sign-up attempts with a verified address, an hour, per client address. */
export const SIGNUP_LIMIT = 20;

/** Session tokens are 256 random bits; only their SHA-256 is stored. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The home address in parts, or null while the profile has none (or only an unread line). */
export function homeAddressOf(
  user: Pick<
    UserRow,
    'address_street' | 'address_street2' | 'address_city' | 'address_state' | 'address_postal_code'
  >,
): UsAddress | null {
  const { address_street, address_city, address_state, address_postal_code } = user;
  if (!address_street || !address_city || !address_state || !address_postal_code) return null;
  return {
    street: address_street,
    street2: user.address_street2,
    city: address_city,
    state: address_state as UsState,
    postalCode: address_postal_code,
  };
}

/**
 * The columns that store an address: its parts and the one line written from them. A ZIP code
 * kept on the profile follows the address unless it is a foreign postal code (Persona's route).
 */
function addressChanges(address: UsAddress | null, line: string | null, zipCode: string | null) {
  return {
    address: address ? formatAddress(address) : line,
    address_street: address?.street ?? null,
    address_street2: address?.street2 ?? null,
    address_city: address?.city ?? null,
    address_state: address?.state ?? null,
    address_postal_code: address?.postalCode ?? null,
    ...(address && (zipCode === null || zip5(zipCode) !== null)
      ? { zip_code: address.postalCode.slice(0, 5) }
      : {}),
  };
}

export function toUserProfile(user: UserRow, balanceCents: number): UserProfile {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone,
    phone_verified: user.phone_verified,
    address: user.address,
    homeAddress: homeAddressOf(user),
    zipCode: user.zip_code,
    verificationService: user.verification_service,
    kyc_status: user.kyc_status,
    persona_status: user.persona_status,
    persona_inquiry_id: user.persona_inquiry_id,
    plaidIdentityStatus: user.plaid_identity_status,
    unitAccountId: user.unit_account_id,
    balanceCents,
    balance: balanceCents / 100,
    availableBalanceCents: balanceCents,
    language: user.language,
    createdAt: user.created_at.toISOString(),
  };
}

/**
 * What a profile update changes of the address: the parts when given (the line is written from
 * them); else a one-line address read into parts when it reads as a US address whose ZIP agrees
 * with a ZIP code sent beside it, kept as typed (with no parts) when not.
 */
function addressUpdate(body: UpdateProfileBody, storedZip: string | null) {
  const zipCode = body.zipCode === undefined ? storedZip : body.zipCode || null;
  if (body.homeAddress !== undefined) {
    return addressChanges(body.homeAddress && normalizeAddress(body.homeAddress), null, zipCode);
  }
  if (body.address === undefined) return {};
  const line = body.address || null;
  const parts = parseOneLineAddress(line);
  const agreed = parts && zipAgrees(body.zipCode, parts.postalCode) ? parts : null;
  return addressChanges(agreed, line, zipCode);
}

export function conflict(taken: { email: boolean; username: boolean }): AppError | null {
  if (taken.email)
    return new AppError('email_taken', 409, 'An account with this e-mail already exists.');
  if (taken.username) return new AppError('username_taken', 409, 'This username is already taken.');
  return null;
}

/** PostgreSQL's unique violation on users, when two requests race past the friendly check. */
export function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return null;
  return conflict({
    email: e.constraint === 'users_email_key',
    username: e.constraint === 'users_username_key',
  });
}

function checkPasswordStrength(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'weak_password',
      400,
      'This password is too common. Choose a less common one.',
    );
  }
}

/** A person as another person sees them on a transfer or a request. */
export type Party = { userId: string; name: string; username: string; phone: string | null };

/**
 * Money moves under the name a verification proved (the legal name), not the display name the
 * profile may change at will; before any verification, the profile's name.
 */
function partyOf(user: Pick<UserRow, 'id' | 'name' | 'legal_name' | 'username' | 'phone'>): Party {
  return {
    userId: user.id,
    name: user.legal_name ?? user.name,
    username: user.username,
    phone: user.phone,
  };
}

/**
 * How many times one account, and one network (the client address as the app derives it, see
 * TRUST_PROXY), may find out who is behind a phone, a username or an e-mail address — by a
 * look-up, a quote, a send, a request or a bank payment alike, found or not: a phone leads to a
 * name. Someone paying and asking friends uses a few a day; a scraper meets the hour's bound
 * within minutes and the day's soon after. docs/architecture.md ("Privacy: one look-up budget for
 * finding people") explains the sizes.
 */
export const PAYEE_LOOKUP_BUDGET = {
  account: { perHour: 30, perDay: 100 },
  network: { perHour: 100, perDay: 300 },
} as const;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * The budget as rate-limit rules: each key is its prefix and the account's id or the network's
 * address. `transfer_send_batch` reads the same keys (migration 0029), so a payment by phone
 * waits once the budget is spent.
 */
export const PAYEE_LOOKUP_RULES = [
  {
    prefix: 'payee-lookup:user:',
    scope: 'account',
    limit: PAYEE_LOOKUP_BUDGET.account.perHour,
    windowSeconds: HOUR_SECONDS,
  },
  {
    prefix: 'payee-lookup:user-day:',
    scope: 'account',
    limit: PAYEE_LOOKUP_BUDGET.account.perDay,
    windowSeconds: DAY_SECONDS,
  },
  {
    prefix: 'payee-lookup:ip:',
    scope: 'network',
    limit: PAYEE_LOOKUP_BUDGET.network.perHour,
    windowSeconds: HOUR_SECONDS,
  },
  {
    prefix: 'payee-lookup:ip-day:',
    scope: 'network',
    limit: PAYEE_LOOKUP_BUDGET.network.perDay,
    windowSeconds: DAY_SECONDS,
  },
] as const;

export function createAccounts({
  db,
  config,
  mailer,
  emailVerification,
  rateLimits,
  notifications,
  balanceOf,
}: Deps) {
  const profile = async (user: UserRow) => toUserProfile(user, await balanceOf(user.id));

  async function takePayeeLookup(userId: string, ip: string): Promise<void> {
    const message = 'Too many look-ups of people to pay. Try again later.';
    try {
      await rateLimits.takeAll(
        PAYEE_LOOKUP_RULES.map((rule) => ({
          key: `${rule.prefix}${rule.scope === 'account' ? userId : ip}`,
          limit: rule.limit,
          windowSeconds: rule.windowSeconds,
          message,
        })),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      throw new AppError('lookup_limit_reached', 429, message, error.details);
    }
  }
  const twoStep = createTwoStep({ db, config, rateLimits });
  const passwordAttempts = createPasswordAttempts(rateLimits);

  async function startSession(
    userId: string,
    userAgent?: string | null,
    external?: { issuer: string; idToken: string },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertSession(db, {
      tokenHash: hashToken(token),
      userId,
      absoluteHours: config.sessionAbsoluteHours,
      userAgent: userAgent ?? null,
      ...(external ? { external } : {}),
    });
    return token;
  }

  /** A new session, of which the user hears ("new sign-in", with the device and time). */
  async function finishSignIn(
    user: UserRow,
    userAgent: string | null | undefined,
    external?: { issuer: string; idToken: string },
  ) {
    const device = deviceName(userAgent ?? undefined);
    await notifications.notify(db, {
      userId: user.id,
      type: 'new_sign_in',
      data: device ? { device } : {},
    });
    return { token: await startSession(user.id, userAgent, external), user: await profile(user) };
  }

  /**
   * Whether the password is the user's, within the account's budget of wrong passwords.
   * `signedIn`: the user re-enters their own (no stranger's guess at other accounts).
   */
  async function passwordMatches(
    user: UserRow,
    password: string,
    ip: string,
    signedIn = true,
  ): Promise<boolean> {
    return passwordAttempts.check(
      { key: accountKey(user.id), passwordHash: user.password_hash },
      password,
      ip,
      { message: 'Too many failed attempts. Try again in 15 minutes.', signedIn },
    );
  }

  /** Checks the signed-in user's password, on the same budget as sign-in's. */
  async function checkPassword(user: UserRow, password: string, ip: string): Promise<void> {
    if (!(await passwordMatches(user, password, ip))) {
      // 400, not 401: a signed-in caller's 401 means an ended session.
      throw new AppError('invalid_credentials', 400, 'Wrong password');
    }
  }

  /** A session, or with two-step codes on, the challenge a code turns into one. */
  async function sessionOrChallenge(
    user: UserRow,
    userAgent: string | null | undefined,
  ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
    if (user.two_step_enabled_at) {
      // No session yet: the code turns this challenge into one (POST /api/auth/login/two-step).
      const challenge = await twoStep.createChallenge(user.id, userAgent?.slice(0, 512) ?? null);
      return { twoStepRequired: true, challenge };
    }
    return finishSignIn(user, userAgent);
  }

  /** The caller proved this address is theirs; its account's owner hears of the attempt. */
  async function tellOwnerOfSignupAttempt(email: string): Promise<void> {
    const owner = await findUserByEmail(db, email);
    if (!owner) return;
    try {
      await mailer.send({
        to: owner.email,
        ...accountExistsEmail(owner.language, { name: owner.name }),
      });
    } catch {
      throw new AppError('service_unavailable', 503, 'Failed to send e-mail');
    }
  }

  return {
    twoStep,
    /** See TwoStep.requireSecondStep: for the card reveal and other sensitive actions. */
    requireSecondStep: twoStep.requireSecondStep,

    async signup(body: SignupBody, ip: string, userAgent?: string): Promise<SignupResponse> {
      checkPasswordStrength(body.password);
      // Nothing about existing accounts is said before the address is proven: an unverified
      // address is refused first, whether or not it has an account, so no one learns which
      // addresses have one.
      await emailVerification.requireVerifiedEmail(body.email);
      // Each attempt past that point costs a password hash (a verified code survives a refusal
      // such as username_taken, so one code could be replayed): a bounded number per network.
      await rateLimits.take(
        { key: `signup:ip:${ip}`, limit: SIGNUP_LIMIT, windowSeconds: 3600 },
        'Too many sign-up attempts from this network. Try again later.',
      );
      const passwordHash = await hashPassword(body.password);
      // The server derives the identity provider itself from the ZIP code (spec §4).
      const verificationService = kycProviderForZip(body.zipCode, phoneCountryOf(body.phone));

      const user = await db
        .transaction()
        .execute(async (tx) => {
          await emailVerification.consumeVerifiedEmail(tx, body.email);
          const clash = conflict(await findTaken(tx, body.email, body.username));
          if (clash) throw clash;
          return insertUser(tx, {
            name: body.name,
            username: body.username,
            email: body.email,
            phone: body.phone ?? null,
            zip_code: body.zipCode,
            verification_service: verificationService,
            language: body.language ?? 'es',
            password_hash: passwordHash,
          });
        })
        .catch(async (error: unknown) => {
          const refusal = uniqueViolation(error) ?? error;
          if (refusal instanceof AppError && refusal.code === 'email_taken') {
            await tellOwnerOfSignupAttempt(body.email);
          }
          throw refusal;
        });
      const token = await startSession(user.id, userAgent);
      // The e-mail is verified before the account exists and there is no test mode.
      return { token, user: toUserProfile(user, 0), testMode: false, verificationNeeded: false };
    },

    async login(
      body: LoginBody,
      ip: string,
      userAgent?: string,
    ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      // An unknown name is limited like an account (by the name typed) and costs the same hash,
      // so the answer and its time tell nothing about which accounts exist.
      const ok = await passwordAttempts.check(
        {
          key: user ? accountKey(user.id) : `login:${login}`,
          passwordHash: user?.password_hash ?? null,
        },
        body.password,
        ip,
        { message: 'Too many failed log-in attempts. Try again in 15 minutes.', signedIn: false },
      );
      if (!user || !ok)
        throw new AppError('invalid_credentials', 401, 'Invalid username or password');
      return sessionOrChallenge(user, userAgent);
    },

    /**
     * E-mails a one-time sign-in link to the account of this username or e-mail (the owner's
     * way past the all-networks back-off). The answer is the same, after the same work, whether
     * or not the account exists; the e-mail leaves after it. `onMailFailure` hears of a failure.
     */
    async requestSignInLink(
      body: { username: string; language?: 'es' | 'en' | undefined },
      ip: string,
      onMailFailure: (error: unknown) => void,
    ): Promise<void> {
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      const who = user ? accountKey(user.id) : `login:${login}`;
      await rateLimits.takeAll([
        {
          key: `sign-in-link:minute:${who}`,
          limit: 1,
          windowSeconds: 60,
          message: 'A link was sent less than a minute ago: use the newest one in your e-mail.',
        },
        {
          key: `sign-in-link:hour:${who}`,
          limit: 5,
          windowSeconds: 3600,
          message: 'Several links were sent this hour: use the newest one in your e-mail.',
        },
        {
          key: `sign-in-link:ip:${ip}`,
          limit: 20,
          windowSeconds: 3600,
          message: 'Too many links requested from this network. Try again later.',
        },
      ]);
      const token = randomBytes(32).toString('base64url');
      if (!user) return;
      await insertSignInLink(db, { tokenHash: hashToken(token), userId: user.id });
      const language = body.language ?? user.language;
      mailer
        .send({
          to: user.email,
          ...signInLinkEmail(language, {
            name: user.name,
            // In the fragment: the browser never sends it to a server or in a Referer.
            url: `${config.publicUrl}/sign-in-link#token=${token}`,
            minutes: SIGN_IN_LINK_TTL_MINUTES,
          }),
        })
        .catch(onMailFailure);
    },

    /** Signs in with an e-mailed link, once (with two-step codes on, the code step follows). */
    async signInWithLink(
      token: string,
      userAgent?: string,
    ): Promise<{ token: string; user: UserProfile } | TwoStepChallenge> {
      const userId = await useSignInLink(db, hashToken(token));
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user) {
        throw new AppError(
          'sign_in_link_expired',
          400,
          'This sign-in link expired or was already used. Ask for a new one.',
        );
      }
      return sessionOrChallenge(user, userAgent);
    },

    /**
     * Whether `password` is this user's, on the budget every password check shares (429 when it
     * is spent): for the card reveal's re-entry (`signedIn`) and the external sign-in's link step.
     */
    async confirmPassword(
      userId: string,
      password: string,
      ip: string,
      { signedIn }: { signedIn: boolean },
    ): Promise<boolean> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      return passwordMatches(user, password, ip, signedIn);
    },

    /** The second step of a sign-in: the challenge and a code make the session. */
    async loginWithCode(body: { challenge: string; code: string }) {
      const { userId, userAgent, external } = await twoStep.redeemChallenge(
        body.challenge,
        body.code,
      );
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Sign-in expired. Sign in again.');
      return finishSignIn(user, userAgent, external);
    },

    /** Turns two-step codes off: the password and a current code. */
    async disableTwoStep(userId: string, body: { password: string; code: string }, ip: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      await checkPassword(user, body.password, ip);
      await twoStep.disable(userId, body.code);
    },

    /**
     * A new password for the signed-in user (the current one, and a code when two-step codes are
     * on); every other session of theirs ends, this one stays.
     */
    async changePassword(
      userId: string,
      token: string,
      body: { currentPassword: string; newPassword: string; twoStepCode?: string | undefined },
      ip: string,
    ): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      await checkPassword(user, body.currentPassword, ip);
      checkPasswordStrength(body.newPassword);
      await twoStep.requireSecondStep(userId, body.twoStepCode);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (tx) => {
        await updateUser(tx, userId, { password_hash: passwordHash });
        await revokeOtherSessions(tx, userId, hashToken(token));
        await notifications.notify(tx, { userId, type: 'password_changed' });
      });
    },

    /** The user's live sessions, this one marked. */
    async listSessions(userId: string, token: string): Promise<SessionInfo[]> {
      const current = hashToken(token);
      const rows = await listLiveSessions(db, userId, config.sessionIdleMinutes);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent ?? undefined),
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_used_at.toISOString(),
        current: row.token_hash.equals(current),
      }));
    },

    /** Ends one of the user's sessions; another user's (or no) session is 404. */
    async endSession(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await revokeSessionById(db, userId, id))) {
        throw new AppError('not_found', 404, 'No such session.');
      }
    },

    async endOtherSessions(userId: string, token: string): Promise<void> {
      await revokeOtherSessions(db, userId, hashToken(token));
    },

    async logout(token: string): Promise<void> {
      await revokeSession(db, hashToken(token));
    },

    /** The user of a live session (renewing its idle timer), or null. */
    async authenticate(token: string): Promise<{ userId: string; verified: boolean } | null> {
      const session = await touchSession(db, hashToken(token), config.sessionIdleMinutes);
      if (!session) return null;
      return {
        userId: session.user_id,
        verified: isIdentityVerified({
          kyc_status: session.kyc_status,
          persona_status: session.persona_status,
          plaidIdentityStatus: session.plaid_identity_status,
        }),
      };
    },

    async getProfile(userId: string): Promise<UserProfile> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      return profile(user);
    },

    /** A Pago user by E.164 phone, username (any case) or e-mail, for paying and requesting. */
    async findRecipient(
      by: { phone?: string; username?: string; email?: string },
      executor: Database = db,
    ): Promise<Party | null> {
      const user = by.phone
        ? await findUserByPhone(executor, by.phone)
        : by.username
          ? await findUserByUsername(executor, by.username)
          : by.email
            ? await findUserByEmail(executor, by.email.toLowerCase())
            : undefined;
      return user ? partyOf(user) : null;
    },

    /** See claimVerifiedPhone: call inside the transaction that consumes the SMS verification. */
    claimVerifiedPhone,

    /** What identity verification reads of an account: its language, ZIP code and provider. */
    async getAccountSettings(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      return {
        language: user.language,
        zipCode: user.zip_code,
        verificationService: user.verification_service,
      };
    },

    /**
     * The identity fields verification keeps on the account (undefined for no such user). Inside
     * the transaction that changes them, `lock` them: one change of a user's identity at a time.
     */
    async identityOf(executor: Database, userId: string, { lock = false } = {}) {
      return (lock ? lockUserIdentity : findUserIdentity)(executor, userId);
    },
    updateIdentity: updateUserIdentity,

    /**
     * What a bank application needs of a person: the verified legal name and birth date, and the
     * profile's contact details and home address (undefined for no such user).
     */
    async bankApplicant(executor: Database, userId: string) {
      const user = await findUserById(executor, userId);
      if (!user) return undefined;
      return {
        legalName: user.legal_name ?? user.name,
        birthDate: user.legal_birth_date,
        email: user.email,
        phone: user.phone,
        address: homeAddressOf(user),
      };
    },

    /** Inside a transaction pass it as `executor`: a second pool connection could starve the pool. */
    async parties(ids: string[], executor: Database = db): Promise<Map<string, Party>> {
      const rows = await findUsersByIds(executor, [...new Set(ids)]);
      return new Map(rows.map((u) => [u.id, partyOf(u)]));
    },

    async updateProfile(
      userId: string,
      body: UpdateProfileBody & { twoStepCode?: string | undefined },
    ): Promise<UserProfile> {
      const current = await findUserById(db, userId);
      if (!current) throw new AppError('unauthorized', 401, 'Not authenticated');
      const emailChanged = body.email !== current.email;
      const phoneChanged = body.phone !== undefined && (body.phone || null) !== current.phone;
      // A new e-mail or phone can take over the account: with two-step codes on, a code too.
      if (emailChanged || phoneChanged) await twoStep.requireSecondStep(userId, body.twoStepCode);
      // Whether another account holds an address is told only to whoever proved they own it.
      if (emailChanged) await emailVerification.requireVerifiedEmail(body.email);
      const clash = conflict(await findTaken(db, body.email, body.username, userId));
      if (clash) throw clash;
      const user = await db
        .transaction()
        .execute(async (tx) => {
          if (emailChanged) await emailVerification.consumeVerifiedEmail(tx, body.email);
          return updateUser(tx, userId, {
            // The display name; the legal name changes only through a new verification.
            name: body.name,
            username: body.username,
            email: body.email,
            ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
            // A changed phone number is a new, unverified one.
            ...(body.phone !== undefined && (body.phone || null) !== current.phone
              ? { phone_verified: false }
              : {}),
            ...(body.zipCode !== undefined ? { zip_code: body.zipCode || null } : {}),
            ...addressUpdate(body, current.zip_code),
            ...(body.language ? { language: body.language } : {}),
          });
        })
        .catch((error: unknown) => {
          throw uniqueViolation(error) ?? error;
        });
      return profile(user);
    },

    /** Sets the signed-in user's home address (the profile's and the banking step's form). */
    async updateAddress(userId: string, address: UsAddress): Promise<UserProfile> {
      const current = await findUserById(db, userId);
      if (!current) throw new AppError('unauthorized', 401, 'Not authenticated');
      return profile(await updateUser(db, userId, addressChanges(address, null, current.zip_code)));
    },

    /**
     * Takes one from the look-up budget of the account and of the network (PAYEE_LOOKUP_BUDGET),
     * before a phone, a username or an e-mail address is resolved to a person: else 429
     * `lookup_limit_reached` with `retryAfterSeconds` (the Retry-After header).
     */
    takePayeeLookup,

    /**
     * Whom a payer means: a user who can be paid — one with a verified phone — by
     * username or that phone, showing only what the payment screen shows. Anyone else is 404, alike.
     */
    async findPayee(
      userId: string,
      ip: string,
      by: { username?: string; phone?: string },
    ): Promise<Payee> {
      await takePayeeLookup(userId, ip);
      const user = by.phone
        ? await findUserByPhone(db, by.phone)
        : by.username
          ? await findUserByUsername(db, by.username)
          : undefined;
      if (!user?.phone_verified) throw new AppError('not_found', 404, 'No Pago user to pay here.');
      return { name: user.name, username: user.username };
    },

    /** What the payment screen shows of a person found by phone or username: name and @username. */
    async payeeOf(userId: string, executor: Database = db): Promise<Payee> {
      const user = await findUserById(executor, userId);
      if (!user) throw new AppError('not_found', 404, 'No Pago user to pay here.');
      return { name: user.name, username: user.username };
    },

    async getPublicUser(id: string): Promise<PublicUser> {
      const user = isUuid(id) ? await findUserById(db, id) : undefined;
      if (!user) throw new AppError('not_found', 404, 'No user with this id.');
      return { _id: user.id, name: user.name, username: user.username };
    },

    /**
     * Answers the same, after the same work, for any address, so no one learns which addresses
     * have accounts: the limits are taken per address whether or not an account exists, a code is stored either way, and the
     * e-mail (only for a real account) leaves after the answer, so its time does not show.
     * `onMailFailure` hears of a failed delivery.
     */
    async requestPasswordReset(
      body: PasswordResetRequestBody,
      ip: string,
      onMailFailure: (error: unknown) => void,
    ): Promise<void> {
      await emailVerification.limitSend('password_reset', body.email, ip);
      const user = await findUserByEmail(db, body.email);
      const code = await emailVerification.issueCode('password_reset', body.email);
      if (!user) return;
      emailVerification
        .mailCode(
          'password_reset',
          { email: user.email, name: user.name, language: body.language ?? user.language },
          code,
        )
        .catch(onMailFailure);
    },

    async confirmPasswordReset(body: PasswordResetConfirmBody, ip: string): Promise<void> {
      checkPasswordStrength(body.password);
      const codeId = await emailVerification.checkCode('password_reset', body.email, body.code, ip);
      const user = await findUserByEmail(db, body.email);
      if (!user) throw new AppError('invalid_verification_code', 400, 'Invalid verification code');
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (tx) => {
        await emailVerification.consumeCode(tx, codeId);
        await updateUser(tx, user.id, { password_hash: passwordHash });
        await revokeAllSessions(tx, user.id);
        await notifications.notify(tx, { userId: user.id, type: 'password_changed' });
      });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
