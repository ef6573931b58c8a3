/**
 * Staff sign-in (the console at /admin and the press page): accounts with roles (staff-accounts.ts),
 * the password sign-in (sign-in.ts: scrypt-verified passwords, a failed-login throttle), signed
 * session cookies, the Origin check every write must pass, and the role a write needs. The account
 * is read at every session check, so a disabled account's sessions end at its next request and
 * never come back, and a new password ends them too.
 * Sign-ins (and failures) and sign-outs go to the audit trail.
 */
import { randomBytes } from 'node:crypto';
import { isStoreUnavailable, nowOrWhenAvailable } from '../content/when-available';
import path from 'node:path';
import type pg from 'pg';
import type { StaffRole } from '../../shared/staff-roles';
import type { WriteRefusal } from '../../shared/staff-refusals';
import type { AdminConfig } from '../config';
import type { AuditTrail } from '../audit/trail';
import { authDirectory, loadSessionSecret, prepareFirstAdmin } from './accounts';
import { hashPassword, passwordHashParameters, verifyPassword } from './password';
import {
  SESSION_RENEW_AFTER_MS,
  SessionSigner,
  clearedPreviewCookie,
  previewPerspectiveCookie,
  readPreviewPerspective,
  clearedSessionCookie,
  previewCookie,
  readPreviewToken,
  readSessionToken,
  sessionCookie,
  type StaffSession,
  type SessionClaims,
} from './session';
import type { StaffAccounts } from './staff-accounts';
import type { StaffAccountRecord } from './staff-store';
import { FileRevocations, PostgresRevocations, type SessionRevocations } from './revocations';
import { LoginThrottle, MemoryThrottleStore, PostgresThrottleStore } from './throttle';
import { headerOf, hostOf, type RequestLike } from './request-headers';
import { identityOf, PasswordSignIn, type LoginCredentials, type LoginResult } from './sign-in';

export type WriteAuthorization = { ok: true; session: StaffSession } | { ok: false; refusal: WriteRefusal };

export type StaffAuthOptions = {
  dataDir: string;
  admin: AdminConfig;
  /** Create a local admin on first start when there is no account at all (the embedded default). */
  allowLocalAdmin: boolean;
  staff: StaffAccounts;
  audit: AuditTrail;
  /** Set (DATABASE_URL): sign-outs and the sign-in throttle are shared by every instance through it. */
  postgres?: pg.Pool;
  now?: () => number;
  log?: (line: string) => void;
  /** The password check (scrypt); a test holds it open to see how many run at once. */
  verify?: (password: string, hash: string) => Promise<boolean>;
};

export class StaffAuth {
  private constructor(
    private readonly staff: StaffAccounts,
    private readonly audit: AuditTrail,
    private readonly signer: SessionSigner,
    private readonly revocations: SessionRevocations,
    private readonly passwordSignIn: PasswordSignIn,
    private readonly now: () => number,
    /** Production: Secure `__Host-` cookies, whatever Host the request names (a proxy may rewrite it). */
    private readonly production: boolean,
    private readonly trustedOrigins: Set<string>,
  ) {}

  static async start(options: StaffAuthOptions): Promise<StaffAuth> {
    const { admin } = options;
    const authDir = authDirectory(options.dataDir);
    const { staff } = options;
    await nowOrWhenAvailable('first admin account', () =>
      prepareFirstAdmin({ staff, admin, authDir, allowLocalAdmin: options.allowLocalAdmin, log: options.log ?? ((line) => console.log(line)) }),
    );
    // Most accounts' hashes share the first one's parameters (older ones may differ); none known
    // while the database is away: the configured ones.
    const [first] = await staff.list().catch((error: unknown) => {
      if (isStoreUnavailable(error)) return [];
      throw error;
    });
    const firstHash = first ? staff.find(first.email)?.passwordHash : undefined;
    const secret = await loadSessionSecret(admin, authDir);
    const { postgres } = options;
    const signer = new SessionSigner(secret, admin.sessionIdleMs, admin.knownDeviceIdleMs);
    const now = options.now ?? Date.now;
    return new StaffAuth(
      staff,
      options.audit,
      signer,
      postgres ? new PostgresRevocations(postgres) : await FileRevocations.open(path.join(authDir, 'revoked-sessions.json')),
      new PasswordSignIn(
        staff,
        options.audit,
        signer,
        new LoginThrottle(postgres ? new PostgresThrottleStore(postgres) : new MemoryThrottleStore()),
        await hashPassword(randomBytes(16).toString('base64url'), (firstHash && passwordHashParameters(firstHash)) || admin.passwordHashing),
        now,
        admin.secureCookies,
        options.verify ?? verifyPassword,
      ),
      now,
      admin.secureCookies,
      new Set(admin.trustedOrigins),
    );
  }

  /**
   * Learns whether the request's session was signed out, and how its account stands (added,
   * disabled, a new role or password), as another instance or the CLI left them: awaited before
   * anything checks the session (an Express middleware in app.ts), since those checks are synchronous.
   */
  async learnRevocation(request: RequestLike): Promise<void> {
    const token = readSessionToken(headerOf(request, 'cookie'), this.production);
    const claims = token ? this.signer.verify(token, this.now()) : null;
    if (claims) await Promise.all([this.revocations.learn(claims.sid, this.now()), this.staff.learn(claims.email)]);
  }

  /**
   * The signed-in staff member of this request, or null (no, forged, expired, idle or revoked
   * cookie; an account since disabled, removed or given a new password).
   */
  session(request: RequestLike): StaffSession | null {
    const account = this.sessionAccount(request)?.account;
    return account ? identityOf(account) : null;
  }

