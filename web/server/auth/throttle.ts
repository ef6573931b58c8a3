/**
 * Failed sign-in throttles, kept in memory for one instance or in PostgreSQL (DATABASE_URL) so
 * every instance behind the load balancer counts the same failures:
 *
 * - per address, whatever email it tries: 5 failures in a sliding 15 minutes → refused until the
 *   window slides (changing the email does not pass it), and at most 2 checks of one address at
 *   once in one instance (a parallel burst is refused before it reaches the password hash);
 * - per account (email, from any address): the first 10 failures are free, then each further
 *   attempt waits 1, 2, 4, 8, then 15 minutes after the last failure, so a botnet spreading
 *   guesses over many addresses gets about four per hour. An hour without failures forgets them.
 * Browsers that signed in before as the email tried (device cookie, session.ts) skip the account
 * backoff, so an attacker elsewhere can delay a new browser but never lock staff out of their own.
 * Such a browser is its own pass: its failures and concurrent checks count against itself, not
 * against the address it comes from, and it has password-check slots of its own (sign-in.ts).
 * An address trusts only the email that signed in from it: many people share one (a carrier's
 * NAT, the model house's Wi-Fi), and made-up emails from a staff member's address are strangers.
 */
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

export const ADDRESS_MAX_FAILURES = 5;
const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_MAX_CONCURRENT_CHECKS = 2;
const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_FIRST_DELAY_MS = 60 * 1000;
const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
const ACCOUNT_MEMORY_MS = 60 * 60 * 1000;
/** How long an address that signed in stays trusted. */
const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
// Bounded: an attacker cycling through keys evicts the oldest, never grows memory.
const MAX_KEYS = 10_000;
const MAX_TRUSTED_ADDRESSES = 1_000;

type AccountFailures = { count: number; last: number };

/** `device`: an id of the browser's device cookie when it signed in before as `email`, else null. */
export type SignInAttempt = { address: string; email: string; device: string | null };

/** `trusted`: which of sign-in.ts's slot pools checks it; none for a stranger. */
export type ThrottleDecision = { allowed: true; trusted: 'device' | 'address' | null } | { allowed: false; retryAfterMs: number; scope: 'address' | 'account' };

/** What the stores count an attempt by: its failures' key (its browser's or its address's), its email, and its address's trust for that email. */
type AttemptKeys = { failures: string; email: string; trust: string };

function keysOf(attempt: SignInAttempt): AttemptKeys {
  return {
    failures: attempt.device ? `device:${attempt.device}` : attempt.address,
    email: attempt.email,
    trust: `${attempt.address} ${attempt.email}`,
  };
}

/** What the throttle remembers of an attempt's failures key and account. */
type AttemptRecord = { addressFailures: number[]; account: AccountFailures | undefined; trustedAddress: boolean };

/** Where failures are counted. `since`: failures at or before it no longer count. */
export interface ThrottleStore {
  read(keys: AttemptKeys, now: number): Promise<AttemptRecord>;
  recordAddressFailure(key: string, now: number, since: number): Promise<void>;
  /** One more failure of the account, or the first when its last was at or before `since`. */
  recordAccountFailure(email: string, now: number, since: number): Promise<void>;
  /** Forgets the failures and trusts the address for this email for TRUSTED_ADDRESS_MS. */
  recordSuccess(keys: AttemptKeys, now: number): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly addressFailures = new LRUCache<string, number[]>({ max: MAX_KEYS });
  private readonly accountFailures = new LRUCache<string, AccountFailures>({ max: MAX_KEYS });
  private readonly signedInFrom = new LRUCache<string, number>({ max: MAX_TRUSTED_ADDRESSES });

  async read(keys: AttemptKeys, now: number): Promise<AttemptRecord> {
    return {
      addressFailures: this.addressFailures.get(keys.failures) ?? [],
      account: this.accountFailures.get(keys.email),
      trustedAddress: (this.signedInFrom.get(keys.trust) ?? 0) > now,
    };
  }

  async recordAddressFailure(address: string, now: number, since: number): Promise<void> {
    this.addressFailures.set(address, [...(this.addressFailures.get(address) ?? []).filter((time) => time > since), now]);
  }

  async recordAccountFailure(email: string, now: number, since: number): Promise<void> {
    const failures = this.accountFailures.get(email);
    this.accountFailures.set(email, { count: (failures && failures.last > since ? failures.count : 0) + 1, last: now });
  }

  async recordSuccess(keys: AttemptKeys, now: number): Promise<void> {
    this.addressFailures.delete(keys.failures);
    this.accountFailures.delete(keys.email);
    this.signedInFrom.set(keys.trust, now + TRUSTED_ADDRESS_MS);
  }
}

/**
 * The same counts in PostgreSQL, each change one atomic statement. Rows outlive their use only
 * until the next write of any row of their table, which deletes what no longer counts.
 */
export class PostgresThrottleStore implements ThrottleStore {
  constructor(private readonly pool: pg.Pool) {}

