-- Up Migration

-- Messages to customers and staff (알림톡/SMS): the outbox and the send log in one table, one row
-- per event and lead (the key), never the number or the name. Any instance drains the pending
-- rows, each claimed with FOR UPDATE SKIP LOCKED while it is sent.
CREATE TABLE lead_messages (
  key             text PRIMARY KEY,
  lead_id         text NOT NULL,
  event           text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  reason          text,
  provider_code   text,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX lead_messages_due ON lead_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_messages_lead ON lead_messages (lead_id, created_at);

-- Down Migration
DROP TABLE lead_messages;
