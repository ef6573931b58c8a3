-- Up Migration

-- A message to a staff member (the assigned 상담사) names whom it is for: their account's email.
-- Their number is read from the account at sending time, never stored here.
ALTER TABLE lead_messages ADD COLUMN recipient text;

-- Down Migration
ALTER TABLE lead_messages DROP COLUMN recipient;
