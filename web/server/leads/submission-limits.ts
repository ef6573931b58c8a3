/**
 * The limits a new lead passes before it is stored: per client address and per phone number, and
 * for a visit booking per address, per slot and network, and per shared form token. They count
 * where the limiters count (in memory, or with DATABASE_URL shared by every instance).
 */
import { createHmac } from 'node:crypto';
import type { ValidLead } from '../../shared/lead-validation';
import { addressNetwork, limitAddress } from '../http/client-address';
import { memoryLimiters, type RateLimit, type RequestLimiter, type RequestLimiters } from '../http/rate-limit';
import { TOKEN_CLOCK_SKEW_MS, TOKEN_MAX_AGE_MS, type FormTokenPayload } from './form-token';

// Generous per IP: Korean mobile carriers put many phones behind one address.
export const DEFAULT_IP_LIMIT: RateLimit = { max: 30, windowMs: 10 * 60_000 };
export const DEFAULT_PHONE_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60_000 };
// A family or an office may book from one address; a script taking every slot books far more.
export const DEFAULT_BOOKING_IP_LIMIT: RateLimit = { max: 10, windowMs: 24 * 3600_000 };
/**
 * Visits one network (IPv4 /24, IPv6 /64) may book in one slot, over longer than slots are offered
 * ahead: a family or an office books a few; a script rotating addresses cannot fill a slot.
 */
export const BOOKINGS_PER_SLOT_PER_NETWORK: RateLimit = { max: 3, windowMs: 35 * 24 * 3600_000 };
/**
 * Visits one page's shared token books (the form without JavaScript posts it; a form with
 * JavaScript books with a token of its own): few visitors without JavaScript book from one cached
 * page, while a script reading the token once booked every place with it from addresses of its own.
 */
export const BOOKINGS_PER_SHARED_TOKEN: RateLimit = { max: 3, windowMs: TOKEN_MAX_AGE_MS + TOKEN_CLOCK_SKEW_MS };

export type SubmissionLimitOptions = {
  ipLimit?: RateLimit;
  phoneLimit?: RateLimit;
  /** Visit bookings per client address (LEAD_BOOKING_LIMIT_IP). */
  bookingIpLimit?: RateLimit;
  /** Bookings of one slot per network (default BOOKINGS_PER_SLOT_PER_NETWORK). */
  slotNetworkLimit?: RateLimit;
  /** Where the limits count (default: in memory; with DATABASE_URL, shared by every instance). */
  limiters?: RequestLimiters;
};

export class SubmissionLimits {
  private readonly ipLimiter: RequestLimiter;
  private readonly phoneLimiter: RequestLimiter;
  private readonly bookingIpLimiter: RequestLimiter;
  private readonly slotNetworkLimiter: RequestLimiter;
  private readonly sharedTokenBookings: RequestLimiter;
  private readonly phoneKeySecret: Buffer;

  /** `secret`: the form tokens' (./index.ts), from which the phone numbers' key is derived. */
  constructor(options: SubmissionLimitOptions, secret: string) {
    // A key of its own, so a limit key never equals any token's signature.
    this.phoneKeySecret = createHmac('sha256', secret).update('phone-limit-key').digest();
    const limiters = options.limiters ?? memoryLimiters;
    this.ipLimiter = limiters('lead-ip', options.ipLimit ?? DEFAULT_IP_LIMIT);
    this.phoneLimiter = limiters('lead-phone', options.phoneLimit ?? DEFAULT_PHONE_LIMIT);
    this.bookingIpLimiter = limiters('booking-ip', options.bookingIpLimit ?? DEFAULT_BOOKING_IP_LIMIT);
    this.slotNetworkLimiter = limiters('booking-slot-network', options.slotNetworkLimit ?? BOOKINGS_PER_SLOT_PER_NETWORK);
    this.sharedTokenBookings = limiters('booking-shared-token', BOOKINGS_PER_SHARED_TOKEN);
  }

  /**
   * Why a new lead may not be stored now (the limits per address, per phone and per shared token),
   * or null. A shared token past its bookings is answered as expired: the page reloaded, or a form
   * with JavaScript (which fetches a token of its own), books.
   */
  async refusal(input: ValidLead, token: FormTokenPayload, ip: string, now: number): Promise<'rateLimited' | 'formExpired' | null> {
    const client = limitAddress(ip);
    const phoneKey = this.phoneKey(input.phone);
    if ((await this.phoneLimiter.isLimited(phoneKey, now)) || !(await this.ipLimiter.tryHit(client, now))) return 'rateLimited';
    if (input.visitSlotId) {
      if (!(await this.bookingIpLimiter.tryHit(client, now))) return 'rateLimited';
      if (!(await this.slotNetworkLimiter.tryHit(`${input.visitSlotId}\u0000${addressNetwork(ip)}`, now))) return 'rateLimited';
      if (token.shared && !(await this.sharedTokenBookings.tryHit(token.idempotencyKey, now))) return 'formExpired';
    }
    await this.phoneLimiter.tryHit(phoneKey, now);
    return null;
  }

  /**
   * What the limits count a phone number by: an HMAC of it, so the shared `rate_limits` table
   * (and this process's memory) never holds the number itself.
   */
  private phoneKey(phone: string): string {
    return createHmac('sha256', this.phoneKeySecret).update(phone).digest('base64url');
  }
}
