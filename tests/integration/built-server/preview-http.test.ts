/**
 * Preview with the embedded store, over HTTP against the built server: a draft of siteSettings
 * with another phone number. Visitors (and a signed-in admin not in preview) see the published
 * number; an admin who turns preview on from the console sees the draft and the banner, with
 * `private, no-store` and `noindex`; the preview never reaches the page cache; turning it off
 * shows the published page again. The toggle follows the console's write rules.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import type { SanityDocument } from '../../../web/server/content/types';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie, rawRequest, type RawResponse } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';

const EMAIL = 'preview-admin@example.kr';
const PASSWORD = 'preview admin password 2026';
const PUBLISHED_PHONE = '1600-0000';
const DRAFT_PHONE = '1588-7777';
const BANNER = '미리보기 모드 — 게시되지 않은 변경 내용이 보입니다';
const HANGUL = /[가-힣]/;

let server: RunningServer;
let admin: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-preview-'));
  const content = await openEmbeddedStore({ file: path.join(dataDir, 'content.sqlite'), seedFile: path.resolve('content/production.ndjson') });
  const published = content.getDocument('siteSettings') as SanityDocument;
  // An editor's unpublished change, stored as Sanity stores drafts.
  await content.mutate([{ createOrReplace: { ...published, _id: 'drafts.siteSettings', phone: DRAFT_PHONE } }]);
  await content.close();
  server = await startServer({
    env: {
      E2E_DATA_DIR: dataDir,
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-preview-http-test-0001',
    },
  });
  const signedIn = await postFormWithCookie(server.url, '/admin', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
  expect(signedIn.status).toBe(302);
  admin = cookiesOf(signedIn);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const html = (response: RawResponse) => response.body.toString('utf8');
const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8')) as { error: string; message: string };

function toggle(enable: string, cookie: string, path = '/FloorPlan/59A', headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: '/admin/preview',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams({ enable, path }).toString(),
  });
}

/** The cookies after an answer that set some: those it set replace the ones sent. */
function withSetCookies(cookie: string, response: RawResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair] as const),
  );
  for (const pair of cookiesOf(response).split('; ').filter(Boolean)) {
    const [name, value] = [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)];
    if (value) jar.set(name, pair);
    else jar.delete(name);
  }
  return [...jar.values()].join('; ');
}

