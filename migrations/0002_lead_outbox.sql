-- Up Migration

-- Leads acknowledged to the visitor but not yet in `documents` (a visit slot contended): any
-- instance delivers them, each entry claimed with FOR UPDATE SKIP LOCKED by one at a time.
CREATE TABLE lead_outbox (
  id              text PRIMARY KEY,
  lead            jsonb NOT NULL,
  visit_slot_id   text,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  last_error      text,
  refused         boolean NOT NULL DEFAULT false
);
CREATE INDEX lead_outbox_due ON lead_outbox (next_attempt_at, created_at) WHERE NOT refused;

-- Down Migration
DROP TABLE lead_outbox;
