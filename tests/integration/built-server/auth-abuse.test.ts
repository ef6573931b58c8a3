/**
 * Sign-in abuse over real HTTP against the built server (`node server.js`, NODE_ENV=production on
 * http://127.0.0.1): TRUST_PROXY refuses "trust everything" at start; with a hop count a spoofed
 * leftmost X-Forwarded-For does not change the throttled address; the per-account backoff holds
 * against guesses spread over many addresses but not against the admin's own browser; a burst
 * of sign-ins is answered 503 beyond a few concurrent password hashes; and the session cookie
 * (`__Host-`, Secure whatever the Host, idle timeout with sliding renewal, one cookie parser for
 * auth and the cache headers).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRefusalMessages } from '../../../web/shared/staff-refusals';
import { hashPassword } from '../../../web/server/auth/password';
import { SESSION_IDLE_MS, SessionSigner, sessionCookieName } from '../../../web/server/auth/session';
import { NO_STORE } from '../../../web/server/http/cache-headers';
import { ROOT, startServer, type RunningServer } from '../../support/built-server';
import { rawRequest, type RawResponse } from '../../support/http';

const EMAIL = 'abuse-admin@example.kr';
const PASSWORD = 'correct horse battery staple';
const SESSION_SECRET = 'session-secret-for-the-auth-abuse-test-0123';
const SESSION_NAME = sessionCookieName(true);
let passwordHash: string;
let server: RunningServer;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  server = await startServer({
    env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD_HASH: passwordHash, SESSION_SECRET, TRUST_PROXY: '1' },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const text = (response: RawResponse) => response.body.toString('utf8');
const setCookies = (response: RawResponse) => [response.headers['set-cookie'] ?? []].flat();

function login(email: string, password: string, forwardedFor: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: '/cheonghak/press',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'x-forwarded-for': forwardedFor,
      ...headers,
    },
    body: new URLSearchParams({ intent: 'login', email, password }).toString(),
  });
}

function cookieNamed(response: RawResponse, name: string): string {
  const line = setCookies(response).find((candidate) => candidate.startsWith(`${name}=`));
  expect(line, `a ${name} cookie`).toBeTruthy();
  return line!.split(';')[0];
}

/** Runs `node server.js` with this TRUST_PROXY; resolves with its exit code and output, or 'listening'. */
function startWithTrustProxy(value: string): Promise<{ code: number | null | 'listening'; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server.js'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', TRUST_PROXY: value, PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/nonexistent-never-created' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // A server that accepted the value starts listening: stop it, the test has its answer.
      if (output.includes('청학 분양 홈페이지:')) {
        child.kill('SIGKILL');
        resolve({ code: 'listening', output });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
    setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
  });
}

describe('TRUST_PROXY', () => {
  it.each(['true', '0.0.0.0/0', '*', 'loopback, not-an-address'])(
    'refuses %j at start with a Korean and English message',
    async (value) => {
      const { code, output } = await startWithTrustProxy(value);
      expect(code, output).not.toBe('listening');
      expect(code, output).not.toBe(0);
      expect(output).toContain(`TRUST_PROXY="${value}" 값은 사용할 수 없습니다`);
      expect(output).toContain(`TRUST_PROXY="${value}" is refused`);
    },
    70_000,
  );

  it('with a hop count, a spoofed leftmost X-Forwarded-For does not change the throttled address', async () => {
    const proxySeen = '198.51.100.77';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(EMAIL, `wrong ${attempt}`, `10.9.9.${attempt}, ${proxySeen}`);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const spoofed = await login(EMAIL, PASSWORD, `10.9.9.99, ${proxySeen}`);
    expect(spoofed.status).toBe(429);
    expect(text(spoofed)).toContain(staffRefusalMessages.loginThrottled);
    expect(Number(spoofed.headers['retry-after'])).toBeGreaterThan(0);
    // A sign-in from another visitor resets the account's failures for the tests below.
    expect((await login(EMAIL, PASSWORD, '198.51.100.78')).status).toBe(302);
  });
});

