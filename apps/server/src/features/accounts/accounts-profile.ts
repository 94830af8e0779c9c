import {
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
import { isTimeZone, userTimeZone } from '@pago/shared/time-zones';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { EmailVerification } from '../email-verification/email-verification.service';
import type { TwoStep } from './two-step.service';
import {
  claimVerifiedPhone,
  findTaken,
  findUserById,
  findUserIdentity,
  lockUserIdentity,
  updateUser,
  updateUserIdentity,
} from './users.repository';

export type UserRow = Selectable<UsersTable>;

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
    timeZone: userTimeZone(user.time_zone, user.zip_code),
    timeZoneChosen: user.time_zone !== null && isTimeZone(user.time_zone),
    accountFrozen: user.frozen_at != null,
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

type Deps = {
  db: Database;
  emailVerification: EmailVerification;
  twoStep: TwoStep;
  /** The wallet balance, from the ledger. */
  balanceOf: (userId: string) => Promise<number>;
};

/** The user's profile (names, contact details, home address, language) and identity fields. */
export function createProfile({ db, emailVerification, twoStep, balanceOf }: Deps) {
  const profile = async (user: UserRow) => toUserProfile(user, await balanceOf(user.id));

  return {
    /** The profile as the API answers it, with the wallet balance. */
    profile,

    async getProfile(userId: string): Promise<UserProfile> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 401, 'Not authenticated');
      return profile(user);
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
        /** The zone the user reads times in (packages/shared/src/time-zones.ts). */
        timeZone: userTimeZone(user.time_zone, user.zip_code),
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
            ...(body.timeZone !== undefined ? { time_zone: body.timeZone } : {}),
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
  };
}
