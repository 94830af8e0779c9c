-- The staff audit log is append-only (migration 0050; docs/ops-console.md): every UPDATE and
-- DELETE (row by row) and every TRUNCATE is refused, whatever role the connection has.

create or replace function staff_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit_log is append-only (% refused)', tg_op
    using errcode = 'insufficient_privilege';
end $$;

create or replace trigger staff_audit_log_no_change
  before update or delete on staff_audit_log
  for each row execute function staff_audit_log_append_only();

create or replace trigger staff_audit_log_no_truncate
  before truncate on staff_audit_log
  for each statement execute function staff_audit_log_append_only();
