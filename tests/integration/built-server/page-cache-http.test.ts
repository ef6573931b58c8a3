/**
 * The page cache of the built server (`node server.js`): an anonymous page is the same bytes for
 * everyone, with a strong ETag, 304 and brotli/gzip forms of those bytes; its CSP allows exactly
 * its own inline scripts by hash; a page is its path and the parameters its route declares (ad
 * click IDs and campaign parameters are the cached page, never in its HTML); concurrent requests
 * for a page make one render; every unknown path gets the one 404 page from memory; a content
 * change shows on the very next request; signed-in staff and cookie-setting answers are never
 * cached; and two visitors without JavaScript posting the lead form of one cached page each get
 * their own lead, exactly once. Renders are counted by /readyz.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../../web/app/routes';
import { routePaths } from '../../support/route-paths';
import { cookiesOf, getWithCookie, postFormWithCookie, rawRequest, type RawResponse } from '../../support/http';
import { startServer, type RunningServer } from '../../support/built-server';
import { hashTestPassword } from '../../support/passwords';

const EMAIL = 'cache@example.kr';
const PASSWORD = 'correct horse battery staple';
let server: RunningServer;
let staffCookie: string;

beforeAll(async () => {
  server = await startServer({
    env: {
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-page-cache-test-0123456',
      LEAD_MIN_FILL_MS: '0',
    },
  });
  const signIn = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
  expect(signIn.status).toBe(302);
  staffCookie = cookiesOf(signIn);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, { path, headers });
const text = (response: RawResponse) => response.body.toString('utf8');
const rendersSoFar = async (): Promise<number> => JSON.parse(text(await get('/readyz'))).pageCache.renders;
/** Every render signs a fresh lead-form token: the one part of a page that differs between two renders. */
const withoutFormTokens = (html: string) => html.replace(/eyJ[\w-]+\.[\w-]+/g, '<form token>');
/** Where two pages part, with some context (a whole page in a failure message is unreadable). */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let index = 0;
  while (a[index] === b[index]) index += 1;
  return `at ${index}: …${a.slice(Math.max(0, index - 120), index + 120)}… vs …${b.slice(Math.max(0, index - 120), index + 120)}…`;
}
/** A Naver search ad's landing URL: a new NaPm on every click. */
const naverAdQuery = (click: string) =>
  `n_media=27758&n_query=%EC%B2%AD%ED%95%99%EB%B6%84%EC%96%91&n_rank=1&n_ad_group=grp-a001&n_ad=nad-a001&n_campaign_type=1&NaPm=ct%3D${click}%7Cci%3D0zC0003%7Ctr%3Dsa%7Chk%3D${click}`;

