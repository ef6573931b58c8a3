-- Up Migration

-- An audit record's time is the database's: the site's role may insert only the other columns
-- (deploy/postgres/app-role.sql), so it cannot back-date a record into the purge's reach.
ALTER TABLE audit_events ALTER COLUMN at SET DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

-- How long records are kept, set by the schema's owner (`npm run db:migrate` stores
-- AUDIT_RETENTION_DAYS); the site's role may read it, never change it.
CREATE TABLE audit_retention (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  days     integer NOT NULL CHECK (days >= 365)
);
INSERT INTO audit_retention (days) VALUES (730);

-- The purge takes neither the cutoff nor the clock from its caller.
DROP FUNCTION purge_audit_events(text);
CREATE FUNCTION purge_expired_audit_events(OUT deleted bigint, OUT before text, OUT retention_days integer)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  SELECT days INTO retention_days FROM audit_retention;
  before := to_char((now() AT TIME ZONE 'UTC') - make_interval(days => retention_days), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  WITH gone AS (DELETE FROM audit_events WHERE at COLLATE "C" < before RETURNING 1) SELECT count(*) INTO deleted FROM gone;
END $$;
REVOKE ALL ON FUNCTION purge_expired_audit_events() FROM PUBLIC;

-- Down Migration
DROP FUNCTION purge_expired_audit_events();
CREATE FUNCTION purge_audit_events(before text) RETURNS bigint LANGUAGE sql SECURITY DEFINER
  SET search_path = public, pg_temp AS $$
  WITH gone AS (DELETE FROM audit_events WHERE at COLLATE "C" < before RETURNING 1) SELECT count(*) FROM gone
$$;
REVOKE ALL ON FUNCTION purge_audit_events(text) FROM PUBLIC;
DROP TABLE audit_retention;
ALTER TABLE audit_events ALTER COLUMN at DROP DEFAULT;
