/**
 * Admin auth against a temporary data directory: sign-in, throttle, expiry, logout (revocation
 * survives a restart), the write checks (401 without session, 403 from a foreign Origin), and the
 * embedded default's local admin. The throttle and sign-outs also with PostgreSQL (DATABASE_URL).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffAuth, StaffAuthOptions } from '../../../web/server/auth/staff-auth';
import { hashPassword, verifyPassword } from '../../../web/server/auth/password';
import { SESSION_IDLE_MS, SESSION_TTL_MS } from '../../../web/server/auth/session';
import { loadConfig } from '../../../web/server/config';
import { INSTANCE_STORES, usePool } from '../../support/instance-stores';
import { closeStaffServices, startAuth } from '../../support/staff-harness';

const EMAIL = 'press-admin@example.test';
const PASSWORD = 'correct horse battery staple';
const SITE = 'http://site.test';

let dataDir: string;
let clock: number;
let passwordHash: string;
let postgres: pg.Pool | undefined;

/** Admin settings as the server reads them from these environment variables. */
const adminFrom = (env: Record<string, string>) => loadConfig(env).admin;

async function start(env: Record<string, string> = {}, allowLocalAdmin = false, log: (line: string) => void = () => {}, verify?: StaffAuthOptions['verify']) {
  const { auth } = await startAuth({
    dataDir,
    admin: adminFrom({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash, ...env }),
    allowLocalAdmin,
    now: () => clock,
    log,
    postgres,
    ...(verify ? { verify } : {}),
  });
  return auth;
}

function request(headers: Record<string, string> = {}, origin: string | null = SITE): Request {
  return new Request(`${SITE}/cheonghak/press`, {
    method: 'POST',
    headers: { ...(origin ? { origin } : {}), ...headers },
  });
}

function cookieFrom(setCookie: string): string {
  return setCookie.split(';')[0];
}

async function signIn(auth: StaffAuth, clientIp = '203.0.113.7'): Promise<string> {
  const result = await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp });
  if (!result.ok) throw new Error(`login failed: ${result.refusal}`);
  return cookieFrom(result.setCookie);
}

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'auth-test-'));
  clock = Date.UTC(2025, 5, 1);
  // A hash made with the earlier parameters (N = 2^14): it must keep verifying, and it keeps these
  // tests fast. New hashes use N = 2^17 (checked below).
  passwordHash ??= await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 });
});

