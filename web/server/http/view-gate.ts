/**
 * Which view requests count: a visitor's page view, sent by our own page (a same-origin POST
 * after it has loaded), once per visitor per key per period (press: an article per clock hour;
 * page views: a campaign per Seoul day), never a bot's or a prefetch's. Nothing personal is
 * stored: a visitor is HMAC(random salt of the period, address + user agent + key), kept in
 * memory for the period only; when the period turns the salt and every fingerprint are dropped,
 * so no fingerprint can be linked to one of another period. With DATABASE_URL the same rules hold
 * for every instance together (../press/shared-views.ts, ../measurement/shared-page-views.ts).
 */
import { limitAddress } from './client-address';
import { createHmac, randomBytes } from 'node:crypto';
import type { Request as ExpressRequest } from 'express';
import { isbot } from 'isbot';

/** What the gates read of a view request: the client's address as the server trusts it (TRUST_PROXY), the host it addressed, its headers. */
export type ViewRequest = { ip: string; host: string; header(name: string): string | undefined };

/** An Express request (the page-view beacon's) as the gates read it. */
export function viewRequestOfExpress(req: ExpressRequest): ViewRequest {
  return { ip: req.ip ?? '', host: req.host, header: (name) => req.get(name) };
}

/**
 * A resource route's request as the gates read it: the address is the load context's (Express's,
 * under TRUST_PROXY), and the URL's host is the one Express trusts (web/server/pages/fetch-adapter.ts builds it).
 */
export function viewRequestOf(request: Request, clientIp: string): ViewRequest {
  return { ip: clientIp, host: new URL(request.url).host, header: (name) => request.headers.get(name) ?? undefined };
}

const HOUR_MS = 60 * 60 * 1000;

/** The clock hour a time falls in (hours since the epoch): the press's period. */
export function clockHour(time: number): number {
  return Math.floor(time / HOUR_MS);
}

/** What tells a visitor of `key` apart before it is hashed: address + user agent + key. */
export function visitorOf(req: ViewRequest, key: string): string {
  return `${limitAddress(req.ip)}\u0000${req.header('user-agent') ?? ''}\u0000${key}`;
}

/** The address a visitor of `key` comes from, before it is hashed. */
export function addressOf(req: ViewRequest, key: string): string {
  return `${limitAddress(req.ip)}\u0000${key}`;
}

export type ViewGateOptions = {
  now?: () => number;
  /** The period a time falls in; fingerprints and their salt live for one period (default: the clock hour). */
  periodOf?: (time: number) => number;
  /** Fingerprints kept per period; beyond that the oldest go (they may then count once more). */
  maxFingerprints?: number;
  /**
   * Visitors counted per address per key per period: a household or an office shares an address,
   * and a script that changes its user agent at every request counts no more than this.
   */
  maxPerAddress?: number;
};

export class ViewGate {
  private period = Number.NaN;
  private salt = Buffer.alloc(0);
  private fingerprints = new Set<string>();
  private perAddress = new Map<string, number>();
  private readonly now: () => number;
  private readonly periodOf: (time: number) => number;
  private readonly maxFingerprints: number;
  private readonly maxPerAddress: number;

  constructor(options: ViewGateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.periodOf = options.periodOf ?? clockHour;
    this.maxFingerprints = options.maxFingerprints ?? 100_000;
    this.maxPerAddress = options.maxPerAddress ?? Number.POSITIVE_INFINITY;
  }

  /** Whether this is the first page view of `key` by this visitor this period (bots and prefetches never are). */
  firstPageView(req: ViewRequest, key: string): boolean {
    if (!isPersonsView(req)) return false;
    this.rotate();
    const fingerprint = this.hash(visitorOf(req, key));
    if (this.fingerprints.has(fingerprint)) return false;
    const address = this.hash(addressOf(req, key));
    const counted = this.perAddress.get(address) ?? 0;
    if (counted >= this.maxPerAddress) return false;
    this.perAddress.set(address, counted + 1);
    this.fingerprints.add(fingerprint);
    if (this.fingerprints.size > this.maxFingerprints) this.fingerprints.delete(this.fingerprints.values().next().value as string);
    if (this.perAddress.size > this.maxFingerprints) this.perAddress.delete(this.perAddress.keys().next().value as string);
    return true;
  }

  private hash(text: string): string {
    return createHmac('sha256', this.salt).update(text).digest('base64url').slice(0, 22);
  }

  private rotate(): void {
    const period = this.periodOf(this.now());
    if (period === this.period) return;
    this.period = period;
    this.salt = randomBytes(32);
    this.fingerprints = new Set();
    this.perAddress = new Map();
  }
}

/** A person's browser showing a page: a user agent that is not a bot's, and not a prefetch. */
export function isPersonsView(req: ViewRequest): boolean {
  const userAgent = req.header('user-agent') ?? '';
  return userAgent !== '' && !isbot(userAgent) && !isPrefetch(req);
}

/**
 * A browser's request from one of our pages: an Origin naming the host addressed, and
 * `Sec-Fetch-Site: same-origin` when the browser sends that header. A request without Origin
 * (curl, a script, a plain link) is not.
 */
export function isFromOurPage(req: ViewRequest): boolean {
  const fetchSite = req.header('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = req.header('origin');
  if (!origin) return false;
  try {
    // Express reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), never from the client.
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

function isPrefetch(req: ViewRequest): boolean {
  return /prefetch|prerender/i.test(`${req.header('sec-purpose') ?? ''} ${req.header('purpose') ?? ''} ${req.header('x-moz') ?? ''}`);
}
