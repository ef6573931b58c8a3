-- Up Migration

-- The messages to customers that went out, counted by time: the site-wide daily cap and the
-- one-message-per-number rules read them before each send.
CREATE INDEX lead_messages_customer_sent ON lead_messages (updated_at) WHERE recipient IS NULL;

-- Down Migration
DROP INDEX lead_messages_customer_sent;
