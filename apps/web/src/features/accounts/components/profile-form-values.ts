import { zodResolver } from '@hookform/resolvers/zod';
import {
  type UpdateProfileBody,
  type UserProfile,
  updateProfileBody,
} from '@pago/shared/contracts/accounts';
import { zip5 } from '@pago/shared/contracts/address';
import type { FieldErrors, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import {
  type AddressFormValues,
  addressBodyOf,
  addressValuesOf,
  isBlankAddress,
} from './address-fields';

/** The profile form's values, and how they become the request the server takes (spec §5). */

/** The modal's fields, as typed: plain strings, blank for anything the profile lacks. */
export type ProfileFormValues = {
  name: string;
  username: string;
  email: string;
  phone: string;
  /** The home address in parts; the spec's one-line `address` is written from it. */
  homeAddress: AddressFormValues;
  zipCode: string;
};
export type FieldName = Exclude<keyof ProfileFormValues, 'homeAddress'>;
export const REQUIRED: readonly FieldName[] = ['name', 'username', 'email'];

export function formValuesOf(user: UserProfile): ProfileFormValues {
  return {
    name: user.name ?? '',
    username: user.username ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    homeAddress: addressValuesOf(user.homeAddress),
    zipCode: user.zipCode ?? '',
  };
}

/** What the form started from: the profile's address and ZIP code as fields. */
export type Saved = { address: AddressFormValues; zipCode: string };

/**
 * Blank optional fields clear the value (null); a phone may be typed with spaces, dashes or
 * brackets. The address goes only when changed: blank clears it, parts replace it. A US ZIP code
 * left as it was follows a new address (as the server does), so only one typed must agree.
 */
function toRequestShape(values: ProfileFormValues, saved: Saved) {
  const address = values.homeAddress;
  const changed = (Object.keys(address) as (keyof AddressFormValues)[]).some(
    (part) => address[part].trim() !== saved.address[part],
  );
  const zipCode = values.zipCode.trim() || null;
  const followsAddress =
    changed &&
    !isBlankAddress(address) &&
    values.zipCode.trim() === saved.zipCode &&
    (zipCode === null || zip5(zipCode) !== null);
  return {
    name: values.name,
    username: values.username,
    email: values.email,
    phone: values.phone.replace(/[\s().-]/g, '') || null,
    ...(changed ? { homeAddress: isBlankAddress(address) ? null : addressBodyOf(address) } : {}),
    zipCode: followsAddress ? (zip5(address.postalCode) ?? zipCode) : zipCode,
  };
}

const schemaResolver = zodResolver(updateProfileBody);

/**
 * Spec §5 first ("Name, username, and email are required", one message for the three), then the
 * shared contract the server applies, so the form never sends what the server would refuse.
 */
export function profileResolver(
  saved: Saved,
): Resolver<ProfileFormValues, unknown, UpdateProfileBody> {
  return async (values, context, options) => {
    const missing = REQUIRED.filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      const errors: FieldErrors<ProfileFormValues> = {};
      for (const field of missing) errors[field] = { type: 'required', message: 'required' };
      return { values: {}, errors };
    }
    const result = await schemaResolver(
      toRequestShape(values, saved),
      context,
      options as unknown as ResolverOptions<Parameters<typeof schemaResolver>[0]>,
    );
    return result as unknown as ResolverResult<ProfileFormValues, UpdateProfileBody>;
  };
}
