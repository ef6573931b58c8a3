/**
 * Stateless admin sessions: the cookie holds `payload.signature`, the payload
 * `{ email, sid, exp, seen, ver }` in base64url JSON, the signature HMAC-SHA256 with the session
 * secret. Any instance holding the secret can check a session without a session table. Logout puts
 * the session id on a revocation list (kept until the session would have expired anyway), and `ver`
 * ties a session to the password hash it was issued under, so a new password ends every session.
 *
 * A session ends 8 hours after sign-in (`exp`) or after an idle window without a request (30
 * minutes unless configured; `seen`, the last activity, renewed at most once a minute by the
 * server: sliding renewal). A 상담사 who marks the device at sign-in ("자주 쓰는 기기", `known`) gets
 * the longer window STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES, up to a working day, and the session
 * lasts that long at most: the mark is in the signed session itself, so it holds for that browser
 * and that sign-in alone, ends with it (sign-out, a revoked or changed account) and cannot be
 * forged or carried to another account or role.
 *
 * Cookie names: in production `__Host-staff_session`, which browsers accept only with Secure,
 * Path=/ and no Domain (no subdomain or plain-http page can set or overwrite it). Outside
 * production (the dev server over http://localhost) it is `staff_session` without Secure.
 *
 * A second, long-lived "device" cookie marks a browser that has signed in before: the per-account
 * sign-in backoff (throttle.ts) does not apply to it, so an attacker who keeps failing against the
 * admin's email cannot lock the admin out of a browser they already use.
 *
 * A third, short-lived "preview" cookie (signed `{ exp }`) puts the browser in preview: pages are
 * read with drafts (see web/server/preview.ts). It is named and prefixed like the others.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffIdentity, StaffRole } from '../../shared/staff-roles';

/** The signed-in staff member. */
export type StaffSession = StaffIdentity;

/** `iat`: when it was signed in (older sessions lack it: `exp` less 8 hours); `known`: marked at sign-in. */
export type SessionClaims = { email: string; sid: string; exp: number; seen: number; ver: string; iat?: number; known?: boolean };

type DeviceClaims = { email: string; exp: number };

const SESSION_COOKIE = 'staff_session';
const DEVICE_COOKIE = 'staff_device';
const PREVIEW_COOKIE = 'preview';
const PREVIEW_PERSPECTIVE_COOKIE = 'preview-perspective';
/** An editor's preview lasts an hour; entering it again renews it. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
const SECURE_PREFIX = '__Host-';
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** The idle window unless STAFF_SESSION_IDLE_MINUTES says otherwise. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A request renews `seen` only when the last renewal is older than this (fewer Set-Cookie headers). */
export const SESSION_RENEW_AFTER_MS = 60 * 1000;
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** The session cookie's name: `__Host-` prefixed whenever it is Secure. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `${SECURE_PREFIX}${SESSION_COOKIE}` : SESSION_COOKIE;
}

