/**
 * The Plaid fake's test data, after Plaid's own Sandbox: its institutions (their sandbox ids),
 * its test users and the accounts they hold (Plaid Checking ••0000, Plaid Saving ••1111, with
 * Plaid's sandbox numbers and balances).
 */
export const SANDBOX_INSTITUTIONS = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'First Gingham Credit Union' },
  { id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_109511', name: 'Tiberius Bank' },
  { id: 'ins_109512', name: 'Tartan Bank' },
] as const;

export function institutionById(id: string) {
  return SANDBOX_INSTITUTIONS.find((institution) => institution.id === id) ?? null;
}

export type SandboxAccountKind = 'checking' | 'savings';

type AccountTemplate = {
  kind: SandboxAccountKind;
  name: string;
  officialName: string;
  mask: string;
  accountNumber: string;
  availableCents: number;
  currentCents: number;
};

const ROUTING = { routing: '011401533', wireRouting: '021000021' };

const CHECKING = {
  kind: 'checking',
  name: 'Plaid Checking',
  officialName: 'Plaid Gold Standard 0% Interest Checking',
  mask: '0000',
  accountNumber: '1111222233330000',
} as const;
const SAVINGS = {
  kind: 'savings',
  name: 'Plaid Saving',
  officialName: 'Plaid Silver Standard 0.1% Interest Saving',
  mask: '1111',
  accountNumber: '1111222233331111',
} as const;

/**
 * Plaid's sandbox users. `user_good` / `pass_good` holds Plaid's balances ($100 available of
 * $110 in checking, $200 of $210 in savings). `user_low_balance` / `pass_good` is our custom
 * user (Plaid lets a sandbox define its own) whose bank reports almost nothing: $5.00 in
 * checking, $1.00 in savings. Any other password fails with INVALID_CREDENTIALS.
 */
const USERS: Record<string, { password: string; accounts: AccountTemplate[] }> = {
  user_good: {
    password: 'pass_good',
    accounts: [
      { ...CHECKING, availableCents: 10_000, currentCents: 11_000 },
      { ...SAVINGS, availableCents: 20_000, currentCents: 21_000 },
    ],
  },
  user_low_balance: {
    password: 'pass_good',
    accounts: [
      { ...CHECKING, availableCents: 500, currentCents: 500 },
      { ...SAVINGS, availableCents: 100, currentCents: 100 },
    ],
  },
};

/** The user's accounts when the credentials are right; null otherwise. */
export function sandboxLogin(username: string, password: string) {
  const user = Object.hasOwn(USERS, username) ? USERS[username] : undefined;
  if (!user || user.password !== password) return null;
  return user.accounts.map((account) => ({ ...account, ...ROUTING }));
}

/** Plaid's answer to wrong credentials, in Link and in /sandbox/public_token/create alike. */
export const INVALID_CREDENTIALS = {
  error_type: 'ITEM_ERROR',
  error_code: 'INVALID_CREDENTIALS',
  error_message: 'the provided credentials were not correct',
  display_message: 'The provided credentials were not correct. Please try again.',
};

/** Plaid's answer for an item whose login is no longer valid. */
export const ITEM_LOGIN_REQUIRED = {
  error_type: 'ITEM_ERROR',
  error_code: 'ITEM_LOGIN_REQUIRED',
  error_message:
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  display_message:
    'The login details of this account have changed. Please log in again to update them.',
};

/** Cents as Plaid's decimal dollars: 11000 → 110, 1234 → 12.34 (built from digits). */
export function centsToDollars(cents: number): number {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return Number(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}
