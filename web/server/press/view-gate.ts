/**
 * Which view requests count: a visitor's page view, sent by our own press page (a same-origin
 * POST after it has loaded), once per visitor per article per clock hour, never a bot's or a
 * prefetch's. Nothing personal is stored: a visitor is HMAC(hourly random salt, address + user
 * agent + article), kept in memory for the hour only; when the hour turns the salt and every
 * fingerprint are dropped, so no fingerprint can be linked to one of another hour.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { isbot } from 'isbot';

const HOUR_MS = 60 * 60 * 1000;
/** Fingerprints kept per hour; beyond that the oldest go (they may then count once more). */
const MAX_FINGERPRINTS = 100_000;

export class ViewGate {
  private hour = -1;
  private salt = Buffer.alloc(0);
  private fingerprints = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether this is the first page view of `articleKey` by this visitor this hour (bots and prefetches never are). */
  firstPageView(req: Request, articleKey: string): boolean {
    const userAgent = req.get('user-agent') ?? '';
    if (!userAgent || isbot(userAgent) || isPrefetch(req)) return false;
    this.rotate();
    const fingerprint = createHmac('sha256', this.salt)
      .update(`${req.ip ?? ''}\u0000${userAgent}\u0000${articleKey}`)
      .digest('base64url')
      .slice(0, 22);
    if (this.fingerprints.has(fingerprint)) return false;
    this.fingerprints.add(fingerprint);
    if (this.fingerprints.size > MAX_FINGERPRINTS) this.fingerprints.delete(this.fingerprints.values().next().value as string);
    return true;
  }

  private rotate(): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    if (hour === this.hour) return;
    this.hour = hour;
    this.salt = randomBytes(32);
    this.fingerprints = new Set();
  }
}

/**
 * A browser's request from one of our pages: an Origin naming the host addressed, and
 * `Sec-Fetch-Site: same-origin` when the browser sends that header. A request without Origin
 * (curl, a script, a plain link) is not.
 */
export function isFromOurPage(req: Request): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = req.get('origin');
  if (!origin) return false;
  try {
    // Express reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), never from the client.
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

function isPrefetch(req: Request): boolean {
  return /prefetch|prerender/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-moz') ?? ''}`);
}
