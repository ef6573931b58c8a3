-- The site's own database role, run by the owner of the schema (the role `npm run db:migrate`
-- connects as) after the migrations, with psql:
--   psql "$OWNER_DATABASE_URL" -v app_role=cheonghak_app -f deploy/postgres/app-role.sql
-- Create the role first (CREATE ROLE cheonghak_app LOGIN PASSWORD '…'), then set DATABASE_URL to
-- connect as it. It may read and write the site's tables, but not change or delete the audit
-- trail: only purge_expired_audit_events (the daily purge, records past the retention the owner
-- set in audit_retention) deletes from it. A record's time is the database's: the role inserts
-- every column but `at` (and `imported_id`: `npm run leads -- import-sanity` runs as the owner).
-- Run it again after every release whose migrations add a table or function (it changes nothing
-- else); the default privileges below already cover tables and sequences the owner adds later.
-- tests/integration/from-source/audit-postgres.test.ts runs this file as it is.
GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
-- Tables and sequences a later migration creates (as this owner) are the app's to use at once: a
-- migration that adds one needs no extra step to avoid "permission denied" in the running site.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_events FROM :"app_role";
GRANT INSERT (actor, action, target, detail, ip) ON audit_events TO :"app_role";
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_retention FROM :"app_role";
GRANT EXECUTE ON FUNCTION purge_expired_audit_events() TO :"app_role";
