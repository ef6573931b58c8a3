/**
 * The token every lead form carries: when the form was rendered (for the minimum fill time), the
 * form's idempotency key and the consent-notice version shown, signed with HMAC-SHA256 so none of
 * them can be forged. The secret is LEAD_FORM_SECRET or the one kept in DATA_DIR (see ./index.ts);
 * without one (tests) it is random per signer.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type FormTokenPayload = {
  /** Milliseconds since the epoch when the form was rendered. */
  issuedAt: number;
  /** 32 hex characters, random per render. */
  idempotencyKey: string;
  consentVersion: string;
  /**
   * Put in a page's HTML, which the page cache serves to every visitor (a form without
   * JavaScript posts it): its leads are told apart by what they hold (see LeadService.submit).
   */
  shared: boolean;
};

// Forms fetch a fresh token when they mount, and again if told it expired: two hours covers
// reading the page and filling the form, and makes a harvested token worth little.
export const TOKEN_MAX_AGE_MS = 2 * 3600_000;
// Clocks of several instances may differ a little.
export const TOKEN_CLOCK_SKEW_MS = 60_000;

const KEY_PATTERN = /^[0-9a-f]{32}$/;
const MAX_TOKEN_LENGTH = 512;

export type FormTokenSigner = {
  issue(consentVersion: string, now?: number, options?: { shared?: boolean }): string;
  /** The payload of a token this signer issued, or null for anything else. */
  verify(token: unknown): FormTokenPayload | null;
};

export function createFormTokenSigner(secret: string | undefined): FormTokenSigner {
  const key = secret && secret.length > 0 ? secret : randomBytes(32).toString('hex');
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(consentVersion, now = Date.now(), { shared = false } = {}) {
      const payload: FormTokenPayload = {
        issuedAt: now,
        idempotencyKey: randomBytes(16).toString('hex'),
        consentVersion,
        shared,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<FormTokenPayload>;
        if (
          typeof payload.issuedAt !== 'number' ||
          typeof payload.idempotencyKey !== 'string' ||
          !KEY_PATTERN.test(payload.idempotencyKey) ||
          typeof payload.consentVersion !== 'string'
        ) {
          return null;
        }
        return {
          issuedAt: payload.issuedAt,
          idempotencyKey: payload.idempotencyKey,
          consentVersion: payload.consentVersion,
          shared: payload.shared === true,
        };
      } catch {
        return null;
      }
    },
  };
}
