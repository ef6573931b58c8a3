/**
 * Stateless admin sessions: the cookie holds `payload.signature`, the payload
 * `{ email, sid, exp, ver }` in base64url JSON, the signature HMAC-SHA256 with the session secret.
 * Any instance holding the secret can check a session without a session table. Logout puts the
 * session id on a revocation list (kept until the session would have expired anyway), and `ver`
 * ties a session to the password hash it was issued under, so a new password ends every session.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type AdminSession = { email: string };

export type SessionClaims = { email: string; sid: string; exp: number; ver: string };

export const SESSION_COOKIE = 'admin_session';
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export class SessionSigner {
  constructor(private readonly secret: Buffer) {}

  issue(email: string, passwordHash: string, now: number): { token: string; claims: SessionClaims } {
    const claims: SessionClaims = {
      email,
      sid: randomBytes(16).toString('base64url'),
      exp: now + SESSION_TTL_MS,
      ver: this.passwordVersion(passwordHash),
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, claims };
  }

  /** The claims of a token signed with our secret and not expired; null otherwise. */
  verify(token: string, now: number): SessionClaims | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isClaims(claims) || claims.exp <= now) return null;
    return claims;
  }

  /** A short fingerprint of the password hash: changing the password changes it. */
  passwordVersion(passwordHash: string): string {
    return createHmac('sha256', this.secret).update(`password:${passwordHash}`).digest('base64url').slice(0, 16);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`session:${payload}`).digest('base64url');
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
    Number.isFinite(claims.exp)
  );
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** httpOnly, SameSite=Lax; Secure wherever the browser reaches us over HTTPS in production. */
export function sessionCookie(token: string, secure: boolean): string {
  const attributes = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SESSION_TTL_MS / 1000}`];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  const attributes = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
