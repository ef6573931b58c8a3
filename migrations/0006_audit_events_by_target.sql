-- Up Migration

-- The audit page's filter by customer (`?lead=`): one lead's records, newest first
-- (web/server/audit/trail.ts, auditSelection), without reading the whole year's trail.
CREATE INDEX audit_events_by_target ON audit_events (target, (at COLLATE "C"), seq);

-- Down Migration
DROP INDEX audit_events_by_target;
