/**
 * Staff sign-in (the console at /admin and the press page): accounts with roles (staff-accounts.ts),
 * scrypt-verified passwords, signed session cookies, a failed-login throttle, the Origin check
 * every write must pass, and the role a write needs. The account is read at every session check,
 * so a disabled account's sessions end at its next request and never come back, and a new
 * password ends them too.
 * Sign-ins (and failures) and sign-outs go to the audit trail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { errorField, log } from '../observability/log';
import { isStoreUnavailable, nowOrWhenAvailable } from '../content/when-available';
import { limitAddress } from '../http/client-address';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import type { StaffRole } from '../../shared/staff-roles';
import type { LoginRefusal, WriteRefusal } from '../../shared/staff-refusals';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../shared/staff-accounts';
import type { AdminConfig } from '../config';
import type { AuditTrail } from '../audit/trail';
import { ConcurrencyLimit } from '../http/concurrency-limit';
import { authDirectory, loadSessionSecret, normalizeEmail, prepareFirstAdmin } from './accounts';
import { hashPassword, passwordHashParameters, verifyPassword } from './password';
import {
  SESSION_RENEW_AFTER_MS,
  SessionSigner,
  clearedPreviewCookie,
  previewPerspectiveCookie,
  readPreviewPerspective,
  clearedSessionCookie,
  deviceCookie,
  previewCookie,
  readDeviceToken,
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

/** A Fetch API request (React Router actions) or Node's (Express routes). */
export type RequestLike = Request | IncomingMessage;

export type LoginResult =
  { ok: true; session: StaffSession; setCookie: string; deviceCookie: string } | { ok: false; refusal: LoginRefusal; retryAfterSeconds?: number };

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

/**
 * Password checks at once (each scrypt verification: 128 MiB and a CPU core for a few hundred ms)
 * and how many may wait; a burst beyond that is answered 503 at once, so the pages stay fast.
 */
const MAX_CONCURRENT_HASHES = 2;
const MAX_QUEUED_HASHES = 8;
/**
 * Kept for browsers that signed in before, and apart from them for an address and the email that
 * signed in from it (throttle.ts), whatever else is waiting.
 */
const MAX_CONCURRENT_TRUSTED_HASHES = 1;
const MAX_QUEUED_TRUSTED_HASHES = 4;
/** What a failed sign-in records of an email that is no account: bounded and masked. */
const UNKNOWN_EMAIL_SHOWN = 3;
const MAX_RECORDED_EMAIL = 64;
const HASH_BUSY_RETRY_AFTER_SECONDS = 2;

export class StaffAuth {
  private readonly hashSlots = new ConcurrencyLimit(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES);
  private readonly trustedHashSlots = {
    device: new ConcurrencyLimit(MAX_CONCURRENT_TRUSTED_HASHES, MAX_QUEUED_TRUSTED_HASHES),
    address: new ConcurrencyLimit(MAX_CONCURRENT_TRUSTED_HASHES, MAX_QUEUED_TRUSTED_HASHES),
  };

