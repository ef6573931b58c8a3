/**
 * Admin sign-in for the press page: one account (see accounts.ts), scrypt-verified passwords,
 * signed session cookies, a failed-login throttle, and the Origin check every write must pass.
 */
import type { IncomingMessage } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '../../app/lib/messages';
import { loadAdminAccount, loadSessionSecret, normalizeEmail, readJson, type AdminAccount } from './accounts';
import { hashPassword, verifyPassword } from './password';
import {
  SESSION_COOKIE,
  SessionSigner,
  clearedSessionCookie,
  readCookie,
  sessionCookie,
  type AdminSession,
} from './session';
import { LoginThrottle } from './throttle';

/** A Fetch API request (React Router actions) or Node's (Express routes). */
export type RequestLike = Request | IncomingMessage;

export type LoginResult =
  | { ok: true; session: AdminSession; setCookie: string }
  | { ok: false; status: 400 | 401 | 403 | 429; reason: string };

export type WriteAuthorization =
  | { ok: true; session: AdminSession }
  | { ok: false; status: 401 | 403; error: string };

export type AdminAuthOptions = {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Create a local admin on first start when none is configured (the embedded default). */
  allowLocalAdmin: boolean;
  now?: () => number;
  log?: (line: string) => void;
};

const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;

export class AdminAuth {
  private readonly throttle = new LoginThrottle();

  private constructor(
    private readonly account: AdminAccount | null,
    private readonly signer: SessionSigner,
    /** Revoked session id → the time it would have expired; persisted so a restart keeps it. */
    private readonly revoked: Map<string, number>,
    private readonly revokedFile: string,
    /** Verified when the email is unknown, so a wrong email costs as long as a wrong password. */
    private readonly decoyHash: string,
    private readonly now: () => number,
    private readonly production: boolean,
    private readonly trustedOrigins: Set<string>,
  ) {}

  static async start(options: AdminAuthOptions): Promise<AdminAuth> {
    const env = options.env ?? process.env;
    const authDir = path.join(options.dataDir, 'auth');
    const account = await loadAdminAccount({
      env,
      authDir,
      allowLocalAdmin: options.allowLocalAdmin,
      log: options.log ?? ((line) => console.log(line)),
    });
    const secret = await loadSessionSecret(env, authDir);
    const revokedFile = path.join(authDir, 'revoked-sessions.json');
    const revoked = new Map(Object.entries((await readJson<Record<string, number>>(revokedFile)) ?? {}));
    const trustedOrigins = new Set(
      (env.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    );
    return new AdminAuth(
      account,
      new SessionSigner(secret),
      revoked,
      revokedFile,
      await hashPassword(Math.random().toString(36)),
      options.now ?? Date.now,
      env.NODE_ENV === 'production',
      trustedOrigins,
    );
  }

  /** The signed-in admin of this request, or null (no, forged, expired or revoked cookie). */
  session(request: RequestLike): AdminSession | null {
    const token = readCookie(headerOf(request, 'cookie'), SESSION_COOKIE);
    if (!token || !this.account) return null;
    const claims = this.signer.verify(token, this.now());
    if (!claims || this.revoked.has(claims.sid)) return null;
    if (claims.email !== this.account.email || claims.ver !== this.signer.passwordVersion(this.account.passwordHash)) {
      return null;
    }
    return { email: claims.email };
  }

  async login(
    request: RequestLike,
    credentials: { email: unknown; password: unknown; clientIp: string },
  ): Promise<LoginResult> {
    if (!this.isSameOrigin(request)) return { ok: false, status: 403, reason: messages.foreignOrigin };
    const email = typeof credentials.email === 'string' ? normalizeEmail(credentials.email) : '';
    const password = typeof credentials.password === 'string' ? credentials.password : '';
    if (!email || !password || email.length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      return { ok: false, status: 400, reason: messages.loginMissingFields };
    }
    if (!this.account) return { ok: false, status: 401, reason: messages.loginUnavailable };
    const throttleKey = `${credentials.clientIp}\u0000${email}`;
    if (this.throttle.isBlocked(throttleKey, this.now())) {
      return { ok: false, status: 429, reason: messages.loginThrottled };
    }
    const knownEmail = email === this.account.email;
    const passwordMatches = await verifyPassword(password, knownEmail ? this.account.passwordHash : this.decoyHash);
    if (!knownEmail || !passwordMatches) {
      this.throttle.recordFailure(throttleKey, this.now());
      return { ok: false, status: 401, reason: messages.loginInvalid };
    }
    this.throttle.reset(throttleKey);
    const { token } = this.signer.issue(this.account.email, this.account.passwordHash, this.now());
    return { ok: true, session: { email: this.account.email }, setCookie: sessionCookie(token, this.secureCookies(request)) };
  }

  /** Revokes the request's session (if any) and returns the Set-Cookie that clears the cookie. */
  async logout(request: RequestLike): Promise<string> {
    const token = readCookie(headerOf(request, 'cookie'), SESSION_COOKIE);
    const claims = token ? this.signer.verify(token, this.now()) : null;
    if (claims) {
      const now = this.now();
      for (const [sid, expires] of this.revoked) if (expires <= now) this.revoked.delete(sid);
      this.revoked.set(claims.sid, claims.exp);
      // With ADMIN_* and SESSION_SECRET from the environment nothing else created the directory.
      await mkdir(path.dirname(this.revokedFile), { recursive: true, mode: 0o700 });
      await writeFile(this.revokedFile, JSON.stringify(Object.fromEntries(this.revoked)), { mode: 0o600 });
    }
    return clearedSessionCookie(this.secureCookies(request));
  }

  /** Every write: the Origin must be this site (403), then an admin session is required (401). */
  authorizeWrite(request: RequestLike): WriteAuthorization {
    if (!this.isSameOrigin(request)) return { ok: false, status: 403, error: messages.foreignOrigin };
    const session = this.session(request);
    if (!session) return { ok: false, status: 401, error: messages.adminSessionRequired };
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

  private secureCookies(request: RequestLike): boolean {
    return this.production && !isLoopbackHost(hostOf(request));
  }
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

function isLoopbackHost(host: string): boolean {
  return /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/.test(host);
}