function deviceCookieName(secure: boolean): string {
  return secure ? `${SECURE_PREFIX}${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

function previewCookieName(secure: boolean): string {
  return secure ? `${SECURE_PREFIX}${PREVIEW_COOKIE}` : PREVIEW_COOKIE;
}

function previewPerspectiveCookieName(secure: boolean): string {
  return secure ? `${SECURE_PREFIX}${PREVIEW_PERSPECTIVE_COOKIE}` : PREVIEW_PERSPECTIVE_COOKIE;
}

export class SessionSigner {
  constructor(
    private readonly secret: Buffer,
    readonly idleMs = SESSION_IDLE_MS,
    /** A 상담사's window on a device marked at sign-in; unset: no mark is given. */
    readonly knownDeviceIdleMs?: number,
  ) {}

  /** `knownDevice`: a 상담사 marked this device at sign-in (ignored when no longer window is set). */
  issue(email: string, passwordHash: string, now: number, knownDevice = false): { token: string; claims: SessionClaims } {
    const known = knownDevice && this.knownDeviceIdleMs !== undefined;
    const claims: SessionClaims = {
      email,
      sid: randomBytes(16).toString('base64url'),
      exp: now + (known ? Math.max(SESSION_TTL_MS, this.knownDeviceIdleMs!) : SESSION_TTL_MS),
      seen: now,
      ver: this.passwordVersion(passwordHash),
      iat: now,
      ...(known ? { known: true } : {}),
    };
    return { token: this.encode('session', claims), claims };
  }

  /** When the session was signed in. */
  issuedAt(claims: SessionClaims): number {
    return claims.iat ?? claims.exp - SESSION_TTL_MS;
  }

  /** The idle window of a session held by an account of `role`: the longer one for a 상담사's marked device. */
  idleOf(claims: SessionClaims, role: StaffRole): number {
    return claims.known && role === 'sales' && this.knownDeviceIdleMs !== undefined ? this.knownDeviceIdleMs : this.idleMs;
  }

  /** The same session, active now. */
  renew(claims: SessionClaims, now: number): string {
    return this.encode('session', { ...claims, seen: now });
  }

  /**
   * The claims of a token signed with our secret, neither expired nor idle for any role; null
   * otherwise. The account's role then says which window holds (endOf).
   */
  verify(token: string, now: number): SessionClaims | null {
    const claims = this.decode('session', token);
    if (!isClaims(claims) || now >= this.endOf(claims, 'sales')) return null;
    return claims;
  }

  /** When the session ends unless renewed: idle since `seen`, or its lifetime, whichever comes first. */
  endOf(claims: SessionClaims, role: StaffRole): number {
    return Math.min(claims.exp, claims.seen + this.idleOf(claims, role));
  }

  issueDevice(email: string, now: number): string {
    return this.encode('device', { email, exp: now + DEVICE_TTL_MS } satisfies DeviceClaims);
  }

  /** Whether the token marks a browser that signed in as this email before. */
  isKnownDevice(token: string | undefined, email: string, now: number): boolean {
    const claims = token ? (this.decode('device', token) as Partial<DeviceClaims> | null) : null;
    return claims?.email === email && typeof claims.exp === 'number' && claims.exp > now;
  }

  issuePreview(now: number): string {
    return this.encode('preview', { exp: now + PREVIEW_TTL_MS });
  }

  /** Whether the token is a preview cookie of ours that has not expired. */
  isPreview(token: string | undefined, now: number): boolean {
    const claims = token ? (this.decode('preview', token) as { exp?: unknown } | null) : null;
    return typeof claims?.exp === 'number' && claims.exp > now;
  }

  /** A short fingerprint of the password hash: changing the password changes it. */
  passwordVersion(passwordHash: string): string {
    return createHmac('sha256', this.secret).update(`password:${passwordHash}`).digest('base64url').slice(0, 16);
  }

  private encode(purpose: string, claims: object): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(purpose, payload)}`;
  }

  /** The JSON payload of a token signed for this purpose; null when forged or malformed. */
  private decode(purpose: string, token: string): unknown {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(purpose, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }

  private sign(purpose: string, payload: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${payload}`).digest('base64url');
  }
}

function isClaims(value: unknown): value is SessionClaims {
  if (value === null || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.email === 'string' &&
    typeof claims.sid === 'string' &&
    typeof claims.ver === 'string' &&
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp) &&
    typeof claims.seen === 'number' &&
    Number.isFinite(claims.seen) &&
    (claims.iat === undefined || (typeof claims.iat === 'number' && Number.isFinite(claims.iat))) &&
    (claims.known === undefined || claims.known === true)
  );
}

/**
 * The one cookie parser of the server: auth and the cache headers both use it, so a request that
 * auth reads as signed in is never treated as anonymous (and cached publicly) elsewhere.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * Whether the request carries a session or preview cookie under either name (signed in, in
 * preview, or trying to be): such a request is never answered from or into a shared cache.
 */
export function hasPersonalCookie(header: string | null | undefined): boolean {
  return [true, false].some(
    (secure) => readCookie(header, sessionCookieName(secure)) !== undefined || readCookie(header, previewCookieName(secure)) !== undefined,
  );
}

export function readPreviewToken(header: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(header, previewCookieName(secure));
}

export function readSessionToken(header: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(header, sessionCookieName(secure));
}

export function readDeviceToken(header: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(header, deviceCookieName(secure));
}

function cookie(name: string, value: string, maxAgeMs: number, secure: boolean, sameSite: 'Lax' | 'None' = 'Lax'): string {
  const attributes = [`${name}=${value}`, 'Path=/', 'HttpOnly', `SameSite=${sameSite}`, `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`];
  if (secure) attributes.push('Secure');
  // A cookie set in a cross-site frame (the Studio's) is kept only in that site's partition.
  if (sameSite === 'None') attributes.push('Partitioned');
  return attributes.join('; ');
}

/** httpOnly, SameSite=Lax; lives as long as the session may stay idle (renewal extends it). */
export function sessionCookie(token: string, claims: SessionClaims, secure: boolean, idleMs = SESSION_IDLE_MS): string {
  return cookie(sessionCookieName(secure), token, Math.min(idleMs, claims.exp - claims.seen), secure);
}

export function clearedSessionCookie(secure: boolean): string {
  return cookie(sessionCookieName(secure), '', 0, secure);
}

/**
 * The preview cookie. `framed`: sent inside the Studio's Presentation tool, a frame on another
 * site, which needs SameSite=None (allowed only with Secure, so only in production).
 */
export function previewCookie(token: string, secure: boolean, framed: boolean): string {
  return cookie(previewCookieName(secure), token, PREVIEW_TTL_MS, secure, framed && secure ? 'None' : 'Lax');
}

export function clearedPreviewCookie(secure: boolean, framed: boolean): string {
  return cookie(previewCookieName(secure), '', 0, secure, framed && secure ? 'None' : 'Lax');
}

/**
 * The perspective the Studio asked the preview for (`published`, `drafts`, or release ids,
 * comma-separated), beside the preview cookie and with its attributes; `null` clears it.
 */
export function previewPerspectiveCookie(perspective: string | null, secure: boolean, framed: boolean): string {
  return cookie(previewPerspectiveCookieName(secure), perspective ?? '', perspective ? PREVIEW_TTL_MS : 0, secure, framed && secure ? 'None' : 'Lax');
}

export function readPreviewPerspective(header: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(header, previewPerspectiveCookieName(secure));
}

export function deviceCookie(token: string, secure: boolean): string {
  return cookie(deviceCookieName(secure), token, DEVICE_TTL_MS, secure);
}
