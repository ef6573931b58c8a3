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
 * backoff, so an attacker elsewhere can delay a new browser but never lock staff out of their own;
 * they and the addresses that signed in before are "trusted" and get password-check slots of
 * their own (staff-auth.ts), which a flood from new addresses cannot take.
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

export type SignInAttempt = { address: string; email: string; knownDevice: boolean };

export type ThrottleDecision = { allowed: true; trusted: boolean } | { allowed: false; retryAfterMs: number; scope: 'address' | 'account' };

/** What the throttle remembers of an attempt's address and account. */
type AttemptRecord = { addressFailures: number[]; account: AccountFailures | undefined; trustedAddress: boolean };

/** Where failures are counted. `since`: failures at or before it no longer count. */
export interface ThrottleStore {
  read(attempt: SignInAttempt, now: number): Promise<AttemptRecord>;
  recordAddressFailure(address: string, now: number, since: number): Promise<void>;
  /** One more failure of the account, or the first when its last was at or before `since`. */
  recordAccountFailure(email: string, now: number, since: number): Promise<void>;
  /** Forgets the failures and trusts the address for TRUSTED_ADDRESS_MS. */
  recordSuccess(attempt: SignInAttempt, now: number): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly addressFailures = new LRUCache<string, number[]>({ max: MAX_KEYS });
  private readonly accountFailures = new LRUCache<string, AccountFailures>({ max: MAX_KEYS });
  private readonly signedInFrom = new LRUCache<string, number>({ max: MAX_TRUSTED_ADDRESSES });

  async read(attempt: SignInAttempt, now: number): Promise<AttemptRecord> {
    return {
      addressFailures: this.addressFailures.get(attempt.address) ?? [],
      account: this.accountFailures.get(attempt.email),
      trustedAddress: (this.signedInFrom.get(attempt.address) ?? 0) > now,
    };
  }

  async recordAddressFailure(address: string, now: number, since: number): Promise<void> {
    this.addressFailures.set(address, [...(this.addressFailures.get(address) ?? []).filter((time) => time > since), now]);
  }

  async recordAccountFailure(email: string, now: number, since: number): Promise<void> {
    const failures = this.accountFailures.get(email);
    this.accountFailures.set(email, { count: (failures && failures.last > since ? failures.count : 0) + 1, last: now });
  }

  async recordSuccess(attempt: SignInAttempt, now: number): Promise<void> {
    this.addressFailures.delete(attempt.address);
    this.accountFailures.delete(attempt.email);
    this.signedInFrom.set(attempt.address, now + TRUSTED_ADDRESS_MS);
  }
}

/**
 * The same counts in PostgreSQL, each change one atomic statement. Rows outlive their use only
 * until the next write of any row of their table, which deletes what no longer counts.
 */
export class PostgresThrottleStore implements ThrottleStore {
  constructor(private readonly pool: pg.Pool) {}

  async read(attempt: SignInAttempt, now: number): Promise<AttemptRecord> {
    const { rows } = await this.pool.query<{ failures: string[] | null; count: number | null; last_at: string | null; trusted: boolean }>(
      `SELECT (SELECT failures FROM sign_in_address_failures WHERE address = $1) AS failures,
              account.count, account.last_at,
              EXISTS (SELECT 1 FROM sign_in_trusted_addresses WHERE address = $1 AND until > $3) AS trusted
         FROM (SELECT 1) AS one LEFT JOIN sign_in_account_failures account ON account.email = $2`,
      [attempt.address, attempt.email, now],
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

  async recordSuccess(attempt: SignInAttempt, now: number): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_address_failures WHERE address = $1', [attempt.address]);
    await this.pool.query('DELETE FROM sign_in_account_failures WHERE email = $1', [attempt.email]);
    await this.pool.query('DELETE FROM sign_in_trusted_addresses WHERE until <= $1', [now]);
    await this.pool.query(
      'INSERT INTO sign_in_trusted_addresses (address, until) VALUES ($1, $2) ON CONFLICT (address) DO UPDATE SET until = $2',
      [attempt.address, now + TRUSTED_ADDRESS_MS],
    );
  }
}

export class LoginThrottle {
  private readonly checking = new Map<string, number>();

  constructor(private readonly store: ThrottleStore = new MemoryThrottleStore()) {}

  /**
   * Whether this attempt may be checked now, and whether it comes from a browser or an address
   * that signed in before; a known device skips the per-account backoff. The caller starts the
   * check (whileChecking) without awaiting anything else first, so the concurrency count holds.
   */
  async check(attempt: SignInAttempt, now: number): Promise<ThrottleDecision> {
    const record = await this.store.read(attempt, now);
    const recent = record.addressFailures.filter((time) => now - time < ADDRESS_WINDOW_MS);
    if (recent.length >= ADDRESS_MAX_FAILURES) {
      return { allowed: false, retryAfterMs: recent[0] + ADDRESS_WINDOW_MS - now, scope: 'address' };
    }
    if ((this.checking.get(attempt.address) ?? 0) >= ADDRESS_MAX_CONCURRENT_CHECKS) {
      return { allowed: false, retryAfterMs: 1000, scope: 'address' };
    }
    const trusted = attempt.knownDevice || record.trustedAddress;
    if (attempt.knownDevice) return { allowed: true, trusted };
    const wait = accountUnlocksAt(record.account, now) - now;
    return wait > 0 ? { allowed: false, retryAfterMs: wait, scope: 'account' } : { allowed: true, trusted };
  }

  /** Counts a password check of the attempt's address while `check` runs. */
  async whileChecking<T>(attempt: SignInAttempt, check: () => Promise<T>): Promise<T> {
    this.checking.set(attempt.address, (this.checking.get(attempt.address) ?? 0) + 1);
    try {
      return await check();
    } finally {
      const left = (this.checking.get(attempt.address) ?? 1) - 1;
      if (left > 0) this.checking.set(attempt.address, left);
      else this.checking.delete(attempt.address);
    }
  }

  async recordFailure(attempt: SignInAttempt, now: number): Promise<void> {
    await this.store.recordAddressFailure(attempt.address, now, now - ADDRESS_WINDOW_MS);
    if (!attempt.knownDevice) await this.store.recordAccountFailure(attempt.email, now, now - ACCOUNT_MEMORY_MS);
  }

  recordSuccess(attempt: SignInAttempt, now: number): Promise<void> {
    return this.store.recordSuccess(attempt, now);
  }
}

function accountUnlocksAt(failures: AccountFailures | undefined, now: number): number {
  if (!failures || now - failures.last >= ACCOUNT_MEMORY_MS || failures.count < ACCOUNT_FREE_FAILURES) return 0;
  const delay = ACCOUNT_FIRST_DELAY_MS * 2 ** (failures.count - ACCOUNT_FREE_FAILURES);
  return failures.last + Math.min(delay, ACCOUNT_MAX_DELAY_MS);
}
