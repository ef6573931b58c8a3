/**
 * Failed sign-in throttles, per process like every rate limit of this server (see the README):
 *
 * - per address, whatever email it tries: 5 failures in a sliding 15 minutes → refused until the
 *   window slides (changing the email does not pass it), and at most 2 checks of one address at
 *   once (a parallel burst is refused before it reaches the password hash);
 * - per account (email, from any address): the first 10 failures are free, then each further
 *   attempt waits 1, 2, 4, 8, then 15 minutes after the last failure, so a botnet spreading
 *   guesses over many addresses gets about four per hour. An hour without failures forgets them.
 * Browsers that signed in before as the email tried (device cookie, session.ts) skip the account
 * backoff, so an attacker elsewhere can delay a new browser but never lock staff out of their own;
 * they and the addresses that signed in before are "trusted" and get password-check slots of
 * their own (staff-auth.ts), which a flood from new addresses cannot take.
 */
import { LRUCache } from 'lru-cache';

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

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number; scope: 'address' | 'account' };

export class LoginThrottle {
  private readonly addressFailures = new LRUCache<string, number[]>({ max: MAX_KEYS });
  private readonly accountFailures = new LRUCache<string, AccountFailures>({ max: MAX_KEYS });
  private readonly checking = new Map<string, number>();
  private readonly signedInFrom = new LRUCache<string, true>({ max: MAX_TRUSTED_ADDRESSES, ttl: TRUSTED_ADDRESS_MS });

  /** Whether this attempt may be checked now; a known device skips the per-account backoff. */
  check(attempt: SignInAttempt, now: number): ThrottleDecision {
    const recent = this.recentAddressFailures(attempt.address, now);
    if (recent.length >= ADDRESS_MAX_FAILURES) {
      return { allowed: false, retryAfterMs: recent[0] + ADDRESS_WINDOW_MS - now, scope: 'address' };
    }
    if ((this.checking.get(attempt.address) ?? 0) >= ADDRESS_MAX_CONCURRENT_CHECKS) {
      return { allowed: false, retryAfterMs: 1000, scope: 'address' };
    }
    if (attempt.knownDevice) return { allowed: true };
    const wait = this.accountUnlocksAt(attempt.email, now) - now;
    return wait > 0 ? { allowed: false, retryAfterMs: wait, scope: 'account' } : { allowed: true };
  }

  /** Whether the attempt comes from a browser or an address that signed in before. */
  isTrusted(attempt: SignInAttempt): boolean {
    return attempt.knownDevice || this.signedInFrom.has(attempt.address);
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

  recordFailure(attempt: SignInAttempt, now: number): void {
    this.addressFailures.set(attempt.address, [...this.recentAddressFailures(attempt.address, now), now]);
    if (attempt.knownDevice) return;
    const count = (this.liveAccountFailures(attempt.email, now)?.count ?? 0) + 1;
    this.accountFailures.set(attempt.email, { count, last: now });
  }

  recordSuccess(attempt: SignInAttempt): void {
    this.addressFailures.delete(attempt.address);
    this.accountFailures.delete(attempt.email);
    this.signedInFrom.set(attempt.address, true);
  }

  private recentAddressFailures(address: string, now: number): number[] {
    return (this.addressFailures.get(address) ?? []).filter((time) => now - time < ADDRESS_WINDOW_MS);
  }

  private liveAccountFailures(email: string, now: number): AccountFailures | undefined {
    const failures = this.accountFailures.get(email);
    return failures && now - failures.last < ACCOUNT_MEMORY_MS ? failures : undefined;
  }

  private accountUnlocksAt(email: string, now: number): number {
    const failures = this.liveAccountFailures(email, now);
    if (!failures || failures.count < ACCOUNT_FREE_FAILURES) return 0;
    const delay = ACCOUNT_FIRST_DELAY_MS * 2 ** (failures.count - ACCOUNT_FREE_FAILURES);
    return failures.last + Math.min(delay, ACCOUNT_MAX_DELAY_MS);
  }
}
