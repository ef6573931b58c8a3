-- Up Migration

-- Page-view statistics counted once per visitor per day whichever instance answers. Everything
-- here lives for one Seoul day: the first instance to see the next day deletes the rows of the
-- days before, the salt with them, so no fingerprint can be linked across days.
CREATE TABLE page_view_salts (
  day  text PRIMARY KEY,
  salt bytea NOT NULL
);
-- HMAC(salt of the day, address + user agent + campaign): who was counted today.
CREATE TABLE page_view_visitors (
  day         text NOT NULL,
  fingerprint text NOT NULL,
  PRIMARY KEY (day, fingerprint)
);
-- The day's combinations: admitted (stored as themselves) or folded into "*"; `first_address`
-- (HMAC of the address that brought it) until a second address brings it too.
CREATE TABLE page_view_combinations (
  day           text NOT NULL,
  id            text NOT NULL,
  admitted      boolean NOT NULL,
  first_address text,
  PRIMARY KEY (day, id)
);
-- New combinations each address (HMAC) brought today.
CREATE TABLE page_view_addresses (
  day     text NOT NULL,
  address text NOT NULL,
  brought integer NOT NULL,
  PRIMARY KEY (day, address)
);

-- Down Migration
DROP TABLE page_view_addresses;
DROP TABLE page_view_combinations;
DROP TABLE page_view_visitors;
DROP TABLE page_view_salts;