afterEach(async () => {
  await closeStaffServices();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('password hashes', () => {
  it('verifies the right password only, and never a malformed hash', async () => {
    expect(passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(PASSWORD, passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', passwordHash)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'scrypt$99$8$1$x$y')).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(passwordHash);
  });

  it('makes new hashes with N = 2^17, r = 8, p = 1 (128 MiB) and verifies them; refuses parameters beyond 256 MiB', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
    const [, , , , salt, key] = hash.split('$');
    expect(await verifyPassword(PASSWORD, ['scrypt', 2 ** 20, 8, 1, salt, key].join('$'))).toBe(false);
  });
});

describe('sign-in', () => {
  it('signs in with the right password: httpOnly, SameSite=Lax cookie with expiry', async () => {
    const auth = await start();
    const result = await auth.login(request(), { email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD, clientIp: '1.1.1.1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
    // Outside production (the dev server on http://localhost): no Secure, so no __Host- prefix.
    expect(result.setCookie).toMatch(/^staff_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1800$/);
    expect(auth.session(request({ cookie: cookieFrom(result.setCookie) }))).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
  });

  it('in production: a Secure __Host- cookie whatever the Host (a proxy may rewrite it to localhost)', async () => {
    const auth = await start({ NODE_ENV: 'production' });
    for (const site of ['https://www.site.example', 'http://127.0.0.1:3000', 'http://localhost']) {
      const signIn = new Request(`${site}/cheonghak/press`, { method: 'POST', headers: { origin: site } });
      const result = await auth.login(signIn, { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' });
      expect(result.ok && result.setCookie, site).toMatch(/^__Host-staff_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1800; Secure$/);
      expect(result.ok && result.deviceCookie, site).toMatch(/^__Host-staff_device=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
      const cookie = result.ok ? cookieFrom(result.setCookie) : '';
      expect(auth.session(new Request(`${site}/cheonghak/press`, { headers: { cookie } })), site).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
      // The unprefixed development name is not read in production.
      expect(auth.session(new Request(`${site}/cheonghak/press`, { headers: { cookie: cookie.replace('__Host-', '') } }))).toBeNull();
    }
  });

  it('refuses a wrong password or unknown email with the same reason (401)', async () => {
    const auth = await start();
    const wrong = await auth.login(request(), { email: EMAIL, password: 'nope', clientIp: '1.1.1.1' });
    const unknown = await auth.login(request(), { email: 'who@example.test', password: PASSWORD, clientIp: '1.1.1.1' });
    expect(wrong).toEqual({ ok: false, refusal: 'loginInvalid' });
    expect(unknown).toEqual(wrong);
  });

  it('refuses empty fields (400) and a foreign Origin (403)', async () => {
    const auth = await start();
    expect(await auth.login(request(), { email: '', password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({ refusal: 'loginMissingFields' });
    const foreign = request({}, 'https://evil.example');
    expect(await auth.login(foreign, { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({ refusal: 'foreignOrigin' });
  });
});

/** Failures and sign-outs in memory and DATA_DIR (one instance), and in PostgreSQL (DATABASE_URL: every instance). */
describe.each(INSTANCE_STORES)('throttle and sign-out (%s)', (_name, onPostgres) => {
  usePool(onPostgres, (pool) => {
    postgres = pool;
  });

  it('per account: after 10 failures from any addresses, attempts wait 1, 2, 4 … up to 15 minutes; a known browser does not', async () => {
    const auth = await start();
    const known = await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '7.7.7.7' });
    const device = known.ok ? cookieFrom(known.deviceCookie) : '';
    const attempt = (password: string, clientIp: string, cookie?: string) =>
      auth.login(request(cookie ? { cookie } : {}), { email: EMAIL, password, clientIp });
    let address = 0;
    const nextAddress = () => `100.64.0.${++address}`;
    for (let failure = 1; failure <= 10; failure++) expect(await attempt('bad', nextAddress())).toMatchObject({ refusal: 'loginInvalid' });
    expect(await attempt(PASSWORD, nextAddress())).toEqual({
      ok: false,
      refusal: 'loginAccountBackoff',
      retryAfterSeconds: 60,
    });
    expect((await attempt(PASSWORD, nextAddress(), device)).ok, "the admin's own browser").toBe(true);
    // That success forgot the failures; ten more, then the delay doubles with each further failure.
    for (let failure = 1; failure <= 10; failure++) expect(await attempt('bad', nextAddress())).toMatchObject({ refusal: 'loginInvalid' });
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      clock += minutes * 60 * 1000 - 1000;
      expect(await attempt('bad', nextAddress()), `${minutes} min`).toMatchObject({ refusal: 'loginAccountBackoff', retryAfterSeconds: 1 });
      clock += 1000;
      expect(await attempt('bad', nextAddress()), `${minutes} min`).toMatchObject({ refusal: 'loginInvalid' });
    }
    // A device cookie for another email, or a forged one, does not exempt.
    const forged = device.replace(/\.[\w-]+$/, '.AAAA');
    expect(await attempt(PASSWORD, nextAddress(), forged)).toMatchObject({ refusal: 'loginAccountBackoff' });
    // An hour without failures forgets them.
    clock += 60 * 60 * 1000;
    expect((await attempt(PASSWORD, nextAddress())).ok).toBe(true);
  });

  it('after 5 failures per IP + email in 15 minutes answers 429, even to the right password', async () => {
    const auth = await start();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await auth.login(request(), { email: EMAIL, password: `bad-${attempt}`, clientIp: '9.9.9.9' })).toMatchObject({ refusal: 'loginInvalid' });
    }
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '9.9.9.9' })).toEqual({
      ok: false,
      refusal: 'loginThrottled',
      retryAfterSeconds: 15 * 60,
    });
    // Another address is not blocked by this one's failures.
    expect((await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '8.8.8.8' })).ok).toBe(true);
    // The window slides: 15 minutes after the failures, the right password works again.
    clock += 15 * 60 * 1000;
    expect((await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '9.9.9.9' })).ok).toBe(true);
  });

  it('IPv6 addresses rotated within one /64 are one address to the throttle', async () => {
    const auth = await start();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await auth.login(request(), { email: EMAIL, password: `bad-${attempt}`, clientIp: `2001:db8:77:1::${attempt + 1}` })).toMatchObject({
        refusal: 'loginInvalid',
      });
    }
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '2001:db8:77:1::99' })).toMatchObject({
      ok: false,
      refusal: 'loginThrottled',
    });
    expect((await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '2001:db8:77:2::1' })).ok).toBe(true);
  });

  it("a staff member's usual address is no pass for others behind it: a burst of made-up emails from it takes no slot of the staff member's browser, there or elsewhere", async () => {
    // The made-up emails' checks are held open until the whole burst has been let in or refused, so
    // "at once" is at once on a loaded machine too (on PostgreSQL each sign-in first waits on the
    // database, and a quick check could end before the burst's last request arrives).
    const held: Array<() => void> = [];
    let holding = true;
    let running = 0;
    let most = 0;
    const verify = async (password: string, hash: string) => {
      if (password !== 'a guess') return verifyPassword(password, hash);
      running += 1;
      most = Math.max(most, running);
      if (holding) await new Promise<void>((release) => held.push(release));
      running -= 1;
      return false;
    };
    const auth = await start({}, false, () => {}, verify);
    const shared = '198.51.100.77';
    const known = await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: shared });
    const device = known.ok ? cookieFrom(known.deviceCookie) : '';
    let answered = 0;
    const flood = Array.from({ length: 12 }, (_, index) =>
      auth.login(request(), { email: `made-up-${index}@example.test`, password: 'a guess', clientIp: shared }).finally(() => (answered += 1)),
    );
    const ownBrowser = (clientIp: string) => auth.login(request({ cookie: device }), { email: EMAIL, password: PASSWORD, clientIp });
    const [there, elsewhere] = await Promise.all([ownBrowser(shared), ownBrowser('192.0.2.99')]);
    await vi.waitFor(() => expect(answered + held.length).toBe(12));
    holding = false;
    for (const release of held) release();
    const refusals = (await Promise.all(flood)).map((result) => (result.ok ? 'ok' : result.refusal));
    expect(there.ok, 'from the shared address').toBe(true);
    expect(elsewhere.ok, 'from another address').toBe(true);
    // At most two checks of one address at once, waiting ones included: the rest is refused before any hash.
    expect(most).toBeLessThanOrEqual(2);
    expect(refusals.filter((refusal) => refusal === 'loginInvalid').length).toBeLessThanOrEqual(2);
    expect(refusals.filter((refusal) => refusal === 'loginBusy')).toEqual([]);
    // Failures enough to close the address to new browsers do not close it to the known one.
    for (let index = 0; index < 5; index++) await auth.login(request(), { email: `made-up-${index}@example.test`, password: 'a guess', clientIp: shared });
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: shared })).toMatchObject({ refusal: 'loginThrottled' });
    expect((await ownBrowser(shared)).ok, 'the known browser, after the address was throttled').toBe(true);
  });

  it('logout invalidates the session, also after a restart', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    const cleared = await auth.logout(request({ cookie }), '203.0.113.7');
    expect(cleared).toMatch(/^staff_session=; .*Max-Age=0/);
    expect(auth.session(request({ cookie }))).toBeNull();
    const restarted = await start();
    // As the app does before anything checks a session (another instance, on PostgreSQL).
    await restarted.learnRevocation(request({ cookie }));
    expect(restarted.session(request({ cookie }))).toBeNull();
    // A fresh sign-in works again.
    expect(restarted.session(request({ cookie: await signIn(restarted) }))).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
  });
});

