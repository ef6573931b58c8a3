/**
 * Admin auth against a temporary data directory: sign-in, throttle, expiry, logout (revocation
 * survives a restart), the write checks (401 without session, 403 from a foreign Origin), and the
 * embedded default's local admin.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminAuth } from '../../web/server/auth/admin-auth';
import { hashPassword, verifyPassword } from '../../web/server/auth/password';
import { SESSION_TTL_MS } from '../../web/server/auth/session';
import { messages } from '../../web/app/lib/messages';

const EMAIL = 'press-admin@example.test';
const PASSWORD = 'correct horse battery staple';
const SITE = 'http://site.test';

let dataDir: string;
let clock: number;
let passwordHash: string;

async function start(env: NodeJS.ProcessEnv = {}, allowLocalAdmin = false, log: (line: string) => void = () => {}) {
  return AdminAuth.start({
    dataDir,
    env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash, ...env },
    allowLocalAdmin,
    now: () => clock,
    log,
  });
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

async function signIn(auth: AdminAuth, clientIp = '203.0.113.7'): Promise<string> {
  const result = await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp });
  if (!result.ok) throw new Error(`login failed: ${result.reason}`);
  return cookieFrom(result.setCookie);
}

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'auth-test-'));
  clock = Date.UTC(2025, 5, 1);
  passwordHash ??= await hashPassword(PASSWORD);
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('password hashes', () => {
  it('verifies the right password only, and never a malformed hash', async () => {
    expect(passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(PASSWORD, passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', passwordHash)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'scrypt$99$8$1$x$y')).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(passwordHash);
  });
});

describe('sign-in', () => {
  it('signs in with the right password: httpOnly, SameSite=Lax cookie with expiry', async () => {
    const auth = await start();
    const result = await auth.login(request(), { email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD, clientIp: '1.1.1.1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).toEqual({ email: EMAIL });
    expect(result.setCookie).toMatch(/^admin_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=28800$/);
    expect(auth.session(request({ cookie: cookieFrom(result.setCookie) }))).toEqual({ email: EMAIL });
  });

  it('sets Secure in production except on a loopback host', async () => {
    const auth = await start({ NODE_ENV: 'production' });
    const remote = new Request('https://www.site.example/cheonghak/press', {
      method: 'POST',
      headers: { origin: 'https://www.site.example' },
    });
    const result = await auth.login(remote, { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' });
    expect(result.ok && result.setCookie).toMatch(/; Secure$/);
    const local = new Request('http://127.0.0.1:3000/cheonghak/press', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    const localResult = await auth.login(local, { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' });
    expect(localResult.ok && localResult.setCookie).not.toMatch(/Secure/);
  });

  it('refuses a wrong password or unknown email with the same reason (401)', async () => {
    const auth = await start();
    const wrong = await auth.login(request(), { email: EMAIL, password: 'nope', clientIp: '1.1.1.1' });
    const unknown = await auth.login(request(), { email: 'who@example.test', password: PASSWORD, clientIp: '1.1.1.1' });
    expect(wrong).toEqual({ ok: false, status: 401, reason: messages.loginInvalid });
    expect(unknown).toEqual(wrong);
  });

  it('refuses empty fields (400) and a foreign Origin (403)', async () => {
    const auth = await start();
    expect(await auth.login(request(), { email: '', password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({ status: 400 });
    const foreign = request({}, 'https://evil.example');
    expect(await auth.login(foreign, { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({ status: 403 });
  });

  it('after 5 failures per IP + email in 15 minutes answers 429, even to the right password', async () => {
    const auth = await start();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await auth.login(request(), { email: EMAIL, password: `bad-${attempt}`, clientIp: '9.9.9.9' })).toMatchObject({ status: 401 });
    }
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '9.9.9.9' })).toEqual({
      ok: false,
      status: 429,
      reason: messages.loginThrottled,
    });
    // Another address is not blocked by this one's failures.
    expect((await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '8.8.8.8' })).ok).toBe(true);
    // The window slides: 15 minutes after the failures, the right password works again.
    clock += 15 * 60 * 1000;
    expect((await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '9.9.9.9' })).ok).toBe(true);
  });
});

describe('sessions', () => {
  it('expire after 8 hours', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    clock += SESSION_TTL_MS - 1;
    expect(auth.session(request({ cookie }))).not.toBeNull();
    clock += 1;
    expect(auth.session(request({ cookie }))).toBeNull();
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
      const other = await AdminAuth.start({ dataDir: otherDir, env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash }, allowLocalAdmin: false });
      expect(other.session(request({ cookie }))).toBeNull();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('logout invalidates the session, also after a restart', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    const cleared = await auth.logout(request({ cookie }));
    expect(cleared).toMatch(/^admin_session=; .*Max-Age=0/);
    expect(auth.session(request({ cookie }))).toBeNull();
    const restarted = await start();
    expect(restarted.session(request({ cookie }))).toBeNull();
    // A fresh sign-in works again.
    expect(restarted.session(request({ cookie: await signIn(restarted) }))).toEqual({ email: EMAIL });
  });

  it('logout works when nothing was stored under DATA_DIR before (all settings from the environment)', async () => {
    const auth = await start({ SESSION_SECRET: 'x'.repeat(40) });
    const cookie = await signIn(auth);
    await auth.logout(request({ cookie }));
    expect(auth.session(request({ cookie }))).toBeNull();
  });

  it('a new password ends existing sessions', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    const changed = await start({ ADMIN_PASSWORD_HASH: await hashPassword('another password') });
    expect(changed.session(request({ cookie }))).toBeNull();
  });
});

describe('write authorization', () => {
  it('401 without a session, 403 from a foreign or missing Origin, ok with both', async () => {
    const auth = await start();
    const cookie = await signIn(auth);
    expect(auth.authorizeWrite(request())).toEqual({ ok: false, status: 401, error: messages.adminSessionRequired });
    expect(auth.authorizeWrite(request({ cookie }, 'https://evil.example'))).toMatchObject({ ok: false, status: 403 });
    expect(auth.authorizeWrite(request({ cookie }, null))).toMatchObject({ ok: false, status: 403 });
    expect(auth.authorizeWrite(request({ cookie, referer: `${SITE}/cheonghak/press` }, null))).toMatchObject({ ok: true });
    expect(auth.authorizeWrite(request({ cookie }))).toEqual({ ok: true, session: { email: EMAIL } });
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
    const auth = await AdminAuth.start({ dataDir, env: {}, allowLocalAdmin: true, log: (line) => lines.push(line) });
    const printed = lines.join('\n');
    const email = /이메일:\s+(\S+)/.exec(printed)?.[1];
    const password = /비밀번호:\s+(\S+)/.exec(printed)?.[1];
    expect(email).toBe('admin@cheonghak.local');
    expect(password).toMatch(/^[\w-]{16}$/);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'auth/admin.json'), 'utf8'));
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(password);
    expect(statSync(path.join(dataDir, 'auth/admin.json')).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'auth/session-secret')).mode & 0o077).toBe(0);
    expect((await auth.login(request(), { email: email!, password: password!, clientIp: '1.1.1.1' })).ok).toBe(true);

    const again: string[] = [];
    await AdminAuth.start({ dataDir, env: {}, allowLocalAdmin: true, log: (line) => again.push(line) });
    expect(again).toEqual([]);
  });

  it('is not created on the Sanity backend: sign-in says no account is configured', async () => {
    const auth = await AdminAuth.start({ dataDir, env: {}, allowLocalAdmin: false, log: () => {} });
    expect(await auth.login(request(), { email: EMAIL, password: PASSWORD, clientIp: '1.1.1.1' })).toMatchObject({
      status: 401,
      reason: messages.loginUnavailable,
    });
  });

  it('refuses a malformed ADMIN_PASSWORD_HASH or a short SESSION_SECRET at start', async () => {
    await expect(start({ ADMIN_PASSWORD_HASH: 'plain-text-password' })).rejects.toThrow(/scrypt/);
    await expect(start({ SESSION_SECRET: 'short' })).rejects.toThrow(/SESSION_SECRET/);
  });
});
