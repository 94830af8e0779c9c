import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type UsersTable = {
  id: Generated<string>;
  name: string;
  username: string;
  email: string;
  phone: string | null;
  phone_verified: Generated<boolean>;
  address: string | null;
  zip_code: string | null;
  verification_service: 'plaid' | 'persona' | null;
  kyc_status: string | null;
  persona_status: string | null;
  persona_inquiry_id: string | null;
  plaid_identity_status: string | null;
  unit_account_id: string | null;
  language: 'es' | 'en';
  password_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type SessionsTable = {
  token_hash: Buffer;
  user_id: string;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
};

export type VerificationCodesTable = {
  id: Generated<number>;
  email: string;
  purpose: 'email' | 'password_reset';
  code_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  consumed_at: Date | null;
};

export type RateLimitEventsTable = { key: string; at: ColumnType<Date, Date | undefined, never> };

export type SandboxMailTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  code: string | null;
  sent_at: CreatedAt;
};

/** The tables Kysely knows about, one entry per table; each feature's migration adds its own. */
export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limit_events: RateLimitEventsTable;
  sandbox_mail: SandboxMailTable;
};
