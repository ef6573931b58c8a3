-- Up Migration

-- The audit trail (web/server/audit/postgres-trail.ts): who did what with personal data, kept at
-- least 365 days (MIN_AUDIT_RETENTION_DAYS). Append-only even for the table's owner: UPDATE and
-- TRUNCATE are refused, and so is a DELETE of a record younger than 365 days; the daily purge
-- deletes through purge_audit_events, the one function that may (SECURITY DEFINER, so an
-- application role without DELETE on the table can run it: deploy/postgres/app-role.sql).
CREATE TABLE audit_events (
  seq    bigserial PRIMARY KEY,
  at     text NOT NULL,
  actor  text NOT NULL,
  action text NOT NULL,
  target text,
  detail text,
  ip     text NOT NULL
);
CREATE INDEX audit_events_by_at ON audit_events ((at COLLATE "C"), seq);
CREATE INDEX audit_events_by_actor ON audit_events (actor, (at COLLATE "C"));

CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();

CREATE FUNCTION audit_events_refuse_early_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.at COLLATE "C" > to_char((now() AT TIME ZONE 'UTC') - interval '365 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN
    RAISE EXCEPTION 'audit_events are kept 365 days';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER audit_events_kept BEFORE DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_early_delete();

CREATE FUNCTION purge_audit_events(before text) RETURNS bigint LANGUAGE sql SECURITY DEFINER
  SET search_path = public, pg_temp AS $$
  WITH gone AS (DELETE FROM audit_events WHERE at COLLATE "C" < before RETURNING 1) SELECT count(*) FROM gone
$$;
REVOKE ALL ON FUNCTION purge_audit_events(text) FROM PUBLIC;

-- Down Migration
DROP FUNCTION purge_audit_events(text);
DROP TABLE audit_events;
DROP FUNCTION audit_events_refuse_early_delete();
DROP FUNCTION audit_events_refuse_change();