  private constructor(
    private readonly staff: StaffAccounts,
    private readonly audit: AuditTrail,
    private readonly signer: SessionSigner,
    private readonly revocations: SessionRevocations,
    private readonly throttle: LoginThrottle,
    /** Verified when the email is unknown, so a wrong email costs as long as a wrong password. */
    private readonly decoyHash: string,
    private readonly now: () => number,
    /** Production: Secure `__Host-` cookies, whatever Host the request names (a proxy may rewrite it). */
    private readonly production: boolean,
    private readonly trustedOrigins: Set<string>,
    private readonly verify: (password: string, hash: string) => Promise<boolean>,
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
    return new StaffAuth(
      staff,
      options.audit,
      new SessionSigner(secret, admin.sessionIdleMs, admin.knownDeviceIdleMs),
      postgres ? new PostgresRevocations(postgres) : await FileRevocations.open(path.join(authDir, 'revoked-sessions.json')),
      new LoginThrottle(postgres ? new PostgresThrottleStore(postgres) : new MemoryThrottleStore()),
      await hashPassword(randomBytes(16).toString('base64url'), (firstHash && passwordHashParameters(firstHash)) || admin.passwordHashing),
      options.now ?? Date.now,
      admin.secureCookies,
      new Set(admin.trustedOrigins),
      options.verify ?? verifyPassword,
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

  async login(request: RequestLike, credentials: { email: unknown; password: unknown; clientIp: string; knownDevice?: boolean }): Promise<LoginResult> {
    if (!this.isSameOrigin(request)) return { ok: false, refusal: 'foreignOrigin' };
    const email = typeof credentials.email === 'string' ? normalizeEmail(credentials.email) : '';
    const password = typeof credentials.password === 'string' ? credentials.password : '';
    if (!email || !password || email.length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      return { ok: false, refusal: 'loginMissingFields' };
    }
    // Accounts another instance or the CLI changed count now, not at the next refresh.
    await this.staff
      .refresh()
      .then(() => this.staff.learn(email))
      .catch((error: unknown) => log.warn({ err: errorField(error) }, 'staff: accounts unavailable; the last list is used'));
    if (!(await this.staff.hasAccounts())) return { ok: false, refusal: 'loginUnavailable' };
    const now = this.now();
    const deviceToken = readDeviceToken(headerOf(request, 'cookie'), this.production);
    const attempt = {
      address: limitAddress(credentials.clientIp),
      email,
      // The cookie is signed and names this email: it stands for this browser alone.
      device: deviceToken && this.signer.isKnownDevice(deviceToken, email, now) ? createHash('sha256').update(deviceToken).digest('base64url') : null,
    };
    const decision = await this.throttle.check(attempt, now);
    if (!decision.allowed) {
      const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      return { ok: false, refusal: decision.scope === 'address' ? 'loginThrottled' : 'loginAccountBackoff', retryAfterSeconds };
    }
    const account = this.staff.find(email);
    const slots = decision.trusted ? this.trustedHashSlots[decision.trusted] : this.hashSlots;
    const check = this.throttle.tryChecking(attempt, () => slots.tryRun(() => this.verify(password, account?.passwordHash ?? this.decoyHash)));
    if (check === 'address') return { ok: false, refusal: 'loginThrottled', retryAfterSeconds: 1 };
    if (!check) return { ok: false, refusal: 'loginBusy', retryAfterSeconds: HASH_BUSY_RETRY_AFTER_SECONDS };
    const passwordMatches = await check;
    const failed = (detail: string) =>
      this.audit.record({ actor: account ? account.email : maskedUnknownEmail(email), action: 'signInFailed', ip: credentials.clientIp, detail });
    if (!account || !passwordMatches) {
      await this.throttle.recordFailure(attempt, this.now());
      await failed(account ? '비밀번호 불일치' : '없는 계정');
      return { ok: false, refusal: 'loginInvalid' };
    }
    // The password proved who this is: saying the account is disabled tells them nothing new.
    if (account.disabled) {
      await failed('사용 중지된 계정');
      return { ok: false, refusal: 'loginDisabled' };
    }
    await this.throttle.recordSuccess(attempt, this.now());
    // Only a 상담사 marks a device; the 관리자 and 팀장 keep the usual window wherever they are.
    const knownDevice = credentials.knownDevice === true && account.role === 'sales' && this.signer.knownDeviceIdleMs !== undefined;
    await this.audit.record({ actor: account.email, action: 'signIn', ip: credentials.clientIp, detail: knownDevice ? '자주 쓰는 기기' : null });
    const { token, claims } = this.signer.issue(account.email, account.passwordHash, this.now(), knownDevice);
    return {
      ok: true,
      session: identityOf(account),
      setCookie: sessionCookie(token, claims, this.production, this.signer.idleOf(claims, account.role)),
      deviceCookie: deviceCookie(this.signer.issueDevice(account.email, this.now()), this.production),
    };
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

/**
 * An email that is no account, as the audit trail keeps it for a year: an attacker chooses it, so
 * only its first characters and its domain, without invisible characters, at most 64 characters.
 */
function maskedUnknownEmail(email: string): string {
  const visible = email.replace(/[\p{C}\s]/gu, '');
  const at = visible.lastIndexOf('@');
  const local = at === -1 ? visible : visible.slice(0, at);
  const domain = at === -1 ? '' : visible.slice(at);
  return `${local.slice(0, UNKNOWN_EMAIL_SHOWN)}***${domain}`.slice(0, MAX_RECORDED_EMAIL);
}

function identityOf(account: StaffAccountRecord): StaffSession {
  return { email: account.email, name: account.name, role: account.role };
}

export function headerOf(request: RequestLike, name: string): string | undefined {
  if (isFetchRequest(request)) return request.headers.get(name) ?? undefined;
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isFetchRequest(request: RequestLike): request is Request {
  return typeof (request.headers as Headers).get === 'function';
}

/** The host the browser addressed (what React Router's Express adapter puts in request.url). */
function hostOf(request: RequestLike): string {
  if (isFetchRequest(request)) return new URL(request.url).host;
  return headerOf(request, 'x-forwarded-host') ?? headerOf(request, 'host') ?? '';
}