describe('sessions', () => {
  it('expire after 8 hours, even when kept active', async () => {
    const auth = await start();
    let cookie = await signIn(auth);
    const signedInAt = clock;
    // Active every 20 minutes: each request renews the cookie, until the absolute limit.
    while (clock + 20 * 60 * 1000 < signedInAt + SESSION_TTL_MS) {
      clock += 20 * 60 * 1000;
      const renewal = auth.renewal(request({ cookie }));
      expect(renewal, new Date(clock).toISOString()).toMatch(/^staff_session=.+; Max-Age=\d+$/);
      cookie = cookieFrom(renewal!);
    }
    clock = signedInAt + SESSION_TTL_MS - 1;
    expect(auth.session(request({ cookie }))).not.toBeNull();
    clock += 1;
    expect(auth.session(request({ cookie }))).toBeNull();
  });

  it('expire after 30 minutes without a request; a renewal within a minute is skipped', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    clock += 59 * 1000;
    expect(auth.renewal(request({ cookie }))).toBeUndefined();
    clock += SESSION_IDLE_MS - 59 * 1000 - 1;
    expect(auth.session(request({ cookie }))).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
    clock += 1;
    expect(auth.session(request({ cookie }))).toBeNull();
    expect(auth.renewal(request({ cookie }))).toBeUndefined();
  });

  it('tell how long is left without renewing; "계속 사용" renews whenever asked; the idle window is configurable', async () => {
    const auth = await start({ STAFF_SESSION_IDLE_MINUTES: '10' });
    const cookie = await signIn(auth);
    expect(auth.remainingMs(request({ cookie }))).toBe(10 * 60 * 1000);
    clock += 9 * 60 * 1000;
    expect(auth.remainingMs(request({ cookie }))).toBe(60 * 1000);
    const extended = auth.extend(request({ cookie }));
    expect(extended?.remainingMs).toBe(10 * 60 * 1000);
    expect(extended?.setCookie).toMatch(/; Max-Age=600(;|$)/);
    const renewed = cookieFrom(extended!.setCookie);
    // Past the first cookie's end: only the renewed one still works.
    clock += 9.5 * 60 * 1000;
    expect(auth.session(request({ cookie }))).toBeNull();
    expect(auth.remainingMs(request({ cookie: renewed }))).toBe(30 * 1000);
    clock += 30 * 1000;
    expect(auth.remainingMs(request({ cookie: renewed }))).toBeNull();
    expect(auth.extend(request({ cookie: renewed }))).toBeNull();
  });

  it('never outlast the 8 hours, however often "계속 사용" is pressed', async () => {
    const auth = await start();
    let cookie = await signIn(auth);
    const signedInAt = clock;
    while (clock + 20 * 60 * 1000 < signedInAt + SESSION_TTL_MS) {
      clock += 20 * 60 * 1000;
      cookie = cookieFrom(auth.extend(request({ cookie }))!.setCookie);
    }
    expect(auth.remainingMs(request({ cookie }))).toBe(signedInAt + SESSION_TTL_MS - clock);
    clock = signedInAt + SESSION_TTL_MS;
    expect(auth.extend(request({ cookie }))).toBeNull();
  });

  it('reject a tampered or foreign-signed cookie', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    const [name, token] = cookie.split('=');
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: 9e15 })).toString('base64url');
    expect(auth.session(request({ cookie: `${name}=${forgedPayload}.${signature}` }))).toBeNull();
    const otherDir = mkdtempSync(path.join(tmpdir(), 'auth-test-other-'));
    try {
      const other = (
        await startAuth({ dataDir: otherDir, admin: adminFrom({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash }), allowLocalAdmin: false })
      ).auth;
      expect(other.session(request({ cookie }))).toBeNull();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('logout works when nothing was stored under DATA_DIR before (all settings from the environment)', async () => {
    const auth = await start({ SESSION_SECRET: 'x'.repeat(40) });
    const cookie = await signIn(auth);
    await auth.logout(request({ cookie }), '203.0.113.7');
    expect(auth.session(request({ cookie }))).toBeNull();
  });

  it('a new password ends existing sessions', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    const changed = await start({ ADMIN_PASSWORD_HASH: await hashPassword('another password') });
    expect(changed.session(request({ cookie }))).toBeNull();
  });
});

