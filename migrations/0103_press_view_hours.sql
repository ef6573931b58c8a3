-- Up Migration

-- Press article views counted once per reader per article per clock hour whichever instance
-- answers. Everything here lives for one hour (`hour`: hours since the epoch): the first instance
-- to see the next hour deletes the rows of the hours before, the salt with them, so no
-- fingerprint can be linked across hours.
CREATE TABLE press_view_salts (
  hour bigint PRIMARY KEY,
  salt bytea NOT NULL
);
-- HMAC(salt of the hour, address + user agent + article): who was counted this hour.
CREATE TABLE press_view_readers (
  hour        bigint NOT NULL,
  fingerprint text NOT NULL,
  PRIMARY KEY (hour, fingerprint)
);
-- Readers counted this hour per HMAC(salt of the hour, address + article): a household's devices
-- count, a script changing its user agent at every request does not count beyond them.
CREATE TABLE press_view_addresses (
  hour    bigint NOT NULL,
  address text NOT NULL,
  counted integer NOT NULL,
  PRIMARY KEY (hour, address)
);

-- Down Migration
DROP TABLE press_view_addresses;
DROP TABLE press_view_readers;
DROP TABLE press_view_salts;
