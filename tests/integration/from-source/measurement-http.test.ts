/**
 * Campaign measurement over HTTP: the page-view beacon counted into daily aggregates in the
 * sales database (batched, one visitor per campaign per day, no bots, no console pages), joined
 * with the registrations into the statistics and the CSV export; and every refusal a 4xx with a Korean
 * message, before the body is parsed where it can be. Visitors and the day's combinations are
 * decided in memory (one instance) and in PostgreSQL (DATABASE_URL), where two instances count a
 * visitor once and keep one set of caps.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ViewRequest } from '../../../web/server/http/view-gate';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffIdentity } from '../../../web/shared/staff-roles';
import { seoulDay } from '../../../web/shared/seoul-time';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration } from '../../../web/server/customers/registration-types';
import {
  MAX_COMBINATIONS_PER_DAY,
  MAX_NEW_COMBINATIONS_PER_ADDRESS,
  MAX_SINGLE_ADDRESS_COMBINATIONS,
  PageViewStats,
  pageViewFacts,
  type PageViewStatsOptions,
} from '../../../web/server/measurement/page-views';
import { PostgresPageViewGate } from '../../../web/server/measurement/shared-page-views';
import { createMeasureRouter } from '../../../web/server/measurement/routes';
import { campaignStatsOf } from '../../../web/server/measurement/stats';
import type { SalesDatabase } from '../../../web/server/database/index';
import { inMemorySalesDatabase } from '../../support/sales-database';
import { rawRequest, type RawResponse } from '../../support/http';
import { INSTANCE_STORES, usePool } from '../../support/instance-stores';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { appRoutes } from '../../support/source-modules';
import { consoleDownloads } from '../../../web/server/app/downloads';
import type { StaffAuth } from '../../../web/server/auth/staff-auth';
import type { LeadConsole } from '../../../web/server/console/types';
import { leadSearchAddress } from '../../../web/server/console/search-address';
import { teamPerformanceOf } from '../../../web/server/console/team-performance';

const PHONE_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const staff: StaffIdentity = { email: 'manager@example.com', name: '최팀장', role: 'admin' };
const salesStaff: StaffIdentity = { email: 'sales@example.com', name: '정상담', role: 'sales' };
const audit = new MemoryAuditTrail();

let sales: SalesDatabase;
let pageViews: PageViewStats;
let measureRouter: express.Router;
let server: http.Server;
let url: string;
/** Set while the tests run with PostgreSQL deciding visitors and combinations. */
let postgres: pg.Pool | undefined;
const today = seoulDay(Date.now());
const gateOn =
  (pool: pg.Pool): PageViewStatsOptions['gate'] =>
  (perAddress) =>
    new PostgresPageViewGate(pool, perAddress);