describe.each(INSTANCE_STORES)('a 상담사 on a device marked at sign-in (%s)', (_name, onPostgres) => {
  usePool(onPostgres, (pool) => {
    postgres = pool;
  });
  const MINUTE = 60 * 1000;

  async function team() {
    const services = await startAuth({
      dataDir,
      admin: adminFrom({
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD_HASH: passwordHash,
        STAFF_SESSION_IDLE_MINUTES: '30',
        STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: '540',
        PASSWORD_HASH_COST: '10',
      }),
      allowLocalAdmin: false,
      now: () => clock,
      postgres,
    });
    for (const [email, role] of [
      ['sales@example.test', 'sales'],
      ['lead@example.test', 'manager'],
    ] as const) {
      expect(await services.staff.add({ email, name: role, role, password: PASSWORD }, { email: EMAIL, ip: '1.1.1.1' })).toEqual({ ok: true });
    }
    const login = async (email: string, knownDevice: boolean) => {
      const result = await services.auth.login(request(), { email, password: PASSWORD, clientIp: '203.0.113.9', knownDevice });
      if (!result.ok) throw new Error(result.refusal);
      return { cookie: cookieFrom(result.setCookie), setCookie: result.setCookie };
    };
    return { ...services, login };
  }

  it('keeps the 상담사 signed in up to the longer window (a working day) when marked; unmarked, or a 팀장 or 관리자, the usual one', async () => {
    const { auth, audit, login } = await team();
    const marked = await login('sales@example.test', true);
    expect(auth.remainingMs(request({ cookie: marked.cookie }))).toBe(540 * MINUTE);
    expect(marked.setCookie).toMatch(/; Max-Age=32400(;|$)/);
    const unmarked = await login('sales@example.test', false);
    const manager = await login('lead@example.test', true);
    const admin = (await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '203.0.113.9', knownDevice: true })) as { setCookie: string };
    for (const other of [unmarked.cookie, manager.cookie, cookieFrom(admin.setCookie)]) expect(auth.remainingMs(request({ cookie: other }))).toBe(30 * MINUTE);

    // An hour without a request: the marked session goes on, renewed as any is; the others ended.
    clock += 60 * MINUTE;
    expect(auth.session(request({ cookie: marked.cookie }))).toMatchObject({ email: 'sales@example.test', role: 'sales' });
    for (const other of [unmarked.cookie, manager.cookie]) expect(auth.session(request({ cookie: other }))).toBeNull();
    // Renewed an hour in, what is left of the working day since sign-in.
    const extended = auth.extend(request({ cookie: marked.cookie }));
    expect(extended?.remainingMs).toBe(480 * MINUTE);
    expect(extended?.setCookie).toMatch(/; Max-Age=28800(;|$)/);
    // The working day is the longest it lasts, however often it is renewed.
    let cookie = cookieFrom(extended!.setCookie);
    for (let hour = 2; hour <= 8; hour += 1) {
      clock += 60 * MINUTE;
      cookie = cookieFrom(auth.extend(request({ cookie }))!.setCookie);
    }
    expect(auth.remainingMs(request({ cookie }))).toBe(60 * MINUTE);
    clock += 60 * MINUTE;
    expect(auth.session(request({ cookie }))).toBeNull();

    const signIns = (await audit.list({ action: 'signIn', actor: 'sales@example.test' })).entries.map((entry) => entry.detail);
    expect(signIns).toEqual([null, '자주 쓰는 기기']);
  });

  it('ends at once on sign-out, and when the account stops being a 상담사', async () => {
    const { auth, staff, login } = await team();
    const first = await login('sales@example.test', true);
    await auth.logout(request({ cookie: first.cookie }), '203.0.113.9');
    expect(auth.session(request({ cookie: first.cookie }))).toBeNull();
    const second = await login('sales@example.test', true);
    clock += 31 * MINUTE;
    expect(auth.session(request({ cookie: second.cookie }))).not.toBeNull();
    await staff.setDisabled('sales@example.test', true, { email: EMAIL, ip: '1.1.1.1' });
    await auth.learnRevocation(request({ cookie: second.cookie }));
    expect(auth.session(request({ cookie: second.cookie }))).toBeNull();
  });

  it('is off unless set, and the setting is checked at start in Korean and English', () => {
    expect(adminFrom({}).knownDeviceIdleMs).toBeUndefined();
    expect(adminFrom({ STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: '540' }).knownDeviceIdleMs).toBe(540 * MINUTE);
    expect(() => adminFrom({ STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: '541' })).toThrow(
      /STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES="541": 540분\(9시간\) 이하여야 합니다 \/ must be at most 540 minutes/,
    );
    expect(() => adminFrom({ STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: 'x' })).toThrow(/STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES/);
    expect(() => adminFrom({ STAFF_SESSION_IDLE_MINUTES: '60', STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: '45' })).toThrow(
      /STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES.*STAFF_SESSION_IDLE_MINUTES.*보다 짧을 수 없습니다.*must not be shorter than STAFF_SESSION_IDLE_MINUTES/s,
    );
  });
});

