import { type Kysely, sql } from 'kysely';

/**
 * The operations console's foundation (docs/ops-console.md):
 * - `staff`: Pago's own people, apart from `users` (a staff member is never a customer and a
 *   customer's session never opens the console). Two-step codes are always on: the TOTP secret is
 *   sealed like users' (AES-256-GCM under TWO_STEP_KEY) and is NOT NULL;
 * - `staff_sessions`: only the SHA-256 of each token; idle and absolute expiry;
 * - `staff_sign_in_challenges`: the step between the right password and the code;
 * - `staff_audit_log`: append-only, enforced here by triggers refusing UPDATE, DELETE and
 *   TRUNCATE (whatever role the app connects as), with a reason that is never empty;
 * - `staff_approvals`: money actions waiting for a second staff member (four eyes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff (
      id uuid primary key default gen_random_uuid(),
      email text not null check (length(email) between 3 and 254),
      name text not null check (length(btrim(name)) between 1 and 200),
      role text not null check (role in ('support', 'compliance', 'admin')),
      password_hash text not null,
      totp_secret text not null,
      totp_last_step bigint,
      created_at timestamptz not null default now(),
      disabled_at timestamptz
    )`.execute(db);
  await sql`create unique index staff_email on staff (lower(email))`.execute(db);
  await sql`
    create table staff_sessions (
      id uuid primary key default gen_random_uuid(),
      token_hash bytea not null unique,
      staff_id uuid not null references staff (id),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text check (ip is null or length(ip) <= 64)
    )`.execute(db);
  await sql`create index staff_sessions_staff on staff_sessions (staff_id) where revoked_at is null`.execute(
    db,
  );
  await sql`
    create table staff_sign_in_challenges (
      token_hash bytea primary key,
      staff_id uuid not null references staff (id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`
    create table staff_audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      staff_id uuid not null references staff (id),
      action text not null check (length(action) between 1 and 100),
      subject_type text check (subject_type is null or length(subject_type) between 1 and 100),
      subject_id text check (subject_id is null or length(subject_id) between 1 and 200),
      user_id uuid,
      reason text not null check (length(btrim(reason)) between 1 and 1000),
      details jsonb not null default '{}'::jsonb,
      ip text check (ip is null or length(ip) <= 64)
    )`.execute(db);
  await sql`create index staff_audit_log_staff on staff_audit_log (staff_id, id desc)`.execute(db);
  await sql`create index staff_audit_log_user on staff_audit_log (user_id, id desc)
    where user_id is not null`.execute(db);
  await sql`create index staff_audit_log_action on staff_audit_log (action, id desc)`.execute(db);
  await sql`
    create function staff_audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit_log is append-only (% refused)', tg_op
        using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger staff_audit_log_no_change before update or delete on staff_audit_log
    for each row execute function staff_audit_log_append_only()`.execute(db);
  await sql`create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
    for each statement execute function staff_audit_log_append_only()`.execute(db);
  // Privileges too, for deployments where the app connects as a role other than the owner.
  await sql`revoke update, delete, truncate on staff_audit_log from public`.execute(db);
  await sql`
    create table staff_approvals (
      id uuid primary key default gen_random_uuid(),
      action text not null check (length(action) between 1 and 100),
      amount_cents bigint not null check (amount_cents >= 0),
      input jsonb not null,
      reason text not null check (length(btrim(reason)) between 1 and 1000),
      user_id uuid,
      requested_by uuid not null references staff (id),
      requested_at timestamptz not null default now(),
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'rejected', 'failed')),
      decided_by uuid references staff (id),
      decided_at timestamptz,
      decision_reason text,
      result jsonb,
      error text,
      check (decided_by is null or decided_by <> requested_by),
      check ((status = 'pending') = (decided_by is null))
    )`.execute(db);
  await sql`create index staff_approvals_pending on staff_approvals (requested_at)
    where status = 'pending'`.execute(db);
}
