// PostgreSQL 15 for the drill: Debian's packages carry 15 (with pg_basebackup, pg_rewind and
// pg_controldata, which Patroni needs); Pago's migrations call PostgreSQL 18's `uuidv7()`.
// Production runs 18 from the PGDG packages; see docs/ha.md ("PostgreSQL 15 in the drill").

/**
 * `uuidv7()` as PostgreSQL 18 makes it (RFC 9562: 48 bits of Unix milliseconds, version 7, the
 * variant, random bits), created in the drill's `pago` database before the migrations run, and
 * only when the server is older than 18: on 18 the built-in one (pg_catalog) is used and this is
 * not created. It is bench-only SQL, not a file in db/functions, because production runs 18.
 */
export const UUIDV7_BEFORE_18 = `
do $$
begin
  if current_setting('server_version_num')::int < 180000 then
    create or replace function public.uuidv7() returns uuid
    language sql volatile parallel safe as $f$
      select encode(
        set_bit(set_bit(
          overlay(uuid_send(gen_random_uuid())
                  placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                  from 1 for 6),
          52, 1), 53, 1),
        'hex')::uuid
    $f$;
  end if;
end $$;`;
