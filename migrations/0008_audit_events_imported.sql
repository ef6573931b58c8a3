-- Up Migration

-- Records moved from an old Sanity leads dataset (`npm run leads -- import-sanity`) keep the id
-- they had there: a second run finds them and adds nothing (web/server/audit/postgres-trail.ts).
ALTER TABLE audit_events ADD COLUMN imported_id text;
CREATE UNIQUE INDEX audit_events_imported ON audit_events (imported_id) WHERE imported_id IS NOT NULL;

-- Down Migration
DROP INDEX audit_events_imported;
ALTER TABLE audit_events DROP COLUMN imported_id;