describe('per-account backoff', () => {
  it("guesses spread over many addresses lock new browsers out for a while, never the admin's own", async () => {
    const own = await login(EMAIL, PASSWORD, '192.0.2.1');
    expect(own.status).toBe(302);
    const device = cookieNamed(own, '__Host-staff_device');

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await login(EMAIL, `guess ${attempt}`, `203.0.113.${attempt}`)).status, `guess ${attempt}`).toBe(401);
    }
    const fromNewBrowser = await login(EMAIL, PASSWORD, '203.0.113.200');
    expect(fromNewBrowser.status).toBe(429);
    expect(Number(fromNewBrowser.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(text(fromNewBrowser)).toContain('이 계정의 로그인 실패가 많아 잠시 제한됩니다.');

    const fromOwnBrowser = await login(EMAIL, PASSWORD, '203.0.113.201', { cookie: device });
    expect(fromOwnBrowser.status).toBe(302);
    cookieNamed(fromOwnBrowser, SESSION_NAME);
  }, 90_000); // twelve sign-ins, each a production-cost password hash (N = 2^17)
});

describe('concurrent password hashes', () => {
  it('a burst of sign-ins with unknown emails gets 503 + Retry-After beyond the cap, never a 5xx of another kind', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => login(`nobody-${index}@example.kr`, 'whatever', `100.64.${index >> 8}.${index & 255}`)),
    );
    const statuses = burst.map((response) => response.status);
    expect(
      statuses.every((status) => status === 401 || status === 503),
      statuses.join(','),
    ).toBe(true);
    const refused = burst.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(2);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(text(response)).toContain(staffRefusalMessages.loginBusy);
    }
  }, 60_000);
});

describe('session cookie', () => {
  it('is __Host- prefixed, Secure and HttpOnly in production whatever Host the request names', async () => {
    for (const host of [new URL(server.url).host, 'localhost', 'www.example.kr']) {
      const origin = `http://${host}`;
      const response = await login(EMAIL, PASSWORD, '192.0.2.50', { host, origin });
      expect(response.status, host).toBe(302);
      const session = setCookies(response).find((line) => line.startsWith(`${SESSION_NAME}=`));
      expect(session, host).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1800; Secure$/);
      expect(
        setCookies(response).some((line) => line.startsWith('staff_session=')),
        host,
      ).toBe(false);
    }
  });

  it('a cookie header that auth reads as signed in is never cached publicly (name written with spaces)', async () => {
    const token = new SessionSigner(Buffer.from(SESSION_SECRET)).issue(EMAIL, passwordHash, Date.now()).token;
    for (const cookie of [`${SESSION_NAME} =${token}`, `staff_session =${token}`, ` ${SESSION_NAME}= ${token}`]) {
      const response = await rawRequest(server.url, { path: '/cheonghak/press', headers: { cookie } });
      expect(response.status, cookie).toBe(200);
      expect(response.headers['cache-control'], cookie).toBe(NO_STORE);
    }
    // The variant really is a session: the page greets the admin.
    const page = await rawRequest(server.url, { path: '/cheonghak/press', headers: { cookie: `${SESSION_NAME} =${token}` } });
    expect(text(page)).toContain(`${EMAIL}님 환영합니다`);
  });

  it('expires after 30 idle minutes (401), and a page read renews an active one', async () => {
    const signer = new SessionSigner(Buffer.from(SESSION_SECRET));
    // Sent under both names: only the idle timeout, not the cookie's name, may refuse it.
    const both = (token: string) => `${SESSION_NAME}=${token}; staff_session=${token}`;
    const create = (cookie: string, title: string) =>
      rawRequest(server.url, {
        method: 'POST',
        path: '/cheonghak/press',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie },
        body: new URLSearchParams({ intent: 'create', title, summary: '요약', body: '본문' }).toString(),
      });

    // Issued now (a session cannot predate the account), last active long ago or a while ago.
    const lastSeen = (agoMs: number) => signer.renew(signer.issue(EMAIL, passwordHash, Date.now()).claims, Date.now() - agoMs);
    const idle = lastSeen(SESSION_IDLE_MS + 1000);
    const refused = await create(both(idle), '쉬던 세션의 글');
    expect(refused.status).toBe(401);
    expect(text(refused)).toContain(staffRefusalMessages.staffSessionRequired);

    const active = lastSeen(5 * 60 * 1000);
    const page = await rawRequest(server.url, { path: '/cheonghak/press', headers: { cookie: both(active) } });
    expect(text(page)).toContain(`${EMAIL}님 환영합니다`);
    const renewed = cookieNamed(page, SESSION_NAME);
    const claims = JSON.parse(Buffer.from(renewed.split('=')[1].split('.')[0], 'base64url').toString('utf8')) as { seen: number };
    expect(Date.now() - claims.seen).toBeLessThan(60_000);
    expect((await create(renewed, '갱신된 세션의 글')).status).toBe(303);
  });
});
