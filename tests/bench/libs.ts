/**
 * `npm run bench:libs` — our hand-written helpers against the libraries that could replace them,
 * in one run on this machine, as operations per second and the ratio library / ours (above 1: the
 * library is faster). Each pair runs the same workload, interleaved over several rounds, and the
 * best round of each counts (the least disturbed by other processes).
 *
 * 1. LRU cache, get/set on a full cache of 10,000 entries with misses and evictions (the content
 *    query caches, image variants, webhook deliveries): the Map-based cache the server used before
 *    against `lru-cache`, which the server uses now.
 * 2. Rate limiter, one hit per request on a 20-per-minute key over 10,000 addresses (lead POSTs):
 *    web/server/http/rate-limit.ts against rate-limiter-flexible's RateLimiterMemory `consume`.
 * 3. Security headers, the middleware alone on a request (CSP, the other headers,
 *    HSTS): web/server/http/security-headers.ts against helmet configured to send the same headers.
 *
 * Environment (optional): BENCH_LIB_OPS=100000 operations per round, BENCH_LIB_ROUNDS=5.
 */
import { performance } from 'node:perf_hooks';
import type { Request, Response } from 'express';
import helmet from 'helmet';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiter } from '../../web/server/http/rate-limit';
import { securityHeaders } from '../../web/server/http/security-headers';
import { table } from './report';

const OPS = Number(process.env.BENCH_LIB_OPS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_LIB_ROUNDS ?? 5);

type Workload = (operations: number) => unknown;

/** Best ops/s of each workload over the rounds, the two alternating so both see the same machine. */
async function compare(ours: Workload, library: Workload): Promise<[number, number]> {
  const best = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, workload] of [ours, library].entries()) {
      const start = performance.now();
      await workload(OPS);
      best[index] = Math.max(best[index], OPS / ((performance.now() - start) / 1000));
    }
  }
  return [best[0], best[1]];
}

// ---------------------------------------------------------------------------------------------
// LRU cache

/**
 * The cache the server had before lru-cache: Map insertion order, re-inserted on every hit (its
 * weight bookkeeping left out here, which only makes it faster).
 */
class MapLruCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly maxEntries: number) {}
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}

const CACHE_ENTRIES = 10_000;
/** Keys from a range 1.5× the cache: about two thirds hit, the misses are set and evict. */
const cacheKeys = Array.from({ length: CACHE_ENTRIES * 1.5 }, (_, index) => `*[_type == "page" && slug == "p${index}"]`);

function cacheWorkload(cache: { get(key: string): object | undefined; set(key: string, value: object): unknown }): Workload {
  let next = 0;
  const value = { result: [] };
  return (operations) => {
    for (let op = 0; op < operations; op++) {
      // A fixed stride through the keys: deterministic, and not the cache's own order.
      next = (next + 7919) % cacheKeys.length;
      const key = cacheKeys[next];
      if (cache.get(key) === undefined) cache.set(key, value);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Rate limiter

const ADDRESSES = Array.from({ length: 10_000 }, (_, index) => `10.0.${index >> 8}.${index & 255}`);
const LIMIT = { max: 20, windowMs: 60_000 };

function ourLimiter(): Workload {
  const limiter = new RateLimiter(LIMIT);
  let next = 0;
  return (operations) => {
    for (let op = 0; op < operations; op++) limiter.tryHit(ADDRESSES[(next = (next + 1) % ADDRESSES.length)]);
  };
}

function flexibleLimiter(): Workload {
  const limiter = new RateLimiterMemory({ points: LIMIT.max, duration: LIMIT.windowMs / 1000 });
  let next = 0;
  return async (operations) => {
    for (let op = 0; op < operations; op++) {
      // consume rejects over the limit; both outcomes count as one decision.
      await limiter.consume(ADDRESSES[(next = (next + 1) % ADDRESSES.length)]).catch(() => undefined);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Security headers

const FRAME_ORIGINS = ['https://vr.example.com'];

/** The little of a request and response that the middlewares touch, recording the headers set. */
function fakeExchange(): { req: Request; res: Response; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  const res = {
    locals: {},
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  return { req: { secure: true } as Request, res: res as unknown as Response, headers };
}

function middlewareWorkload(middleware: (req: Request, res: Response, next: (error?: unknown) => void) => void): Workload {
  const next = () => undefined;
  return (operations) => {
    for (let op = 0; op < operations; op++) {
      const { req, res } = fakeExchange();
      middleware(req, res, next);
    }
  };
}

/** helmet sending what securityHeaders sends: its other defaults off. */
function helmetHeaders() {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', () => FRAME_ORIGINS.join(' ')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req: Request, res: Response, next: (error?: unknown) => void) => {
    // Not a helmet header.
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    policy(req, res, next);
  };
}

/** Both send the same headers, checked before timing them. */
function assertSameHeaders(ours: ReturnType<typeof securityHeaders>, theirs: ReturnType<typeof helmetHeaders>): void {
  const sent = (middleware: Parameters<typeof middlewareWorkload>[0]) => {
    const { req, res, headers } = fakeExchange();
    middleware(req, res, () => undefined);
    const csp = headers.get('content-security-policy') ?? '';
    // helmet leaves out the space after each `;`, the same policy to a browser.
    headers.set('content-security-policy', csp.replaceAll('; ', ';'));
    return Object.fromEntries([...headers].sort());
  };
  const [a, b] = [sent(ours), sent(theirs)];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`helmet sends other headers:\n${JSON.stringify(a, null, 1)}\n${JSON.stringify(b, null, 1)}`);
}

// ---------------------------------------------------------------------------------------------

const rows: Array<[string, string, string, string]> = [];
const row = (name: string, [ours, library]: [number, number], libraryName: string) =>
  rows.push([name, `${(ours / 1000).toFixed(0)}k`, `${(library / 1000).toFixed(0)}k (${libraryName})`, (library / ours).toFixed(2)]);

row(
  'LRU get/set, 10k entries',
  await compare(cacheWorkload(new MapLruCache(CACHE_ENTRIES)), cacheWorkload(new LRUCache<string, object>({ max: CACHE_ENTRIES }))),
  'lru-cache',
);
row('rate limit hit, 10k keys', await compare(ourLimiter(), flexibleLimiter()), 'rate-limiter-flexible');
const ourHeaders = securityHeaders({ production: true, frameOrigins: () => FRAME_ORIGINS, tags: () => [] });
const theirHeaders = helmetHeaders();
assertSameHeaders(ourHeaders, theirHeaders);
row('security headers middleware', await compare(middlewareWorkload(ourHeaders), middlewareWorkload(theirHeaders)), 'helmet');

console.log(`\nops/s, best of ${ROUNDS} rounds of ${OPS} operations (Node ${process.versions.node})\n`);
console.log(table(['workload', 'ours', 'library', 'library / ours'], rows));
