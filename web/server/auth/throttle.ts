/**
 * Failed-login throttle: at most `maxFailures` failures per key (IP + email) in a sliding window.
 * Per process, like every rate limit of this server (documented in the README).
 */
import { LruCache } from '../content/lru';

export class LoginThrottle {
  // Bounded: an attacker cycling through keys evicts the oldest, never grows memory.
  private readonly failures = new LruCache<string, number[]>({ maxEntries: 10_000 });

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  isBlocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.maxFailures;
  }

  recordFailure(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
  }
}