  /**
   * Sliding renewal: the Set-Cookie that records this request as the session's latest activity,
   * or undefined when there is no valid session or it was renewed less than a minute ago.
   */
  renewal(request: RequestLike): string | undefined {
    const held = this.sessionAccount(request);
    const now = this.now();
    if (!held || now - held.claims.seen < SESSION_RENEW_AFTER_MS) return undefined;
    return this.renewedCookie(held.claims, held.account.role, now);
  }

  /** How long until this request's session ends unless renewed (ms); null without a valid session. */
  remainingMs(request: RequestLike): number | null {
    const held = this.sessionAccount(request);
    return held ? this.signer.endOf(held.claims, held.account.role) - this.now() : null;
  }

  /** The longer idle window a 상담사 may mark a device for at sign-in, in minutes; null: none is offered. */
  get knownDeviceIdleMinutes(): number | null {
    return this.signer.knownDeviceIdleMs === undefined ? null : Math.round(this.signer.knownDeviceIdleMs / 60_000);
  }

  /**
   * "계속 사용": the session counts as active now, whenever it was last renewed. The Set-Cookie and
   * the time left after it; null without a valid session.
   */
  extend(request: RequestLike): { setCookie: string; remainingMs: number } | null {
    const held = this.sessionAccount(request);
    if (!held) return null;
    const now = this.now();
    return {
      setCookie: this.renewedCookie(held.claims, held.account.role, now),
      remainingMs: this.signer.endOf({ ...held.claims, seen: now }, held.account.role) - now,
    };
  }

  private renewedCookie(claims: SessionClaims, role: StaffRole, now: number): string {
    return sessionCookie(this.signer.renew(claims, now), { ...claims, seen: now }, this.production, this.signer.idleOf(claims, role));
  }

  private sessionAccount(request: RequestLike): { claims: SessionClaims; account: StaffAccountRecord } | null {
    const token = readSessionToken(headerOf(request, 'cookie'), this.production);
    if (!token) return null;
    const claims = this.signer.verify(token, this.now());
    if (!claims || this.revocations.has(claims.sid)) return null;
    const account = this.staff.find(claims.email);
    if (!account || account.disabled || claims.ver !== this.signer.passwordVersion(account.passwordHash)) return null;
    // The account's session epoch: a disable, an enable, a new password (any change to the account)
    // ends every session issued before it, for good.
    if (this.signer.issuedAt(claims) < Date.parse(account.updatedAt)) return null;
    // The longer window of a marked device is a 상담사's alone.
    if (this.now() >= this.signer.endOf(claims, account.role)) return null;
    return { claims, account };
  }

  async login(request: RequestLike, credentials: LoginCredentials): Promise<LoginResult> {
    if (!this.isSameOrigin(request)) return { ok: false, refusal: 'foreignOrigin' };
    return this.passwordSignIn.login(request, credentials);
  }

  /** Revokes the request's session (if any) and returns the Set-Cookie that clears the cookie. */
  async logout(request: RequestLike, clientIp: string): Promise<string> {
    const token = readSessionToken(headerOf(request, 'cookie'), this.production);
    const claims = token ? this.signer.verify(token, this.now()) : null;
    if (claims) await this.revocations.learn(claims.sid, this.now());
    if (claims && !this.revocations.has(claims.sid)) {
      await this.audit.record({ actor: claims.email, action: 'signOut', ip: clientIp });
      await this.revocations.revoke(claims.sid, claims.exp, this.now());
    }
    return clearedSessionCookie(this.production);
  }

  /** The Set-Cookie that puts this browser in preview for an hour (`framed`: inside the Studio). */
  previewCookie(framed: boolean): string {
    return previewCookie(this.signer.issuePreview(this.now()), this.production, framed);
  }

  clearedPreviewCookie(framed: boolean): string {
    return clearedPreviewCookie(this.production, framed);
  }

  /** The Set-Cookie keeping the perspective the Studio asked for (`null`: forget it). */
  previewPerspectiveCookie(perspective: string | null, framed: boolean): string {
    return previewPerspectiveCookie(perspective, this.production, framed);
  }

  /** The perspective kept by previewPerspectiveCookie, unchecked (the caller validates it). */
  previewPerspective(request: RequestLike): string | undefined {
    return readPreviewPerspective(headerOf(request, 'cookie'), this.production);
  }

  /** Whether the request carries a preview cookie of ours that has not expired. */
  hasPreviewCookie(request: RequestLike): boolean {
    return this.signer.isPreview(readPreviewToken(headerOf(request, 'cookie'), this.production), this.now());
  }

  /**
   * Every write: the Origin must be this site (403), then a staff session is required (401), and
   * for `role` admin an admin's (403).
   */
  authorizeWrite(request: RequestLike, role?: StaffRole): WriteAuthorization {
    if (!this.isSameOrigin(request)) return { ok: false, refusal: 'foreignOrigin' };
    const session = this.session(request);
    if (!session) return { ok: false, refusal: 'staffSessionRequired' };
    if (role === 'admin' && session.role !== 'admin') return { ok: false, refusal: 'staffRoleForbidden' };
    return { ok: true, session };
  }

  /**
   * The browser's Origin (or, lacking it, Referer) must name this host or a TRUSTED_ORIGINS entry.
   * A request with neither is refused: every browser sends Origin on a cross-site POST.
   */
  isSameOrigin(request: RequestLike): boolean {
    const source = headerOf(request, 'origin') ?? headerOf(request, 'referer');
    if (!source || source === 'null') return false;
    let origin: URL;
    try {
      origin = new URL(source);
    } catch {
      return false;
    }
    if (this.trustedOrigins.has(origin.origin)) return true;
    return origin.host === hostOf(request);
  }
}
