-- Up Migration

-- A message the provider may or may not have sent (it answered after the timeout, or not at all)
-- is recorded as such and never sent again blindly (web/server/messages/dispatcher.ts).
ALTER TABLE lead_messages DROP CONSTRAINT lead_messages_status_check;
ALTER TABLE lead_messages ADD CONSTRAINT lead_messages_status_check CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'unknown'));

-- Down Migration
UPDATE lead_messages SET status = 'failed' WHERE status = 'unknown';
ALTER TABLE lead_messages DROP CONSTRAINT lead_messages_status_check;
ALTER TABLE lead_messages ADD CONSTRAINT lead_messages_status_check CHECK (status IN ('pending', 'sent', 'failed', 'skipped'));
