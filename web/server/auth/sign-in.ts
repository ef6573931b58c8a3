/**
 * Password sign-in of the staff: the failed-login throttle (throttle.ts), scrypt checks in bounded
 * slots (a burst beyond them is answered 503 at once; browsers and addresses that signed in before
 * keep slots of their own), a decoy check for an email that is no account, the audit of sign-ins
 * and failures (an unknown email masked), and a success's session and device cookies. Apart from
 * staff-auth.ts, which checks the sessions this starts on every request: this is the costly path
 * an attacker aims at, taken once per sign-in.
 */
import { createHash } from 'node:crypto';
import { errorField, log } from '../observability/log';
import { limitAddress } from '../http/client-address';
import type { LoginRefusal } from '../../shared/staff-refusals';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../shared/staff-accounts';
import type { AuditTrail } from '../audit/trail';
import { ConcurrencyLimit } from '../http/concurrency-limit';
import { normalizeEmail } from './accounts';
import { type SessionSigner, deviceCookie, readDeviceToken, sessionCookie, type StaffSession } from './session';
import type { StaffAccounts } from './staff-accounts';
import type { StaffAccountRecord } from './staff-store';
import type { LoginThrottle } from './throttle';
import { headerOf, type RequestLike } from './request-headers';

/** What the sign-in form sends, and the address it came from. */
export type LoginCredentials = { email: unknown; password: unknown; clientIp: string; knownDevice?: boolean };

export type LoginResult =
  { ok: true; session: StaffSession; setCookie: string; deviceCookie: string } | { ok: false; refusal: LoginRefusal; retryAfterSeconds?: number };

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

export class PasswordSignIn {
  private readonly hashSlots = new ConcurrencyLimit(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES);
  private readonly trustedHashSlots = {
    device: new ConcurrencyLimit(MAX_CONCURRENT_TRUSTED_HASHES, MAX_QUEUED_TRUSTED_HASHES),
    address: new ConcurrencyLimit(MAX_CONCURRENT_TRUSTED_HASHES, MAX_QUEUED_TRUSTED_HASHES),
  };

  constructor(
    private readonly staff: StaffAccounts,
    private readonly audit: AuditTrail,
    private readonly signer: SessionSigner,
    private readonly throttle: LoginThrottle,
    /** Verified when the email is unknown, so a wrong email costs as long as a wrong password. */
    private readonly decoyHash: string,
    private readonly now: () => number,
    /** Production: Secure `__Host-` cookies, whatever Host the request names (a proxy may rewrite it). */
    private readonly production: boolean,
    private readonly verify: (password: string, hash: string) => Promise<boolean>,
  ) {}

  /** Checks the email and password and starts a session; the caller has checked the request's Origin. */
  async login(request: RequestLike, credentials: LoginCredentials): Promise<LoginResult> {
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

/** The staff member an account signs in as, and a session of it shows. */
export function identityOf(account: StaffAccountRecord): StaffSession {
  return { email: account.email, name: account.name, role: account.role };
}
