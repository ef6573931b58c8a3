/**
 * The press page's admin over real HTTP against the built server (`node server.js`): sign-in
 * failure, throttling per visitor address (behind a proxy: TRUST_PROXY), writes without a session
 * (401), from a foreign Origin (403), with an expired or logged-out cookie (401), an XSS title
 * stored and rendered inert; and the lead rate limit per forwarded address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../web/shared/messages';
import { pressMessages } from '../../../web/shared/press-messages';
import { DAY_FORMAT_MESSAGE } from '../../../web/shared/seoul-time';
import { staffRefusalMessages } from '../../../web/shared/staff-refusals';
import { hashPassword } from '../../../web/server/auth/password';
import { SESSION_TTL_MS, SessionSigner, sessionCookieName } from '../../../web/server/auth/session';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest, type RawResponse } from '../../support/http';

const EMAIL = 'press-admin@example.kr';
const PASSWORD = 'correct horse battery staple';
const SESSION_SECRET = 'session-secret-for-the-admin-http-test-0123';
// NODE_ENV=production: the Secure, __Host- prefixed cookie.
const SESSION_COOKIE = sessionCookieName(true);
let passwordHash: string;
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  server = await startServer({
    env: {
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: passwordHash,
      SESSION_SECRET,
      TRUST_PROXY: 'loopback',
      LEAD_MIN_FILL_MS: '0',
      LEAD_RATE_LIMIT_IP: '2/600',
    },
  });
  origin = server.url;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const login = (password: string, forwardedFor: string) =>
  postForm('/cheonghak/press', { intent: 'login', email: EMAIL, password }, { 'x-forwarded-for': forwardedFor });

function sessionCookieOf(response: RawResponse): string {
  const setCookie = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  expect(setCookie, 'a session cookie').toBeTruthy();
  return setCookie!.split(';')[0];
}

const createPost = (cookie: string | undefined, title: string, headers: Record<string, string> = {}) =>
  postForm(
    '/cheonghak/press',
    { intent: 'create', title, summary: '요약입니다', body: '첫 문단\n둘째 문단' },
    {
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  );

const text = (response: RawResponse) => response.body.toString('utf8');

describe('admin sign-in over HTTP', () => {
  it('a wrong password answers 401 with "로그인 실패: …" on the page', async () => {
    const response = await login('wrong password', '198.51.100.1');
    expect(response.status).toBe(401);
    expect(text(response)).toContain(pressMessages.loginFailed(staffRefusalMessages.loginInvalid));
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('the 6th failure from one address in 15 minutes is 429; another address is not blocked', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(`wrong ${attempt}`, '203.0.113.7')).status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await login(PASSWORD, '203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(text(blocked)).toContain(staffRefusalMessages.loginThrottled);
    const elsewhere = await login(PASSWORD, '203.0.113.8');
    expect(elsewhere.status).toBe(302);
    sessionCookieOf(elsewhere);
  });
});

describe('sign-in floods', () => {
  const unknownEmail = (index: number) => `nobody-${index}-${'x'.repeat(200)}@example.kr`;
  const loginAs = (email: string, password: string, forwardedFor: string) =>
    postForm('/cheonghak/press', { intent: 'login', email, password }, { 'x-forwarded-for': forwardedFor });

  it('twelve parallel sign-ins with new emails from one address neither lock out staff elsewhere nor pass the address limit', async () => {
    const flood = Array.from({ length: 12 }, (_, index) => loginAs(unknownEmail(index), 'guess', '203.0.113.50'));
    const staff = loginAs(EMAIL, PASSWORD, '198.51.100.60');
    const [answers, signedIn] = await Promise.all([Promise.all(flood), staff]);
    expect(signedIn.status).toBe(302);
    sessionCookieOf(signedIn);
    // At most two of one address are checked at once; the rest are refused before the hash.
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(10);
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
  });

  it('an address that changes the email at every try is refused after 5 failures', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await loginAs(`guess-${attempt}@example.kr`, 'wrong', '203.0.113.51')).status, `attempt ${attempt}`).toBe(401);
    }
    expect((await loginAs('guess-6@example.kr', 'wrong', '203.0.113.51')).status).toBe(429);
    expect((await loginAs(EMAIL, PASSWORD, '203.0.113.51')).status).toBe(429);
  });

  it('a failed sign-in of an email that is no account is recorded masked and bounded, not as typed', async () => {
    const cookie = sessionCookieOf(await loginAs(EMAIL, PASSWORD, '198.51.100.61'));
    const audit = text(await rawRequest(server.url, { path: '/admin/audit/export.csv?action=signInFailed&reason=test', headers: { cookie } }));
    const actors = audit
      .split('\r\n')
      .filter((line) => line.includes('"없는 계정"'))
      .map((line) => line.split('","')[2]);
    expect(actors.length).toBeGreaterThan(0);
    for (const actor of actors) expect(actor.length).toBeLessThanOrEqual(64);
    expect(actors).toContain('nob***@example.kr');
    expect(audit).not.toContain('x'.repeat(100));
  });
});

describe('audit trail filters', () => {
  it.each(['from=2026-13-01', 'to=2026-13-01', 'from=0000-00-00', 'to=9999-99-99'])('%s: 400 with the date message, on the page and the CSV', async (query) => {
    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.70'));
    const page = await rawRequest(server.url, { path: `/admin/audit?${query}`, headers: { cookie } });
    expect(page.status).toBe(400);
    expect(text(page)).toContain(DAY_FORMAT_MESSAGE);
    const csv = await rawRequest(server.url, { path: `/admin/audit/export.csv?${query}&reason=test`, headers: { cookie } });
    expect(csv.status).toBe(400);
    expect(JSON.parse(text(csv))).toEqual({ error: 'invalidFilters', message: DAY_FORMAT_MESSAGE });
  });
});

describe('admin writes over HTTP', () => {
  it('without a session: 401, and nothing is stored', async () => {
    const response = await createPost(undefined, '세션 없는 글');
    expect(response.status).toBe(401);
    expect(text(response)).toContain(staffRefusalMessages.staffSessionRequired);
    const list = await rawRequest(server.url, { path: '/api/press?site=cheonghak' });
    expect(text(list)).not.toContain('세션 없는 글');
  });

  it('from a foreign Origin, even signed in: 403', async () => {
    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.20'));
    for (const foreign of [{ origin: 'http://evil.example' }, { origin: 'null' }]) {
      const response = await createPost(cookie, '다른 출처의 글', foreign);
      expect(response.status, foreign.origin).toBe(403);
    }
    const list = await rawRequest(server.url, { path: '/api/press?site=cheonghak' });
    expect(text(list)).not.toContain('다른 출처의 글');
  });

  it('signed in: a post with a script in its title is stored and rendered inert', async () => {
    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.30'));
    const title = '<script>alert("x")</script><img src=x onerror=alert(1)> 분양 소식';
    const created = await createPost(cookie, title);
    expect(created.status).toBe(303);
    const list = JSON.parse(text(await rawRequest(server.url, { path: '/api/press?site=cheonghak' }))) as { items: Array<{ _id: string; title: string }> };
    expect(list.items[0].title).toBe(title);
    const detail = text(await rawRequest(server.url, { path: `/cheonghak/press/${list.items[0]._id}` }));
    expect(detail).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(detail).not.toContain('<script>alert');
    expect(detail).not.toContain('<img src=x');
  });

  it('an expired session cookie is refused (401) and the page shows the sign-in form again', async () => {
    const signer = new SessionSigner(Buffer.from(SESSION_SECRET));
    const { token } = signer.issue(EMAIL, passwordHash, Date.now() - SESSION_TTL_MS - 1000);
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await createPost(cookie, '만료된 세션의 글')).status).toBe(401);
    const page = text(await rawRequest(server.url, { path: '/cheonghak/press', headers: { cookie } }));
    expect(page).toContain('name="password"');
    expect(page).not.toContain(`${EMAIL}님 환영합니다`);
    // The same cookie, freshly issued, is accepted: the refusal above was the expiry.
    const fresh = `${SESSION_COOKIE}=${signer.issue(EMAIL, passwordHash, Date.now()).token}`;
    const welcome = text(await rawRequest(server.url, { path: '/cheonghak/press', headers: { cookie: fresh } }));
    expect(welcome).toContain(`${EMAIL}님 환영합니다`);
  });

  it('logout revokes the session: the old cookie then gets 401', async () => {
    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.40'));
    const logout = await postForm('/cheonghak/press', { intent: 'logout' }, { cookie });
    expect(logout.status).toBe(302);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await createPost(cookie, '로그아웃 뒤의 글')).status).toBe(401);
  });
});

describe('the session clock (/api/session)', () => {
  const clock = (method: 'GET' | 'POST', headers: Record<string, string> = {}) => rawRequest(server.url, { method, path: '/api/session', headers });
  const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8'));

  it('GET tells the time left without renewing; POST renews, only from this site and with a session (Korean JSON errors)', async () => {
    const signedOut = await clock('GET');
    expect(signedOut.status).toBe(200);
    expect(json(signedOut)).toEqual({ remainingMs: 0 });

    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.40'));
    const read = await clock('GET', { cookie });
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['set-cookie']).toBeUndefined();
    expect(json(read).remainingMs).toBeGreaterThan(29 * 60 * 1000);
    expect(json(read).remainingMs).toBeLessThanOrEqual(30 * 60 * 1000);

    const foreign = await clock('POST', { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(json(foreign)).toEqual({ error: 'foreignOrigin', message: messages.foreignOrigin });
    const ended = await clock('POST', { origin });
    expect(ended.status).toBe(401);
    expect(json(ended)).toEqual({ error: 'sessionEnded', message: '로그인 시간이 끝났습니다. 다시 로그인해 주세요.' });

    const renewed = await clock('POST', { cookie, origin });
    expect(renewed.status).toBe(200);
    expect(json(renewed).remainingMs).toBe(30 * 60 * 1000);
    expect(String(renewed.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
  });
});

describe("the console's lead export in the built server", () => {
  it('needs a staff session (401 without, the sign-in for a browser), then streams the filtered rows', async () => {
    const leadsOf = (body: string) => body.split('\r\n').filter((line) => line.includes('"lead-'));
    expect((await rawRequest(server.url, { path: '/admin/leads/export.csv' })).status).toBe(401);
    const browser = await rawRequest(server.url, { path: '/admin/leads/export.xlsx', headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe(`/admin?next=${encodeURIComponent('/admin/leads')}`);
    const cookie = sessionCookieOf(await login(PASSWORD, '198.51.100.50'));
    const all = await rawRequest(server.url, { path: '/admin/leads/export.csv?reason=test', headers: { cookie } });
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['cache-control']).toBe('no-store');
    const none = await rawRequest(server.url, { path: '/admin/leads/export.csv?status=contracted&reason=test', headers: { cookie } });
    expect(leadsOf(text(none))).toEqual([]);
    const xlsx = await rawRequest(server.url, { path: '/admin/leads/export.xlsx?reason=test', headers: { cookie } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('lead rate limit behind a proxy (TRUST_PROXY)', () => {
  it('counts per forwarded visitor address, not per proxy', async () => {
    const submit = async (forwardedFor: string, phone: string) => {
      const { token } = JSON.parse(text(await rawRequest(server.url, { path: '/api/leads/form' }))) as { token: string };
      const body = JSON.stringify({ formToken: token, formKind: 'popup', name: '홍길동', phone, privacyConsent: true, ageConfirmed: true, website: '' });
      return rawRequest(server.url, {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body,
      });
    };
    expect((await submit('192.0.2.10', '010-2000-0001')).status).toBe(201);
    expect((await submit('192.0.2.10', '010-2000-0002')).status).toBe(201);
    expect((await submit('192.0.2.10', '010-2000-0003')).status).toBe(429);
    expect((await submit('192.0.2.11', '010-2000-0004')).status).toBe(201);
  });
});
