import {
  emailSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  usernameSchema,
  zipCodeSchema,
} from '@pago/shared/contracts/accounts';
import type { PhoneCountryCode } from '@pago/shared/phone-countries';

export type SignupFormInput = {
  name: string;
  email: string;
  /** E.164 or empty (the phone box formats; this is what it means). */
  phone: string;
  phoneCountry: PhoneCountryCode;
  username: string;
  password: string;
  confirmPassword: string;
  zipCode: string;
  /** Only asked for in the signup modal. */
  acceptTerms: boolean;
};

/** Translation keys (auth namespace unless prefixed) of the sign-up form's messages. */
export const SIGNUP_MESSAGES = {
  required: 'signup.errors.required',
  invalidEmail: 'signup.errors.invalidEmail',
  passwordMismatch: 'signup.errors.passwordMismatch',
  phoneCountryCode: 'signup.errors.phoneCountryCode',
  zipRequired: 'signup.errors.zipRequired',
  termsRequired: 'common:signupModal.termsRequired',
  invalidName: 'signup.errors.invalidName',
  invalidPhone: 'signup.errors.invalidPhone',
  invalidUsername: 'signup.errors.invalidUsername',
  invalidPassword: 'signup.errors.invalidPassword',
  invalidZip: 'signup.errors.invalidZip',
  commonPassword: 'signup.errors.commonPassword',
} as const;

export type SignupMessage = (typeof SIGNUP_MESSAGES)[keyof typeof SIGNUP_MESSAGES];
export type SignupProblem = { field: keyof SignupFormInput; message: SignupMessage };

const REQUIRED_FIELDS = ['name', 'email', 'username', 'password', 'zipCode'] as const;

/**
 * The first thing wrong with the form, or null. The spec's five checks come first, in its order
 * (spec §5); then the terms box (modal only); then the server's own rules for each field
 * (the shared contract), so that nothing the server would refuse waits until after the e-mail code.
 * The password's common-list check is asynchronous (its list loads on demand): password-check.ts.
 */
export function firstSignupProblem(
  values: SignupFormInput,
  { termsRequired }: { termsRequired: boolean },
): SignupProblem | null {
  const empty = REQUIRED_FIELDS.find((field) => !values[field]);
  if (empty) return { field: empty, message: SIGNUP_MESSAGES.required };
  if (!emailSchema.safeParse(values.email).success) {
    return { field: 'email', message: SIGNUP_MESSAGES.invalidEmail };
  }
  if (values.password !== values.confirmPassword) {
    return { field: 'confirmPassword', message: SIGNUP_MESSAGES.passwordMismatch };
  }
  if (values.phone && !values.phone.startsWith('+')) {
    return { field: 'phone', message: SIGNUP_MESSAGES.phoneCountryCode };
  }
  if (!values.zipCode.trim()) return { field: 'zipCode', message: SIGNUP_MESSAGES.zipRequired };
  if (termsRequired && !values.acceptTerms) {
    return { field: 'acceptTerms', message: SIGNUP_MESSAGES.termsRequired };
  }

  if (!nameSchema.safeParse(values.name).success) {
    return { field: 'name', message: SIGNUP_MESSAGES.invalidName };
  }
  if (values.phone && !phoneSchema.safeParse(values.phone).success) {
    return { field: 'phone', message: SIGNUP_MESSAGES.invalidPhone };
  }
  if (!usernameSchema.safeParse(values.username).success) {
    return { field: 'username', message: SIGNUP_MESSAGES.invalidUsername };
  }
  if (!passwordSchema.safeParse(values.password).success) {
    return { field: 'password', message: SIGNUP_MESSAGES.invalidPassword };
  }
  if (!zipCodeSchema.safeParse(values.zipCode).success) {
    return { field: 'zipCode', message: SIGNUP_MESSAGES.invalidZip };
  }
  return null;
}