describe('write authorization', () => {
  it('401 without a session, 403 from a foreign or missing Origin, ok with both', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    expect(auth.authorizeWrite(request())).toEqual({ ok: false, refusal: 'staffSessionRequired' });
    expect(auth.authorizeWrite(request({ cookie }, 'https://evil.example'))).toMatchObject({ ok: false, refusal: 'foreignOrigin' });
    expect(auth.authorizeWrite(request({ cookie }, null))).toMatchObject({ ok: false, refusal: 'foreignOrigin' });
    expect(auth.authorizeWrite(request({ cookie, referer: `${SITE}/cheonghak/press` }, null))).toMatchObject({ ok: true });
    expect(auth.authorizeWrite(request({ cookie }))).toEqual({ ok: true, session: { email: EMAIL, name: '관리자', role: 'admin' } });
  });

  it('accepts a TRUSTED_ORIGINS entry (a proxy that rewrites Host)', async () => {
    const auth = await start({ TRUSTED_ORIGINS: 'https://www.site.example' });
    const cookie = await signIn(auth);
    expect(auth.authorizeWrite(request({ cookie }, 'https://www.site.example'))).toMatchObject({ ok: true });
  });
});

describe('embedded default: local admin', () => {
  it('is created once with a random password printed once; hash and secret stay private', async () => {
    const lines: string[] = [];
    const { auth, staff } = await startAuth({ dataDir, admin: adminFrom({}), allowLocalAdmin: true, log: (line) => lines.push(line) });
    const printed = lines.join('\n');
    const email = /이메일:\s+(\S+)/.exec(printed)?.[1];
    const password = /비밀번호:\s+(\S+)/.exec(printed)?.[1];
    expect(email).toBe('admin@cheonghak.local');
    expect(password).toMatch(/^[\w-]{16}$/);
    const stored = staff.find(email!);
    expect(stored).toMatchObject({ role: 'admin', name: '관리자', disabled: false });
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(password);
    expect(statSync(path.join(dataDir, 'leads.sqlite')).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'auth/session-secret')).mode & 0o077).toBe(0);
    expect((await auth.login(request(), { email: email!, password: password!, clientIp: '1.1.1.1' })).ok).toBe(true);

    const again: string[] = [];
    await startAuth({ dataDir, admin: adminFrom({}), allowLocalAdmin: true, log: (line) => again.push(line) });
    expect(again).toEqual([]);
  });

  it('an admin.json of the single-admin version becomes the first admin account (and the file goes)', async () => {
    mkdirSync(path.join(dataDir, 'auth'), { recursive: true });
    writeFileSync(path.join(dataDir, 'auth/admin.json'), JSON.stringify({ email: EMAIL, passwordHash }), { mode: 0o600 });
    const lines: string[] = [];
    const { auth, staff } = await startAuth({ dataDir, admin: adminFrom({}), allowLocalAdmin: true, log: (line) => lines.push(line) });
    expect(lines.join('\n')).not.toMatch(/비밀번호:/);
    expect(await staff.list()).toEqual([expect.objectContaining({ email: EMAIL, role: 'admin', disabled: false })]);
    expect(existsSync(path.join(dataDir, 'auth/admin.json'))).toBe(false);
    expect(auth.session(request({ cookie: await signIn(auth) }))).toEqual({ email: EMAIL, name: '관리자', role: 'admin' });
  });

  it('ADMIN_EMAIL + ADMIN_PASSWORD_HASH is the first admin account beside others, its hash set at every start', async () => {
    const { staff } = await startAuth({ dataDir, admin: adminFrom({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash }), allowLocalAdmin: true });
    expect(
      await staff.add({ email: 'sales@example.test', name: '상담사', role: 'sales', password: 'sales password 1' }, { email: EMAIL, ip: '1.1.1.1' }),
    ).toEqual({ ok: true });
    expect(await staff.resetPassword(EMAIL, 'a new long password', { email: EMAIL, ip: '1.1.1.1' })).toEqual({ ok: false, error: 'managedByEnvironment' });
    const newHash = await hashPassword('another password', { N: 2 ** 14, r: 8, p: 1 });
    const { staff: restarted } = await startAuth({ dataDir, admin: adminFrom({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: newHash }), allowLocalAdmin: true });
    expect(restarted.find(EMAIL)?.passwordHash).toBe(newHash);
    expect((await restarted.list()).map((account) => account.email)).toEqual([EMAIL, 'sales@example.test']);
  });

  it('is not created on the Sanity backend: sign-in says no account is configured', async () => {
    const auth = (await startAuth({ dataDir, admin: adminFrom({}), allowLocalAdmin: false, log: () => {} })).auth;
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({
      refusal: 'loginUnavailable',
    });
  });

  it('refuses a malformed ADMIN_PASSWORD_HASH or a short SESSION_SECRET at start', async () => {
    await expect(start({ ADMIN_PASSWORD_HASH: 'plain-text-password' })).rejects.toThrow(/scrypt/);
    await expect(start({ SESSION_SECRET: 'short' })).rejects.toThrow(/SESSION_SECRET/);
  });
});
