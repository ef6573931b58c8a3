/**
 * Sliding-window request counting in memory, per instance (behind several instances each counts
 * its own share; the CDN/WAF in front is the global limit). Keys are kept only as long as their
 * window, so client IP addresses are never stored beyond rate limiting.
 *
 * Kept instead of rate-limiter-flexible, measured by `npm run bench:libs`: its in-memory
 * `consume` does the same per-request job slower (0.2–0.9× across runs), returns a promise per request
 * where callers here decide synchronously, and counts fixed windows, which let 2 × max through
 * across a window edge. Its Redis/Postgres stores are the reason to switch once several instances
 * must share one limit.
 */
export type RateLimit = { max: number; windowMs: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly limit: RateLimit) {}

  /** Records a hit for `key` unless it is over the limit; false when it is. */
  tryHit(key: string, now = Date.now()): boolean {
    if (this.limit.max <= 0) return true;
    this.sweep(now);
    const since = now - this.limit.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.limit.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** Milliseconds until `key` may hit again: 0 when it may now. */
  retryAfterMs(key: string, now = Date.now()): number {
    if (this.limit.max <= 0) return 0;
    const since = now - this.limit.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    return recent.length < this.limit.max ? 0 : recent[recent.length - this.limit.max] + this.limit.windowMs - now;
  }

  /** Whether a hit for `key` would be refused, without recording one. */
  isLimited(key: string, now = Date.now()): boolean {
    if (this.limit.max <= 0) return false;
    const since = now - this.limit.windowMs;
    return (this.hits.get(key) ?? []).filter((time) => time > since).length >= this.limit.max;
  }

  /** Drops keys whose window has passed, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = now;
    const since = now - this.limit.windowMs;
    for (const [key, times] of this.hits) if (!times.some((time) => time > since)) this.hits.delete(key);
  }
}