describe('preview with the embedded store', () => {
  it('shows visitors and an admin not in preview the published page', async () => {
    for (const cookie of ['', admin]) {
      const page = await getWithCookie(server.url, '/FloorPlan/59A', cookie);
      expect(page.status).toBe(200);
      expect(html(page)).toContain(PUBLISHED_PHONE);
      expect(html(page)).not.toContain(DRAFT_PHONE);
      expect(html(page)).not.toContain(BANNER);
    }
  });

  it('an admin turns preview on, sees the draft and the banner, not cached or indexed; off again shows the published page', async () => {
    const on = await toggle('1', admin);
    expect(on.status).toBe(303);
    expect(on.headers.location).toBe('/FloorPlan/59A');
    const setCookie = [on.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(/^__Host-preview=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure$/m);
    const inPreview = withSetCookies(admin, on);

    for (let read = 0; read < 2; read += 1) {
      const page = await getWithCookie(server.url, '/FloorPlan/59A', inPreview);
      expect(page.status).toBe(200);
      expect(html(page)).toContain(DRAFT_PHONE);
      expect(html(page)).toContain(BANNER);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      // Client navigations read their data the same way.
      const data = await getWithCookie(server.url, '/FloorPlan/84A.data', inPreview);
      expect(data.body.toString('utf8')).toContain(DRAFT_PHONE);
      expect(data.headers['cache-control']).toBe('private, no-store');
    }
    // Meanwhile visitors, from the cache or not, never get the draft.
    for (let read = 0; read < 3; read += 1) {
      const visitor = await getWithCookie(server.url, '/FloorPlan/59A', '');
      expect(html(visitor)).toContain(PUBLISHED_PHONE);
      expect(html(visitor)).not.toContain(DRAFT_PHONE);
    }
    // The preview cookie alone (signed out, or copied to another browser) shows nothing unpublished.
    const previewCookieOnly = inPreview
      .split('; ')
      .filter((pair) => pair.startsWith('__Host-preview='))
      .join('; ');
    expect(html(await getWithCookie(server.url, '/FloorPlan/59A', previewCookieOnly))).not.toContain(DRAFT_PHONE);

    const off = await toggle('0', inPreview);
    expect(off.status).toBe(303);
    const afterwards = withSetCookies(inPreview, off);
    expect(afterwards).not.toContain('__Host-preview=');
    const page = await getWithCookie(server.url, '/FloorPlan/59A', afterwards);
    expect(html(page)).toContain(PUBLISHED_PHONE);
    expect(html(page)).not.toContain(BANNER);
  });

  it('the press form saves a draft that only the admin sees (listed, and on the page in preview) until it is published', async () => {
    const title = `초안 기사 ${Date.now()}`;
    const saved = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'create', saveAs: 'draft', title, summary: '요약', body: '본문' }, admin);
    expect(saved.status).toBe(303);
    expect(html(await getWithCookie(server.url, '/cheonghak/press', ''))).not.toContain(title);
    const adminList = html(await getWithCookie(server.url, '/cheonghak/press', admin));
    expect(adminList).toContain('게시 전 초안');
    const id = new RegExp(`aria-label="${title} 게시"`).test(adminList) ? /name="id" value="(press-[^"]+)"/.exec(adminList)?.[1] : undefined;
    expect(id, 'the draft with its publish button').toBeTruthy();

    const inPreview = withSetCookies(admin, await toggle('1', admin, '/cheonghak/press'));
    expect(html(await getWithCookie(server.url, `/cheonghak/press/${id}`, inPreview))).toContain(title);
    expect((await getWithCookie(server.url, `/cheonghak/press/${id}`, '')).status).not.toBe(200);

    const published = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'publish', id: id! }, admin);
    expect(published.status).toBe(303);
    expect(html(await getWithCookie(server.url, '/cheonghak/press', ''))).toContain(title);
    expect(html(await getWithCookie(server.url, '/cheonghak/press', admin))).not.toContain('게시 전 초안');
    const again = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'publish', id: id! }, admin);
    expect(again.status).toBe(404);
  });

  it('refuses a forged preview cookie, another origin, no session, a bad value; returns only to our own pages', async () => {
    const forged = `${admin}; __Host-preview=eyJleHAiOjk5OTk5OTk5OTk5OTl9.forged`;
    expect(html(await getWithCookie(server.url, '/FloorPlan/59A', forged))).not.toContain(DRAFT_PHONE);

    const refusals: Array<[string, Promise<RawResponse>, number]> = [
      ['another origin', toggle('1', admin, '/', { origin: 'https://evil.example' }), 403],
      ['signed out', toggle('1', '', '/'), 401],
      ['a bad value', toggle('yes', admin, '/'), 400],
    ];
    for (const [name, request, status] of refusals) {
      const response = await request;
      expect(response.status, name).toBe(status);
      expect(json(response).message, name).toMatch(HANGUL);
      expect(response.headers['set-cookie'], name).toBeUndefined();
    }
    // Over 4 KB: JSON 413 for the admin; another origin is refused before its body is read.
    const large = 'x'.repeat(5000);
    const tooLarge = await toggle('1', admin, large);
    expect(tooLarge.status).toBe(413);
    expect(json(tooLarge).message).toMatch(HANGUL);
    expect((await toggle('1', admin, large, { origin: 'https://evil.example' })).status).toBe(403);

    const offSite = await toggle('1', admin, '//evil.example/');
    expect(offSite.status).toBe(303);
    expect(offSite.headers.location).toBe('/');

    // The switch's address typed in: the console's first page, where the switch is; nothing set.
    const typed = await getWithCookie(server.url, '/admin/preview', admin);
    expect(typed.status).toBe(303);
    expect(typed.headers.location).toBe('/admin');
    expect(typed.headers['set-cookie']).toBeUndefined();
    // The Studio's links exist only with Sanity: here a JSON 404 in Korean.
    for (const link of ['/api/preview/enable?sanity-preview-secret=x', '/api/preview/disable?path=/']) {
      const answer = await getWithCookie(server.url, link, admin);
      expect(answer.status, link).toBe(404);
      expect(json(answer), link).toMatchObject({ error: 'notFound', message: expect.stringMatching(HANGUL) });
    }
  });
});
