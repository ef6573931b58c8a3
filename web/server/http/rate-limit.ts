/**
 * Request limits per key (an address, a phone number). Two stores behind one interface:
 *
 * - one instance (no DATABASE_URL): sliding-window counting in memory (RateLimiter below). Kept
 *   instead of rate-limiter-flexible's memory store, measured by `npm run bench:libs`: that does
 *   the same per-request job slower (0.2–0.9× across runs) and counts fixed windows, which let
 *   2 × max through across a window edge. Keys are kept only as long as their window, so client
 *   addresses are never stored beyond rate limiting.
 * - several instances (DATABASE_URL): rate-limiter-flexible's RateLimiterPostgres on the shared
 *   pool, one atomic upsert per hit in the `rate_limits` table, so every instance counts the same
 *   hits. Its fixed window is the price of one maintained store every instance agrees on; should
 *   the database fail, its insurance limiter counts in memory meanwhile.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

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

  /** Forgets `key`'s hits: its next hit starts a new window. */
  forget(key: string): void {
    this.hits.delete(key);
  }

  /** Drops keys whose window has passed, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = now;
    const since = now - this.limit.windowMs;
    for (const [key, times] of this.hits) if (!times.some((time) => time > since)) this.hits.delete(key);
  }
}

/** A limit that callers await: its count may be shared by every instance. */
export interface RequestLimiter {
  /** Records a hit for `key` unless it is over the limit; false when it is. */
  tryHit(key: string, now?: number): Promise<boolean>;
  /** Whether a hit for `key` would be refused, without recording one. */
  isLimited(key: string, now?: number): Promise<boolean>;
  /** Milliseconds until `key` may hit again: 0 when it may now. */
  retryAfterMs(key: string, now?: number): Promise<number>;
  /** Forgets `key`'s hits: its next hit starts a new window. */
  forget(key: string): Promise<void>;
}

/** Makes a limiter; `name` keeps one limit's keys apart from another's in a shared store. */
export type RequestLimiters = (name: string, limit: RateLimit) => RequestLimiter;

/** One instance: the in-memory sliding window. */
export const memoryLimiters: RequestLimiters = (_name, limit) => {
  const limiter = new RateLimiter(limit);
  return {
    tryHit: async (key, now) => limiter.tryHit(key, now),
    isLimited: async (key, now) => limiter.isLimited(key, now),
    retryAfterMs: async (key, now) => limiter.retryAfterMs(key, now),
    forget: async (key) => limiter.forget(key),
  };
};

/** Several instances: counted in PostgreSQL (the clock is each instance's own `Date.now`). */
export function postgresLimiters(pool: pg.Pool): RequestLimiters {
  return (name, limit) => {
    if (limit.max <= 0) return memoryLimiters(name, limit);
    const points = limit.max;
    const duration = Math.max(1, Math.ceil(limit.windowMs / 1000));
    const limiter: RateLimiterAbstract = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      // The table comes from the migrations (the application's role needs no CREATE right).
      tableCreated: true,
      keyPrefix: name,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    });
    return {
      tryHit: (key) =>
        limiter.consume(key).then(
          () => true,
          (refusal: unknown) => {
            if (refusal instanceof RateLimiterRes) return false;
            throw refusal;
          },
        ),
      isLimited: async (key) => ((await limiter.get(key))?.consumedPoints ?? 0) >= points,
      retryAfterMs: async (key) => {
        const state = await limiter.get(key);
        return state && state.consumedPoints >= points ? state.msBeforeNext : 0;
      },
      forget: async (key) => {
        await limiter.delete(key);
      },
    };
  };
}
