/**
 * Failed sign-in throttles, per process like every rate limit of this server (see the README):
 *
 * - per address + email: 5 failures in a sliding 15 minutes → refused until the window slides;
 * - per account (email, from any address): the first 10 failures are free, then each further
 *   attempt waits 1, 2, 4, 8, then 15 minutes after the last failure, so a botnet spreading
 *   guesses over many addresses gets about four per hour. An hour without failures forgets them.
 *   Browsers that signed in before (device cookie, session.ts) are exempt, so an attacker can
 *   delay a new browser but never lock the admin out of their own.
 */
import { LRUCache } from 'lru-cache';

const ADDRESS_MAX_FAILURES = 5;
const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_FIRST_DELAY_MS = 60 * 1000;
const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
const ACCOUNT_MEMORY_MS = 60 * 60 * 1000;
// Bounded: an attacker cycling through keys evicts the oldest, never grows memory.
const MAX_KEYS = 10_000;

type AccountFailures = { count: number; last: number };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number; scope: 'address' | 'account' };

export class LoginThrottle {
  private readonly addressFailures = new LRUCache<string, number[]>({ max: MAX_KEYS });
  private readonly accountFailures = new LRUCache<string, AccountFailures>({ max: MAX_KEYS });

  /** Whether this attempt may be checked now; `knownDevice` skips the per-account backoff. */
  check(attempt: { address: string; email: string; knownDevice: boolean }, now: number): ThrottleDecision {
    const recent = this.recentAddressFailures(attempt, now);
    if (recent.length >= ADDRESS_MAX_FAILURES) {
      return { allowed: false, retryAfterMs: recent[0] + ADDRESS_WINDOW_MS - now, scope: 'address' };
    }
    if (attempt.knownDevice) return { allowed: true };
    const wait = this.accountUnlocksAt(attempt.email, now) - now;
    return wait > 0 ? { allowed: false, retryAfterMs: wait, scope: 'account' } : { allowed: true };
  }

  recordFailure(attempt: { address: string; email: string; knownDevice: boolean }, now: number): void {
    this.addressFailures.set(addressKey(attempt), [...this.recentAddressFailures(attempt, now), now]);
    if (attempt.knownDevice) return;
    const count = (this.liveAccountFailures(attempt.email, now)?.count ?? 0) + 1;
    this.accountFailures.set(attempt.email, { count, last: now });
  }

  recordSuccess(attempt: { address: string; email: string }): void {
    this.addressFailures.delete(addressKey(attempt));
    this.accountFailures.delete(attempt.email);
  }

  private recentAddressFailures(attempt: { address: string; email: string }, now: number): number[] {
    return (this.addressFailures.get(addressKey(attempt)) ?? []).filter((time) => now - time < ADDRESS_WINDOW_MS);
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

function addressKey(attempt: { address: string; email: string }): string {
  return `${attempt.address}\u0000${attempt.email}`;
}