describe('anonymous pages', () => {
  it('are the same bytes for every visitor, with a strong ETag and 304 on If-None-Match', async () => {
    for (const path of ['/', '/FloorPlan/59A', '/cheonghak/press', '/Promotion/Customer']) {
      const [first, second] = [await get(path), await get(path)];
      expect(first.status, path).toBe(200);
      expect(second.body.equals(first.body), `${path}: identical bytes`).toBe(true);
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(second.headers.etag, path).toBe(etag);
      const revalidated = await get(path, { 'if-none-match': etag });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.body.length, path).toBe(0);
      expect((await get(path, { 'if-none-match': '"something-else"' })).status, path).toBe(200);
    }
  });

  it('go out as brotli or gzip of those very bytes, and HEAD sends the headers alone', async () => {
    const identity = await get('/', { 'accept-encoding': 'identity' });
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    // One representation, one validator; any of them revalidates.
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) })).status).toBe(304);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);

    const head = await rawRequest(server.url, { method: 'HEAD', path: '/' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(identity.headers.etag);
  });

  it('allow exactly their own inline scripts, by hash, and no nonce', async () => {
    const page = await get('/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toMatch(/nonce|unsafe-inline/);
    const scriptSources = /script-src ([^;]+)/.exec(csp)?.[1].split(' ') ?? [];
    const inline = [...text(page).matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(inline.length, 'React Router writes inline scripts').toBeGreaterThan(2);
    for (const body of inline) {
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    // Nothing else: 'self' and one hash per distinct inline script.
    expect(scriptSources.length).toBe(1 + new Set(inline).size);
    expect(text(page)).not.toContain('nonce=');
  });

  it('carry their stylesheets inline, each the very file it names, allowed by hash, and link no stylesheet file', async () => {
    const page = await get('/FloorPlan/59A');
    const html = text(page);
    const styleSources = /style-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1].split(' ') ?? [];
    const inlined = [...html.matchAll(/<style data-inlined="([^"]+)"(?: data-font-faces="")?>([\s\S]*?)<\/style>/g)];
    expect(inlined.length, 'the root, shell, page and focus stylesheets').toBeGreaterThan(3);
    expect(html.match(/<link rel="stylesheet"/g), 'no stylesheet link: browsers fetch even a disabled one').toBeNull();
    for (const [, href, css] of inlined) {
      expect(css).toBe(text(await get(href)));
      expect(styleSources).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
    expect(styleSources.length).toBe(1 + new Set(inlined.map(([, , css]) => css)).size);
  });
});

describe('a page is its path and the parameters its route declares', () => {
  it('ad click IDs, campaign and unknown parameters get the cached page: the same bytes and ETag, no render', async () => {
    const plain = await get('/');
    const before = await rendersSoFar();
    const click = `Cj0KCQiA${Date.now()}`;
    for (const query of [
      `gclid=${click}`,
      naverAdQuery(click),
      'utm_source=naver&utm_medium=cpc&utm_campaign=launch',
      `fbclid=${click}&kakao_click=${click}&zz=1`,
    ]) {
      const answer = await get(`/?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body.equals(plain.body), `${query}: the same bytes`).toBe(true);
      expect(answer.headers.etag, query).toBe(plain.headers.etag);
      expect(text(answer), query).not.toContain(click);
      expect(text(answer), query).not.toContain('utm_');
    }
    expect(await rendersSoFar(), 'all of them from memory').toBe(before);
  });

  it('a declared parameter is part of the page, the others are not', async () => {
    const first = text(await get('/cheonghak/press'));
    const cursor = /href="\/cheonghak\/press\?cursor=([^"]+)"/.exec(first)?.[1];
    expect(cursor, 'the list links to its next page').toBeTruthy();
    const next = await get(`/cheonghak/press?cursor=${cursor}&utm_source=naver&gclid=abc`);
    expect(next.status).toBe(200);
    expect(text(next)).not.toBe(first);
    expect(next.body.equals((await get(`/cheonghak/press?gclid=zzz&cursor=${cursor}`)).body)).toBe(true);

    const result = text(await get('/leads/result?status=ok&from=%2FPromotion%2FCustomer&gclid=abc'));
    expect(result).toContain('href="/Promotion/Customer"');
    expect(result).not.toContain('gclid');
    expect(text(await get('/leads/result?status=ok&from=%2FPromotion%2FCustomer'))).toBe(result);
    expect(text(await get('/leads/result?from=%2FPromotion%2FCustomer&status=rateLimited'))).not.toBe(result);
  });

  it('no route reads an undeclared parameter: rendered with one, every page is the same', async () => {
    const sample: Record<string, string> = { ':code': '59A', ':site': 'cheonghak', ':id': 'press-sample-01', '*': 'no-such-page' };
    // The console ('any') is left out: it reads its whole query, and is never cached.
    const urls = [
      ...new Set(
        routePaths(routes)
          .filter((path) => !path.startsWith('admin'))
          .map(
            (path) =>
              `/${path
                .split('/')
                .map((segment) => sample[segment] ?? segment)
                .join('/')}`,
          ),
      ),
    ];
    expect(urls.length).toBeGreaterThan(25);
    // A session cookie (refused: not a real one) renders each request from scratch, with its whole query.
    const uncached = { cookie: '__Host-staff_session=not-a-session' };
    for (const url of urls) {
      const extra = `${url.includes('?') ? '&' : '?'}zz=1&utm_source=naver&gclid=test-click&NaPm=ct%3Dx`;
      const [plain, withExtra] = [await get(url, uncached), await get(url + extra, uncached)];
      expect(withExtra.status, url).toBe(plain.status);
      expect(withExtra.headers.location, url).toBe(plain.headers.location);
      expect(firstDifference(withoutFormTokens(text(withExtra)), withoutFormTokens(text(plain))), url).toBeUndefined();
    }
  });
});

describe('one render per page per version', () => {
  it('concurrent requests for a page not yet rendered wait for one render', async () => {
    const before = await rendersSoFar();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => get(`/SalesInfo/guide${index % 2 ? '?gclid=c' + index : ''}`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.toString('base64'))).size, 'one page').toBe(1);
    expect(await rendersSoFar()).toBe(before + 1);
  });

  it('every unknown path gets the one 404 page, from memory, and static files are still files', async () => {
    const first = await get('/no-such-page-1');
    const before = await rendersSoFar();
    const others = await Promise.all(['/no-such-page-2', '/x/y/z', '/%ED%95%9C%EA%B8%80', '/no-such-page-1?gclid=1'].map((path) => get(path)));
    for (const answer of others) {
      expect(answer.status).toBe(404);
      expect(answer.body.equals(first.body)).toBe(true);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(text(first)).toContain('Not Found');
    expect(await rendersSoFar()).toBe(before);
    expect((await get('/favicon.svg')).status).toBe(200);
    expect((await get('/robots.txt')).status).toBe(200);
  });

  it("React Router's route discovery is answered as itself, never as the 404 page of unknown paths", async () => {
    expect((await get('/no-such-page-3')).status).toBe(404);
    const version = /"version":\s*"([^"]+)"/.exec(text(await get('/')))?.[1];
    expect(version, 'the build version in the page').toBeTruthy();
    const discovery = await get(`/__manifest?paths=${encodeURIComponent('/FloorPlan/59A,/admin')}&version=${version}`);
    expect(discovery.status).toBe(200);
    const patches = JSON.parse(text(discovery)) as Record<string, unknown>;
    expect(Object.keys(patches)).toEqual(expect.arrayContaining(['routes/floor-plan', 'routes/console/layout']));
  });

  it('a page not yet rendered goes out in a fast encoding of the same bytes', async () => {
    const first = await get('/ComplexGuide/community', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const identity = await get('/ComplexGuide/community', { 'accept-encoding': 'identity' });
    expect(brotliDecompressSync(first.body).equals(identity.body)).toBe(true);
  });
});

describe('what is never cached', () => {
  it('a path that starts with two slashes is a path on this site, never another host', async () => {
    for (const path of ['//%20', '//,90%3F_/press//,90%3F_.data?', '//evil.example/FloorPlan/59A']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await rawRequest(server.url, { path, method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(text(response)).not.toContain('evil.example');
      }
    }
    const hostWithPath = await get('/', { host: 'evil.example/FloorPlan' });
    expect(hostWithPath.status).toBe(200);
    expect(text(hostWithPath)).toBe(text(await get('/')));
  });

  it('a signed-in staff member gets a page of their own, never stored for others', async () => {
    const staffPage = await getWithCookie(server.url, '/cheonghak/press', staffCookie);
    expect(staffPage.headers['cache-control']).toBe('private, no-store');
    expect(staffPage.headers.etag).toBeUndefined();
    expect(text(staffPage)).toContain(EMAIL);
    const anonymous = await get('/cheonghak/press');
    expect(text(anonymous)).not.toContain(EMAIL);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('an answer that sets a cookie or fails', async () => {
    const failedSignIn = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'login', email: EMAIL, password: 'wrong password 123' }, '');
    expect(failedSignIn.headers.etag).toBeUndefined();
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});

describe('content changes', () => {
  it('a new press article shows on the list on the very next request, with a new ETag', async () => {
    const before = await get('/cheonghak/press');
    const title = `캐시 확인 기사 ${Date.now()}`;
    const created = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'create', title, summary: '요약', body: '본문' }, staffCookie);
    expect(created.status).toBeLessThan(400);
    const after = await get('/cheonghak/press');
    expect(text(after)).toContain(title);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('lead forms without JavaScript on a cached page', () => {
  const formToken = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1];

  it('two visitors each store their lead; a resubmission stores nothing more', async () => {
    const [first, second] = [text(await get('/Promotion/Customer')), text(await get('/Promotion/Customer'))];
    const token = formToken(first);
    expect(token, 'the page carries the form token a form without JavaScript posts').toBeTruthy();
    expect(formToken(second), 'one cached page, one token').toBe(token);

    const phoneTail = String(Date.now()).slice(-4);
    const lead = (name: string, phone: string) => ({
      formToken: token!,
      formKind: 'customer',
      name,
      phone,
      message: '상담 요청합니다',
      privacyConsent: 'on',
      ageConfirmed: 'on',
      sourcePage: '/Promotion/Customer',
    });
    const post = (fields: Record<string, string>) => postFormWithCookie(server.url, '/api/leads', fields, '');
    const answers = [
      await post(lead('김하나', `010-1111-${phoneTail}`)),
      await post(lead('이두리', `010-2222-${phoneTail}`)),
      // The first visitor's double click.
      await post(lead('김하나', `010-1111-${phoneTail}`)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(String(answer.headers.location)).toContain('status=ok');
    }
    const list = text(await getWithCookie(server.url, `/admin/leads?q=${phoneTail}`, staffCookie));
    const customerIds = new Set([...list.matchAll(/href="\/admin\/leads\/(customer-[0-9a-f-]+)"/g)].map(([, id]) => id));
    expect(customerIds.size, 'one customer per visitor').toBe(2);
    // The double click is one registration: a customer registered twice would be marked 등록 2회.
    expect(list).not.toContain('등록 2회');
    expect(list).toContain('김하나');
    expect(list).toContain('이두리');
  });
});
