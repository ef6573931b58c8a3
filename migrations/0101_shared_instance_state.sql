-- Up Migration

-- What every instance must agree on, beside the documents: sessions signed out (kept until the
-- session would have expired anyway, then swept).
CREATE TABLE revoked_sessions (
  sid        text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);

-- The sign-in throttle: failures per address (their times, ms), per account (a count and the
-- last one), and the addresses that signed in (trusted until `until`).
CREATE TABLE sign_in_address_failures (
  address   text PRIMARY KEY,
  failures  bigint[] NOT NULL,
  last_at   bigint NOT NULL
);
CREATE TABLE sign_in_account_failures (
  email    text PRIMARY KEY,
  count    integer NOT NULL,
  last_at  bigint NOT NULL
);
CREATE TABLE sign_in_trusted_addresses (
  address text PRIMARY KEY,
  until   bigint NOT NULL
);

-- rate-limiter-flexible's RateLimiterPostgres table (its own shape), created here so the
-- application's role needs no CREATE right. UNLOGGED: a hit writes no WAL and waits for no disk
-- flush (a sixth of the time per hit); a crash or a failover empties it, which only restarts
-- the windows.
CREATE UNLOGGED TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- The last period (day) each daily job ran in, claimed under an advisory lock.
CREATE TABLE daily_job_runs (
  job     text PRIMARY KEY,
  period  bigint NOT NULL,
  ran_at  timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE daily_job_runs;
DROP TABLE rate_limits;
DROP TABLE sign_in_trusted_addresses;
DROP TABLE sign_in_account_failures;
DROP TABLE sign_in_address_failures;
DROP TABLE revoked_sessions;
