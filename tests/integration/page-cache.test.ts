/**
 * The page cache of the built server (`node server.js`): an anonymous page is the same bytes for
 * everyone, with a strong ETag, 304 and brotli/gzip forms of those bytes; its CSP allows exactly
 * its own inline scripts by hash; a content change shows on the very next request; signed-in
 * staff and cookie-setting answers are never cached; and two visitors without JavaScript posting
 * the lead form of one cached page each get their own lead, exactly once.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../web/server/auth/password';
import { cookiesOf, getWithCookie, postFormWithCookie, rawRequest, startServer, type RawResponse, type RunningServer } from './built-server';

const EMAIL = 'cache@example.kr';
const PASSWORD = 'correct horse battery staple';
let server: RunningServer;
let staffCookie: string;

beforeAll(async () => {
  server = await startServer({
    env: {
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD),
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

  it('carry their stylesheets inline, each the very file of its disabled link, allowed by hash', async () => {
    const page = await get('/FloorPlan/59A');
    const html = text(page);
    const styleSources = /style-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1].split(' ') ?? [];
    const inlined = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled=""\/><style data-inlined="([^"]+)"(?: data-font-faces="")?>([\s\S]*?)<\/style>/g)];
    expect(inlined.length, 'the root, shell, page and focus stylesheets').toBeGreaterThan(3);
    expect(html.match(/<link rel="stylesheet"/g)?.length, 'every stylesheet link').toBe(inlined.length);
    for (const [, href, inlinedHref, css] of inlined) {
      expect(inlinedHref).toBe(href);
      expect(css).toBe(text(await get(href)));
      expect(styleSources).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
    expect(styleSources.length).toBe(1 + new Set(inlined.map(([, , , css]) => css)).size);
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
    const leadIds = new Set([...list.matchAll(/href="\/admin\/leads\/(lead-[0-9a-f]+)"/g)].map(([, id]) => id));
    expect(leadIds.size, 'one lead per visitor').toBe(2);
    expect(list).toContain('김하나');
    expect(list).toContain('이두리');
  });
});