beforeAll(async () => {
  sales = await inMemorySalesDatabase();
  const app = express();
  app.set('trust proxy', 'loopback');
  // A fresh counter (daily combinations, visitors, rate limits) for each test.
  app.use((req, res, next) => measureRouter(req, res, next));
  const session = (request: globalThis.Request) =>
    request.headers.get('x-test-signed-in') === 'sales' ? salesStaff : request.headers.get('x-test-signed-in') ? staff : null;
  const downloads = consoleDownloads({
    // Only the statistics are downloaded here.
    leadConsole: {} as LeadConsole,
    leadSearch: leadSearchAddress(randomBytes(32)),
    audit,
    campaignStats: campaignStatsOf({ sales }),
    teamPerformance: teamPerformanceOf({ sales, staff: { list: async () => [] }, callResults: async () => [] }),
  });
  const render = await appRoutes((req) => ({ auth: { session } as unknown as StaffAuth, downloads, clientIp: req.ip ?? '' }));
  app.use(render);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(async () => {
  // Flushed by the tests themselves.
  pageViews = new PageViewStats(sales, { intervalMs: 3_600_000, gate: postgres && gateOn(postgres) });
  measureRouter = createMeasureRouter({ pageViews });
  await sales.db.deleteFrom('customers').execute();
  await sales.db.deleteFrom('visit_slots').execute();
  await sales.db.deleteFrom('registration_tallies').execute();
  await sales.db.deleteFrom('customer_tallies').execute();
  await sales.db.deleteFrom('page_view_tallies').execute();
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await sales?.close();
});

type Beacon = { page: string; landing: boolean; referrer: string; campaign: string };

/** The beacon as Chromium's sendBeacon sends it from one of our pages. */
function beacon(body: Beacon | string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(url, {
    method: 'POST',
    path: '/api/measure',
    headers: {
      origin: url,
      'sec-fetch-site': 'same-origin',
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': PHONE_CHROME,
      'x-forwarded-for': '198.51.100.7',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Rows of the page-view tallies table. */
async function tallyRows(): Promise<number> {
  const { rows } = await sales.db
    .selectFrom('page_view_tallies')
    .select((count) => count.fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow();
  return Number(rows);
}

/** A registration stored as the site stores a form sent now. */
async function registered(form: Pick<NewRegistration, 'id' | 'phone' | 'landingPage' | 'sourcePage' | 'utm'>, visitSlotId?: string): Promise<void> {
  const outcome = await register(
    sales,
    {
      name: '홍길동',
      createdAt: new Date().toISOString(),
      formKind: 'popup',
      consent: { marketing: false, noticeVersion: '2026-11', agreedAt: new Date().toISOString() },
      ...form,
    },
    {
      assignee: null,
      today,
      ...(visitSlotId ? { visit: { slotId: visitSlotId, bookableFrom: today, whenUnavailable: 'refuse', kind: 'site', by: null } } : {}),
    },
  );
  expect(outcome.status).toBe('created');
}

const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8')) as { error: string; message: string };
const HANGUL = /[가-힣]/;

async function stats() {
  await pageViews.flush();
  return campaignStatsOf({ sales }).read({ from: today, to: today });
}

const naverAd = 'utm_source=naver&utm_medium=cpc&utm_campaign=autumn';

describe.each(INSTANCE_STORES)('the page-view beacon (%s)', (_name, onPostgres) => {
  usePool(onPostgres, (pool) => {
    postgres = pool;
  });
  beforeEach(async () => {
    await postgres?.query('TRUNCATE page_view_salts, page_view_visitors, page_view_combinations, page_view_addresses');
  });

  it('counts views, visits and visitors per campaign, page, referring site and device, and joins the registrations', async () => {
    // A phone arrives from a Naver ad on the floor plan, reads two more pages, and registers.
    expect((await beacon({ page: '/FloorPlan/59A', landing: true, referrer: 'https://m.search.naver.com/search?q=x', campaign: naverAd })).status).toBe(204);
    expect((await beacon({ page: '/Interior/59A', landing: false, referrer: '', campaign: naverAd })).status).toBe(204);
    expect((await beacon({ page: '/FloorPlan/59A', landing: false, referrer: '', campaign: naverAd })).status).toBe(204);
    // Another person (another address) from the same ad; a desktop reader without a campaign.
    await beacon({ page: '/FloorPlan/59A', landing: true, referrer: 'https://search.naver.com/', campaign: naverAd }, { 'x-forwarded-for': '198.51.100.8' });
    await beacon({ page: '/', landing: true, referrer: '', campaign: '' }, { 'user-agent': DESKTOP_CHROME });
    await sales.db
      .insertInto('visit_slots')
      .values({ id: 'slot-today', date: today, time: '14:00', capacity: 6, created_at: new Date().toISOString() })
      .execute();
    await registered(
      {
        id: 'lead-a',
        phone: '01012345678',
        landingPage: '/FloorPlan/59A',
        sourcePage: '/Interior/59A',
        utm: { source: 'naver', medium: 'cpc', campaign: 'autumn' },
      },
      'slot-today',
    );

    const report = await stats();
    expect(report.totals).toEqual({ views: 5, visits: 3, visitors: 3, registrations: 1, customers: 1, bookings: 1, walkIns: 0 });
    const autumn = report.campaigns.find((row) => row.label === 'naver / cpc / autumn');
    expect(autumn).toMatchObject({ views: 4, visits: 2, visitors: 2, registrations: 1 });
    expect(report.campaigns.find((row) => row.label === '(캠페인 없음)')).toMatchObject({ views: 1, visits: 1, registrations: 0 });
    expect(report.landingPages.find((row) => row.label === '/FloorPlan/59A')).toMatchObject({ visits: 2, registrations: 1 });
    expect(report.referrers.map(({ label, visits }) => [label, visits])).toEqual(
      expect.arrayContaining([
        ['m.search.naver.com', 1],
        ['search.naver.com', 1],
        ['(직접 방문·내부)', 1],
      ]),
    );
    expect(report.devices.map(({ key, views }) => [key, views])).toEqual([
      ['mobile', 4],
      ['desktop', 1],
    ]);
    expect(report.days).toEqual([expect.objectContaining({ key: today, views: 5, registrations: 1, customers: 1, bookings: 1 })]);
  });

  it('stores only counts: no address, user agent or referrer path in the store', async () => {
    await beacon({ page: '/Brand/intro', landing: true, referrer: 'https://blog.naver.com/someone/123?secret=1', campaign: naverAd });
    await pageViews.flush();
    const stored = JSON.stringify(await sales.db.selectFrom('page_view_tallies').selectAll().execute());
    expect(stored).toContain('blog.naver.com');
    for (const personal of ['198.51.100.7', 'Android', 'someone', 'secret']) expect(stored).not.toContain(personal);
  });

  it('writes in batches: five hundred beacons are one row, written at the flush', async () => {
    for (let index = 0; index < 500; index += 1) await beacon({ page: '/Brand/intro', landing: false, referrer: '', campaign: '' });
    expect(await tallyRows()).toBe(0);
    const report = await stats();
    expect(await tallyRows()).toBe(1);
    // One person: counted as a visitor once.
    expect(report.totals).toMatchObject({ views: 500, visitors: 1 });
  });

  it('does not count bots, prefetches or console pages', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await beacon({ page: '/', landing: true, referrer: '', campaign: '' }, { 'user-agent': googlebot })).status).toBe(204);
    expect((await beacon({ page: '/', landing: true, referrer: '', campaign: '' }, { 'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0' })).status).toBe(204);
    expect((await beacon({ page: '/', landing: true, referrer: '', campaign: '' }, { 'sec-purpose': 'prefetch' })).status).toBe(204);
    const consolePage = await beacon({ page: '/admin/leads', landing: false, referrer: '', campaign: '' });
    expect(consolePage.status).toBe(400);
    expect((await stats()).totals.views).toBe(0);
  });

  it('folds combinations seen from one address only past their share of the day, so made-up campaigns cannot grow the store', async () => {
    const extra = 20;
    for (let index = 0; index < MAX_COMBINATIONS_PER_DAY + extra; index += 1) {
      await beacon(
        { page: '/', landing: true, referrer: '', campaign: `utm_source=made-up-${index}` },
        { 'x-forwarded-for': `198.51.${index >> 8}.${index & 255}` },
      );
    }
    const report = await stats();
    expect(await tallyRows()).toBe(MAX_SINGLE_ADDRESS_COMBINATIONS + 1);
    expect(report.totals.views).toBe(MAX_COMBINATIONS_PER_DAY + extra);
    expect(report.campaigns.find((row) => row.label.startsWith('(기타'))).toMatchObject({
      views: MAX_COMBINATIONS_PER_DAY + extra - MAX_SINGLE_ADDRESS_COMBINATIONS,
    });
  });

  it('one script with 500 made-up campaigns from one address cannot push real visitors into (기타)', async () => {
    for (let index = 0; index < 500; index += 1) {
      const answer = await beacon(
        { page: '/', landing: true, referrer: '', campaign: `utm_source=spam-${index}&utm_campaign=x${index}` },
        { 'x-forwarded-for': '203.0.113.66' },
      );
      expect(answer.status).toBe(204);
    }
    // Many people from many addresses land through the real campaign, each bringing it anew.
    for (let visitor = 0; visitor < 40; visitor += 1) {
      const campaign = visitor % 2 ? 'utm_source=naver&utm_medium=cpc&utm_campaign=launch' : 'utm_source=kakao&utm_campaign=launch';
      await beacon({ page: '/', landing: true, referrer: '', campaign }, { 'x-forwarded-for': `198.51.100.${visitor + 1}` });
    }
    const report = await stats();
    expect(report.campaigns.find((row) => row.label === 'naver / cpc / launch')).toMatchObject({ views: 20, visitors: 20 });
    expect(report.campaigns.find((row) => row.label === 'kakao / launch')).toMatchObject({ views: 20, visitors: 20 });
    expect(report.campaigns.filter((row) => row.label.startsWith('spam-'))).toHaveLength(MAX_NEW_COMBINATIONS_PER_ADDRESS);
    expect(report.campaigns.find((row) => row.label.startsWith('(기타'))).toMatchObject({ views: 500 - MAX_NEW_COMBINATIONS_PER_ADDRESS });
  });

  it('a combination first folded is stored once a second address brings it, after the one-address share is full', async () => {
    for (let index = 0; index < MAX_SINGLE_ADDRESS_COMBINATIONS; index += 1) {
      await beacon(
        { page: '/', landing: true, referrer: '', campaign: `utm_source=one-${index}` },
        { 'x-forwarded-for': `198.51.${index >> 8}.${index & 255}` },
      );
    }
    const shared = { page: '/', landing: true, referrer: '', campaign: 'utm_source=newsletter' };
    await beacon(shared, { 'x-forwarded-for': '192.0.2.1' });
    await beacon(shared, { 'x-forwarded-for': '192.0.2.2' });
    await beacon(shared, { 'x-forwarded-for': '192.0.2.3' });
    const report = await stats();
    expect(report.campaigns.find((row) => row.label === 'newsletter')).toMatchObject({ views: 2 });
  });

  it('refuses another origin, other formats, bad and oversized bodies with Korean 4xx, counting nothing', async () => {
    const valid = JSON.stringify({ page: '/', landing: true, referrer: '', campaign: '' });
    const refusals: Array<[string, Promise<RawResponse>, number, string]> = [
      ['foreign origin', beacon(valid, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), 403, 'foreignOrigin'],
      [
        'no origin (a script)',
        rawRequest(url, { method: 'POST', path: '/api/measure', headers: { 'content-type': 'text/plain', 'user-agent': PHONE_CHROME }, body: valid }),
        403,
        'foreignOrigin',
      ],
      ['form post', beacon(valid, { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'wrongContentType'],
      ['not JSON', beacon('page=/'), 400, 'invalidBeacon'],
      ['extra field', beacon(JSON.stringify({ page: '/', landing: true, referrer: '', campaign: '', phone: '01012345678' })), 400, 'invalidBeacon'],
      ['another site', beacon({ page: 'https://evil.example/', landing: true, referrer: '', campaign: '' }), 400, 'unknownPage'],
      ['no such page', beacon({ page: '/no/such/page', landing: true, referrer: '', campaign: '' }), 400, 'unknownPage'],
      ['over 2 KB', beacon(JSON.stringify({ page: '/', landing: true, referrer: 'x'.repeat(3000), campaign: '' })), 413, 'tooLarge'],
    ];
    for (const [name, request, status, error] of refusals) {
      const response = await request;
      expect(response.status, name).toBe(status);
      expect(json(response).error, name).toBe(error);
      expect(json(response).message, name).toMatch(HANGUL);
    }
    expect((await stats()).totals.views).toBe(0);
  });
});

describe('page views on two instances (PostgreSQL)', () => {
  let pool: pg.Pool;
  usePool(true, (shared) => {
    pool = shared!;
  });

  /** A person's view as the beacon's route hands it to the counter. */
  const view = (ip: string, campaign: string, userAgent = PHONE_CHROME) => {
    const headers: Record<string, string> = { 'user-agent': userAgent };
    const req: ViewRequest = { ip, host: 'site.test', header: (name) => headers[name.toLowerCase()] };
    const facts = pageViewFacts({ page: '/', landing: true, referrer: '', campaign }, req, 'site.test')!;
    return { facts, req };
  };

  it('a visitor is counted once a day, and the per-address cap of new combinations holds, whichever instance answers', async () => {
    const [a, b] = [
      new PageViewStats(sales, { intervalMs: 3_600_000, gate: gateOn(pool) }),
      new PageViewStats(sales, { intervalMs: 3_600_000, gate: gateOn(pool) }),
    ];
    try {
      for (const [index, instance] of [a, b, a, b].entries()) {
        const { facts, req } = view('198.51.100.90', naverAd);
        expect(await instance.record(facts, req), `view ${index + 1}`).toBe(true);
      }
      // One address brings new campaigns on both: the 6th and later are folded, wherever they land.
      for (let index = 0; index < MAX_NEW_COMBINATIONS_PER_ADDRESS + 3; index += 1) {
        const { facts, req } = view('203.0.113.91', `utm_source=spread-${index}`);
        await (index % 2 ? b : a).record(facts, req);
      }
      await Promise.all([a.flush(), b.flush()]);
      const report = await campaignStatsOf({ sales }).read({ from: today, to: today });
      expect(report.campaigns.find((row) => row.label === 'naver / cpc / autumn')).toMatchObject({ views: 4, visitors: 1 });
      expect(report.campaigns.filter((row) => row.label.startsWith('spread-'))).toHaveLength(MAX_NEW_COMBINATIONS_PER_ADDRESS);
      expect(report.campaigns.find((row) => row.label.startsWith('(기타'))).toMatchObject({ views: 3 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('the statistics export', () => {
  it('is a CSV of every table for an admin or a 팀장 giving a 사유 (recorded with it), and refused otherwise', async () => {
    await beacon({ page: '/FloorPlan/59A', landing: true, referrer: 'https://search.naver.com/', campaign: naverAd });
    await pageViews.flush();
    // A registration from that visit: it knows its campaign and landing page, not the device or referring site.
    await registered({ id: 'lead-stats', phone: '01012345678', landingPage: '/FloorPlan/59A', utm: { source: 'naver', medium: 'cpc', campaign: 'autumn' } });
    const csv = await rawRequest(url, {
      path: `/admin/stats.csv?from=${today}&to=${today}&reason=${encodeURIComponent('캠페인 보고')}`,
      headers: { 'x-test-signed-in': '1', accept: 'text/csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toContain('no-store');
    const text = csv.body.toString('utf8');
    // 사이트 방문 (a visit to the site) is named apart from 내방 (a visit to the model house).
    expect(
      text.startsWith('\uFEFF"구분","항목","페이지뷰","사이트 방문","사이트 방문자","등록","고객","방문 예약","현장 방문","전환율(등록÷사이트 방문)"'),
    ).toBe(true);
    expect(text).toContain('"합계","' + today + ' ~ ' + today + '","1","1","1","1","1","0","0","100.0%"');
    expect(text).toContain('"캠페인","naver / cpc / autumn","1","1","1","1","","","","100.0%"');
    // A table's cells that it does not count are empty, as on the page, not a misleading 0 or 0.0%.
    expect(text).toContain('"랜딩 페이지","/FloorPlan/59A","","1","","1","","","","100.0%"');
    expect(text).toContain('"유입 사이트","search.naver.com","","1","","","","","",""');
    expect(text).toContain('"기기","모바일","1","1","1","","","","",""');
    expect(audit.entries).toEqual([expect.objectContaining({ actor: staff.email, action: 'statsExport', detail: `${today}~${today} · 사유: 캠페인 보고` })]);

    const sales = await rawRequest(url, { path: `/admin/stats.csv?reason=x`, headers: { 'x-test-signed-in': 'sales', accept: 'application/json' } });
    expect(sales.status).toBe(403);
    expect(json(sales).message).toMatch(HANGUL);
    const noReason = await rawRequest(url, { path: `/admin/stats.csv?from=${today}`, headers: { 'x-test-signed-in': '1' } });
    expect(noReason.status).toBe(400);
    expect(json(noReason)).toEqual({ error: 'reasonRequired', message: '내려받는 사유를 입력해 주세요.' });
    expect(audit.entries).toHaveLength(1);

    const signedOut = await rawRequest(url, { path: '/admin/stats.csv', headers: { accept: 'application/json' } });
    expect(signedOut.status).toBe(401);
    expect(json(signedOut).message).toMatch(HANGUL);
    const browser = await rawRequest(url, { path: '/admin/stats.csv?from=2026-11-01', headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe(`/admin?next=${encodeURIComponent('/admin/stats?from=2026-11-01')}`);
    for (const query of ['from=yesterday', 'from=2026-11-02&to=2026-11-01', 'from=2026-01-01&to=2026-12-31']) {
      const bad = await rawRequest(url, { path: `/admin/stats.csv?${query}&reason=x`, headers: { 'x-test-signed-in': '1' } });
      expect(bad.status, query).toBe(400);
      expect(json(bad).message, query).toMatch(HANGUL);
    }
  });
});