  async read(keys: AttemptKeys, now: number): Promise<AttemptRecord> {
    const { rows } = await this.pool.query<{ failures: string[] | null; count: number | null; last_at: string | null; trusted: boolean }>(
      `SELECT (SELECT failures FROM sign_in_address_failures WHERE address = $1) AS failures,
              account.count, account.last_at,
              EXISTS (SELECT 1 FROM sign_in_trusted_addresses WHERE address = $4 AND until > $3) AS trusted
         FROM (SELECT 1) AS one LEFT JOIN sign_in_account_failures account ON account.email = $2`,
      [keys.failures, keys.email, now, keys.trust],
    );
    const [row] = rows;
    return {
      addressFailures: (row.failures ?? []).map(Number),
      account: row.count === null ? undefined : { count: row.count, last: Number(row.last_at) },
      trustedAddress: row.trusted,
    };
  }

  async recordAddressFailure(address: string, now: number, since: number): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_address_failures WHERE last_at <= $1', [since]);
    await this.pool.query(
      `INSERT INTO sign_in_address_failures AS row (address, failures, last_at) VALUES ($1, ARRAY[$2::bigint], $2)
       ON CONFLICT (address) DO UPDATE SET
         failures = ARRAY(SELECT time FROM unnest(row.failures) AS time WHERE time > $3) || $2::bigint,
         last_at = $2`,
      [address, now, since],
    );
  }

  async recordAccountFailure(email: string, now: number, since: number): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_account_failures WHERE last_at <= $1', [since]);
    await this.pool.query(
      `INSERT INTO sign_in_account_failures AS row (email, count, last_at) VALUES ($1, 1, $2)
       ON CONFLICT (email) DO UPDATE SET count = CASE WHEN row.last_at > $3 THEN row.count + 1 ELSE 1 END, last_at = $2`,
      [email, now, since],
    );
  }

  async recordSuccess(keys: AttemptKeys, now: number): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_address_failures WHERE address = $1', [keys.failures]);
    await this.pool.query('DELETE FROM sign_in_account_failures WHERE email = $1', [keys.email]);
    await this.pool.query('DELETE FROM sign_in_trusted_addresses WHERE until <= $1', [now]);
    await this.pool.query('INSERT INTO sign_in_trusted_addresses (address, until) VALUES ($1, $2) ON CONFLICT (address) DO UPDATE SET until = $2', [
      keys.trust,
      now + TRUSTED_ADDRESS_MS,
    ]);
  }
}

export class LoginThrottle {
  private readonly checking = new Map<string, number>();

  constructor(private readonly store: ThrottleStore = new MemoryThrottleStore()) {}

  /**
   * Whether this attempt may be checked now (its address's failures, or its browser's when that
   * signed in before as this email), and which slots check it: a known device's own, those of an
   * address this email signed in from, or none. A known device skips the per-account backoff.
   */
  async check(attempt: SignInAttempt, now: number): Promise<ThrottleDecision> {
    const record = await this.store.read(keysOf(attempt), now);
    const recent = record.addressFailures.filter((time) => now - time < ADDRESS_WINDOW_MS);
    if (recent.length >= ADDRESS_MAX_FAILURES) {
      return { allowed: false, retryAfterMs: recent[0] + ADDRESS_WINDOW_MS - now, scope: 'address' };
    }
    if (attempt.device) return { allowed: true, trusted: 'device' };
    const wait = accountUnlocksAt(record.account, now) - now;
    return wait > 0 ? { allowed: false, retryAfterMs: wait, scope: 'account' } : { allowed: true, trusted: record.trustedAddress ? 'address' : null };
  }

  /**
   * Starts the attempt's password check (`start`: undefined when no slot is free) unless its
   * address (its browser, when known) has ADDRESS_MAX_CONCURRENT_CHECKS running or waiting for a
   * slot: 'address' then. Counted at once, so a burst of parallel attempts cannot all pass.
   */
  tryChecking<T>(attempt: SignInAttempt, start: () => Promise<T> | undefined): Promise<T> | undefined | 'address' {
    const key = keysOf(attempt).failures;
    const count = this.checking.get(key) ?? 0;
    if (count >= ADDRESS_MAX_CONCURRENT_CHECKS) return 'address';
    const done = () => {
      const left = (this.checking.get(key) ?? 1) - 1;
      if (left > 0) this.checking.set(key, left);
      else this.checking.delete(key);
    };
    this.checking.set(key, count + 1);
    const check = start();
    if (!check) done();
    return check?.finally(done);
  }

  async recordFailure(attempt: SignInAttempt, now: number): Promise<void> {
    await this.store.recordAddressFailure(keysOf(attempt).failures, now, now - ADDRESS_WINDOW_MS);
    if (!attempt.device) await this.store.recordAccountFailure(attempt.email, now, now - ACCOUNT_MEMORY_MS);
  }

  recordSuccess(attempt: SignInAttempt, now: number): Promise<void> {
    return this.store.recordSuccess(keysOf(attempt), now);
  }
}

function accountUnlocksAt(failures: AccountFailures | undefined, now: number): number {
  if (!failures || now - failures.last >= ACCOUNT_MEMORY_MS || failures.count < ACCOUNT_FREE_FAILURES) return 0;
  const delay = ACCOUNT_FIRST_DELAY_MS * 2 ** (failures.count - ACCOUNT_FREE_FAILURES);
  return failures.last + Math.min(delay, ACCOUNT_MAX_DELAY_MS);
}
