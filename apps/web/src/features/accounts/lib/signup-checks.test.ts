import { describe, expect, it } from 'vitest';
import { firstSignupProblem, SIGNUP_MESSAGES, type SignupFormInput } from './signup-checks';

const valid: SignupFormInput = {
  name: 'Jason Rivera',
  email: 'jason@example.com',
  phone: '+12125551234',
  phoneCountry: 'US',
  username: 'jason_r',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  zipCode: '10001',
  acceptTerms: true,
};

const check = (changes: Partial<SignupFormInput>, termsRequired = false) =>
  firstSignupProblem({ ...valid, ...changes }, { termsRequired });

describe('the sign-up checks', () => {
  it('passes a complete form', () => {
    expect(check({})).toBeNull();
    expect(check({ phone: '' })).toBeNull();
    expect(check({ acceptTerms: false })).toBeNull(); // the /signup page has no terms box
  });

  it.each(['name', 'email', 'username', 'password', 'zipCode'] as const)(
    'requires %s (check 1)',
    (field) => {
      expect(check({ [field]: '' })).toEqual({ field, message: SIGNUP_MESSAGES.required });
    },
  );

  it('runs the five checks in the spec order: each one wins over all later ones', () => {
    const allWrong: Partial<SignupFormInput> = {
      name: '',
      email: 'not-an-email',
      confirmPassword: 'something else',
      phone: '2125551234',
      zipCode: '   ',
      acceptTerms: false,
    };
    const order: [Partial<SignupFormInput>, string][] = [
      [{}, SIGNUP_MESSAGES.required],
      [{ name: 'Jason' }, SIGNUP_MESSAGES.invalidEmail],
      [{ email: 'jason@example.com' }, SIGNUP_MESSAGES.passwordMismatch],
      [{ confirmPassword: valid.password }, SIGNUP_MESSAGES.phoneCountryCode],
      [{ phone: '+12125551234' }, SIGNUP_MESSAGES.zipRequired],
      [{ zipCode: '10001' }, SIGNUP_MESSAGES.termsRequired],
    ];
    let values = { ...valid, ...allWrong };
    for (const [fix, message] of order) {
      values = { ...values, ...fix };
      expect(firstSignupProblem(values, { termsRequired: true })?.message).toBe(message);
    }
    expect(
      firstSignupProblem({ ...values, acceptTerms: true }, { termsRequired: true }),
    ).toBeNull();
  });

  it('treats a blank-looking ZIP code as present for check 1 and catches it at check 5', () => {
    expect(check({ zipCode: '   ' })).toEqual({
      field: 'zipCode',
      message: SIGNUP_MESSAGES.zipRequired,
    });
  });

  it.each([
    ['jason@', false],
    ['jason@example', false],
    ['jason example@x.com', false],
    ['Jason@Example.COM', true],
    [' jason@example.com ', true],
  ])('e-mail %j valid: %s', (email, isValid) => {
    expect(check({ email })?.message === SIGNUP_MESSAGES.invalidEmail).toBe(!isValid);
  });

  it('then applies the server rules, so nothing it refuses waits until after the code', () => {
    expect(check({ name: '   ' })?.message).toBe(SIGNUP_MESSAGES.invalidName);
    expect(check({ phone: '+1' })?.message).toBe(SIGNUP_MESSAGES.invalidPhone);
    expect(check({ phone: '+15551234567' })?.message).toBe(SIGNUP_MESSAGES.invalidPhone);
    expect(check({ phone: '+442079460958' })?.message).toBe(SIGNUP_MESSAGES.invalidPhone);
    expect(check({ username: 'jo' })?.message).toBe(SIGNUP_MESSAGES.invalidUsername);
    expect(check({ username: 'jason rivera' })?.message).toBe(SIGNUP_MESSAGES.invalidUsername);
    expect(check({ password: 'short', confirmPassword: 'short' })?.message).toBe(
      SIGNUP_MESSAGES.invalidPassword,
    );
    expect(check({ zipCode: '1234567890123' })?.message).toBe(SIGNUP_MESSAGES.invalidZip);
  });

  it('asks for the terms before the server rules (modal)', () => {
    expect(check({ username: 'jo', acceptTerms: false }, true)?.message).toBe(
      SIGNUP_MESSAGES.termsRequired,
    );
  });
});
