/**
 * The console's filters and personal-data GETs over HTTP on the app itself (createApp through
 * Vite), on the embedded store and on PostgreSQL, signed in as an admin: a control character
 * (NUL…) in any typed filter answers 400 with a Korean message, never a 500 nor a cut export; a
 * download or a phone search another site's link asks for is not made and not recorded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../web/server/app';
import { freshDatabaseUrl } from '../../support/postgres';
import { hashTestPassword, TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';
import { appFromSources, type AppModule } from '../../support/source-modules';

const EMAIL = 'boss@example.kr';
const PASSWORD = 'correct horse battery staple';
const CONTROL_MESSAGE = '검색어와 조건에는 제어 문자';

let appModule: AppModule;

beforeAll(async () => {
  appModule = await appFromSources();
}, 120_000);

describe.each([
  ['embedded', async () => ({})],
  ['PostgreSQL', async () => ({ DATABASE_URL: await freshDatabaseUrl() })],
])('console filters on the %s store', (_store, storeEnv) => {
  let app: App;
  let server: Server;
  let origin: string;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-filters-'));
    const env = {
      ...TEST_PASSWORD_HASHING_ENV,
      ...(await storeEnv()),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-console-filters-test-0123',
    };
    app = await appModule.createApp(appModule.loadConfig(env), { pagePipeline: false });
    server = createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signIn = await fetch(`${origin}/admin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ intent: 'login', email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(302);
    cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string) => fetch(`${origin}${pathAndQuery}`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': 'same-origin' } });

  it.each([
    ['/admin/leads?q=%00'],
    ['/admin/leads?q=010%001234'],
    ['/admin/leads?utmSource=naver%00'],
    ['/admin/leads?utmCampaign=%00launch'],
    ['/admin/leads.data?q=%00'],
    ['/admin/audit?actor=%00'],
    ['/admin/audit.data?actor=kim%00%40example.kr'],
    [`/admin/leads/export.csv?q=%00&reason=${encodeURIComponent('점검')}`],
    [`/admin/leads/export.xlsx?utmSource=%00&reason=${encodeURIComponent('점검')}`],
    [`/admin/leads/export.csv?utmCampaign=a%00&reason=${encodeURIComponent('점검')}`],
    [`/admin/audit/export.csv?actor=%00&reason=${encodeURIComponent('점검')}`],
  ])('%s: 400 with the Korean message', async (pathAndQuery) => {
    const response = await get(pathAndQuery);
    const body = await response.text();
    expect(response.status, body.slice(0, 300)).toBe(400);
    expect(body).toContain(CONTROL_MESSAGE);
  });

  it("signed out, a page's data request: the sign-in returns to the page's own address, not the data request's", async () => {
    const response = await fetch(`${origin}/admin/leads.data?status=new&_routes=routes%2Fconsole%2Fleads`, { redirect: 'manual' });
    const body = await response.text();
    expect(response.status, body.slice(0, 300)).toBe(202);
    expect(body).toContain(`"/admin?next=${encodeURIComponent('/admin/leads?status=new')}"`);
    expect(body).not.toContain('.data');
  });

  it("another site's link to a download or a phone search: nothing is downloaded, searched or recorded", async () => {
    const reason = encodeURIComponent('공격자가 적은 사유');
    const crossSite = (pathAndQuery: string, accept: string) =>
      fetch(`${origin}${pathAndQuery}`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': 'cross-site', accept } });
    for (const download of [
      `/admin/leads/export.csv?reason=${reason}`,
      `/admin/leads/export.xlsx?q=01011112222&reason=${reason}`,
      `/admin/audit/export.csv?reason=${reason}`,
      `/admin/stats.csv?reason=${reason}`,
    ]) {
      const asScript = await crossSite(download, '*/*');
      expect(asScript.status, download).toBe(403);
      expect(await asScript.json()).toMatchObject({ error: 'crossSite', message: expect.stringContaining('다른 사이트') });
      const asNavigation = await crossSite(download, 'text/html');
      expect(asNavigation.status, download).toBe(303);
      expect(asNavigation.headers.get('location')).not.toContain('reason');
    }
    const search = await crossSite('/admin/leads?q=010-1111-2222', 'text/html');
    expect(search.status).toBe(200);
    expect(await search.text()).toContain('다른 사이트에서 연 검색 링크라 검색하지 않았습니다');
    const records = await app.loadContext.audit.list({ limit: 100 });
    expect(records.entries.map((entry) => entry.action)).not.toEqual(expect.arrayContaining(['leadExport']));
    expect(records.entries.filter((entry) => ['leadExport', 'auditExport', 'statsExport', 'phoneSearch'].includes(entry.action))).toEqual([]);
    // Followed from our own page, the search is made (and recorded).
    expect((await get('/admin/leads?q=010-1111-2222')).status).toBe(200);
    expect((await app.loadContext.audit.list({ action: 'phoneSearch', limit: 10 })).entries).toHaveLength(1);
  });

  it("another site's link to the audit page: no record of it is shown, and no view recorded in the admin's name", async () => {
    await get('/admin/leads?q=010-3333-4444');
    const before = (await app.loadContext.audit.list({ limit: 100 })).entries.length;
    for (const site of ['cross-site', 'same-site']) {
      for (const pathAndQuery of ['/admin/audit?actor=boss%40example.kr', '/admin/audit.data?action=phoneSearch']) {
        const response = await fetch(`${origin}${pathAndQuery}`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': site, accept: 'text/html' } });
        const body = await response.text();
        expect(response.status, pathAndQuery).toBe(200);
        // Each record shows the address it came from.
        expect(body, pathAndQuery).not.toContain('127.0.0.1');
        expect(body, pathAndQuery).not.toContain('<td ');
        if (!pathAndQuery.includes('.data')) expect(body).toContain('다른 사이트에서 연 링크라 접속 기록을 보여 드리지 않았습니다');
      }
    }
    expect((await app.loadContext.audit.list({ limit: 100 })).entries).toHaveLength(before);
    // Followed from our own page, the records are shown and the view recorded.
    const own = await get('/admin/audit?actor=boss%40example.kr');
    expect(await own.text()).toContain('127.0.0.1');
    const after = (await app.loadContext.audit.list({ limit: 100 })).entries;
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ action: 'auditView', actor: EMAIL });
  });

  it('a search by a whole phone number is posted and comes back sealed: no address, link or download holds the number', async () => {
    const phoneSearches = async () => (await app.loadContext.audit.list({ action: 'phoneSearch', limit: 100 })).entries.length;
    const searchesBefore = await phoneSearches();
    const posted = await fetch(`${origin}/admin/leads`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'search', q: '010-5555-6666', status: '', assignee: 'none' }),
    });
    expect(posted.status).toBe(303);
    const address = posted.headers.get('location') ?? '';
    expect(address).toMatch(/^\/admin\/leads\?/);
    expect(address).not.toMatch(/5555|6666/);
    expect(new URL(address, origin).searchParams.get('assignee')).toBe('none');

    const list = await get(address);
    const html = await list.text();
    expect(list.status).toBe(200);
    // The search was made (and recorded as a lookup), the field shows what was typed…
    expect(await phoneSearches()).toBe(searchesBefore + 1);
    expect(html).toMatch(/name="q"[^>]*value="010-5555-6666"/);
    // …and every link and the export form carry the sealed search, never the number.
    expect([...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href).filter((href) => /5555|6666/.test(href))).toEqual([]);
    expect(html).not.toMatch(/type="hidden" name="q"/);
    expect(html).toMatch(/type="hidden" name="qs" value="[\w-]+"/);
    const sealed = new URL(address, origin).searchParams.get('qs')!;

    const exported = await get(`/admin/leads/export.csv?qs=${encodeURIComponent(sealed)}&reason=${encodeURIComponent('점검')}`);
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    // The export is recorded once its last byte has left, so the record may land just after the body.
    await vi.waitFor(async () => {
      const [record] = (await app.loadContext.audit.list({ action: 'leadExport', limit: 1 })).entries;
      expect(record?.detail).toContain('q=***-****-****');
    });

    // A name or the last four digits stay readable in the address.
    const byLastFour = await fetch(`${origin}/admin/leads`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'search', q: '6666' }),
    });
    expect(byLastFour.headers.get('location')).toBe('/admin/leads?q=6666');
    // A sealed search that does not open (altered, or sealed elsewhere) searches nothing and says so.
    const altered = await get(`/admin/leads?qs=${sealed.slice(0, -2)}AA`);
    expect(await altered.text()).toContain('이름 또는 전화번호');
    expect(await phoneSearches()).toBe(searchesBefore + 1);
  });

  it("the audit page's customer search refuses a control character too", async () => {
    const response = await fetch(`${origin}/admin/audit`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ customer: '010\u00001234' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_MESSAGE);
  });
});
