/**
 * Ad spend per campaign and month on both databases (embedded SQLite and PostgreSQL): entered,
 * replaced for the same campaign and month, removed, each change audited with the amounts before
 * and after; refused for a 상담사 (a Korean 403 from the statistics page's action) and for bad
 * input (a Korean 400, never a 5xx); and the funnel's costs per 고객 and per 내방 (spend of the
 * months the period touches, "—" without spend or customers), on the page's data and in the CSV.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SPEND_MESSAGES, costLabel, monthsOfRange } from '../../../web/shared/ad-spend';
import type { StaffIdentity } from '../../../web/shared/staff-roles';
import type { ViewRequest } from '../../../web/server/http/view-gate';
import { CustomerWork } from '../../../web/server/customers/customer-work';
import { register } from '../../../web/server/customers/registration';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { AdSpendBook } from '../../../web/server/measurement/ad-spend';
import { PageViewStats, type PageViewFacts } from '../../../web/server/measurement/page-views';
import { campaignStatsCsv, campaignStatsOf } from '../../../web/server/measurement/stats';
import { migrate } from '../../../web/server/postgres/index';
import { action } from '../../../web/app/routes/console/stats';
import { freshDatabaseUrl } from '../../support/postgres';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';

const MANAGER = { email: 'lead@example.kr', name: '박팀장', role: 'manager', ip: '10.0.0.1' } as const;
const SALES = { email: 'sales@example.kr', name: '김상담', role: 'sales', ip: '10.0.0.2' } as const;

type Registered = {
  id: string;
  phone: string;
  createdAt: string;
  utm: { source: string; medium?: string; campaign: string };
  checkedInAt?: string;
  status?: 'contracted';
};
const lead = (id: string, phone: string, createdAt: string, campaign: string, work: Pick<Registered, 'checkedInAt' | 'status'> = {}): Registered => ({
  id,
  phone,
  createdAt,
  utm: { source: 'naver', medium: 'cpc', campaign },
  ...work,
});

/**
 * Each registration stored as the site stores it; a check-in is a visit booked for that day and
 * checked in at the desk, a contract a status the 팀장 sets.
 */
async function registered(sales: SalesDatabase, registrations: Registered[]): Promise<void> {
  let now = 0;
  const work = new CustomerWork(sales, { now: () => now });
  const actor = { ...MANAGER, visibleTo: null, takesColleagues: true };
  const versionOf = async (id: string) => (await sales.db.selectFrom('customers').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  for (const registration of registrations) {
    const day = registration.checkedInAt?.slice(0, 10);
    if (day)
      await sales.db
        .insertInto('visit_slots')
        .values({ id: `slot-${day}`, date: day, time: '11:00', capacity: 6, created_at: registration.createdAt })
        .execute();
    const outcome = await register(
      sales,
      {
        id: registration.id,
        name: '한고객',
        phone: registration.phone,
        createdAt: registration.createdAt,
        formKind: 'popup',
        utm: registration.utm,
        consent: { marketing: false, noticeVersion: '2026-10', agreedAt: registration.createdAt },
      },
      {
        assignee: null,
        today: registration.createdAt.slice(0, 10),
        ...(day
          ? { visit: { slotId: `slot-${day}`, bookableFrom: registration.createdAt.slice(0, 10), whenUnavailable: 'refuse', kind: 'site', by: null } }
          : {}),
      },
    );
    if (outcome.status !== 'created') throw new Error(`${registration.id}: ${outcome.status}`);
    if (registration.checkedInAt) {
      now = Date.parse(registration.checkedInAt);
      expect(await work.checkIn(outcome.customerId, await versionOf(outcome.customerId), actor)).toMatchObject({ ok: true });
    }
    if (registration.status)
      expect(await work.change(outcome.customerId, { version: await versionOf(outcome.customerId), status: registration.status }, actor)).toMatchObject({
        ok: true,
      });
  }
}

/** November: launch has 4 customers (one registered twice), 2 of them came to the model house; winter has 1, nobody came. */
const LEADS = [
  lead('lead-1', '01011110001', '2026-11-02T01:00:00.000Z', 'Launch', { checkedInAt: '2026-11-03T02:00:00.000Z' }),
  lead('lead-2', '01011110001', '2026-11-04T01:00:00.000Z', 'launch'),
  lead('lead-3', '01011110002', '2026-11-05T01:00:00.000Z', 'launch', { status: 'contracted' }),
  lead('lead-4', '01011110003', '2026-11-06T01:00:00.000Z', 'launch'),
  lead('lead-5', '01011110004', '2026-11-07T01:00:00.000Z', 'launch'),
  lead('lead-6', '01011110005', '2026-11-08T01:00:00.000Z', 'winter'),
];
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

type Backend = { sales: SalesDatabase; close(): Promise<void> };
const BACKENDS: Array<[string, () => Promise<Backend>]> = [
  [
    'SQLite',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ad-spend-'));
      const sales = await openEmbeddedSalesDatabase(dataDir);
      return { sales, close: async () => (await sales.close(), rmSync(dataDir, { recursive: true, force: true })) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await freshDatabaseUrl();
      await migrate(url);
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      return { sales: salesDatabaseOnPostgres(pool), close: () => pool.end() };
    },
  ],
];

describe.each(BACKENDS)('ad spend on %s', (_store, open) => {
  let backend: Backend;
  let audit: MemoryAuditTrail;
  let book: AdSpendBook;

  beforeAll(async () => {
    backend = await open();
    await registered(backend.sales, LEADS);
    audit = new MemoryAuditTrail();
    book = new AdSpendBook({ sales: backend.sales, audit });
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
  });

  /** The statistics page's action, posted by `staff`, as React Router calls it. */
  async function post(staff: StaffIdentity, fields: Record<string, string>) {
    const request = new Request('http://localhost/admin/stats?from=2026-11-01&to=2026-11-30', { method: 'POST', body: new URLSearchParams(fields) });
    const context = { auth: { session: () => staff }, adSpend: book, clientIp: '10.0.0.9' } as unknown as AppLoadContext;
    const answer = (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as unknown as {
      data: { tone: string; message: string };
      init: ResponseInit | null;
    };
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  it('enters a campaign month, replaces it on a second entry and removes it, each change audited', async () => {
    expect(await book.set({ campaign: 'Launch', month: '2026-10', amount: '1,200,000' }, MANAGER)).toEqual({ ok: true });
    expect(await book.set({ campaign: 'launch', month: '2026-10', amount: '1500000' }, MANAGER)).toEqual({ ok: true });
    expect(await book.ofMonths(['2026-10'])).toEqual([{ campaign: 'launch', month: '2026-10', amount: 1_500_000 }]);
    expect(await book.remove({ campaign: 'launch', month: '2026-10' }, MANAGER)).toEqual({ ok: true });
    expect(await book.ofMonths(['2026-10'])).toEqual([]);
    expect(await book.remove({ campaign: 'launch', month: '2026-10' }, MANAGER)).toEqual({ ok: false, error: 'notFound' });
    expect(audit.entries.filter((entry) => entry.action === 'adSpend').map(({ actor, ip, detail }) => ({ actor, ip, detail }))).toEqual([
      { actor: MANAGER.email, ip: MANAGER.ip, detail: '광고비 launch 2026-10 없음 → 1,200,000원' },
      { actor: MANAGER.email, ip: MANAGER.ip, detail: '광고비 launch 2026-10 1,200,000원 → 1,500,000원' },
      { actor: MANAGER.email, ip: MANAGER.ip, detail: '광고비 launch 2026-10 1,500,000원 → 삭제' },
    ]);
  });

  it('refuses a 상담사 with a Korean 403 and stores nothing', async () => {
    const before = audit.entries.length;
    expect(await post(SALES, { intent: 'set', campaign: 'launch', month: '2026-09', amount: '1000' })).toEqual({
      status: 403,
      tone: 'error',
      message: AD_SPEND_MESSAGES.forbidden,
    });
    expect(await book.remove({ campaign: 'launch', month: '2026-09' }, SALES)).toEqual({ ok: false, error: 'forbidden' });
    expect(await book.ofMonths(['2026-09'])).toEqual([]);
    expect(audit.entries.length).toBe(before);
  });

  it.each([
    ['a negative amount', { campaign: 'launch', month: '2026-09', amount: '-1' }, AD_SPEND_MESSAGES.amount],
    ['an amount that is not a number', { campaign: 'launch', month: '2026-09', amount: '백만' }, AD_SPEND_MESSAGES.amount],
    ['an amount over 1조', { campaign: 'launch', month: '2026-09', amount: '1000000000001' }, AD_SPEND_MESSAGES.amount],
    ['a fractional amount', { campaign: 'launch', month: '2026-09', amount: '10.5' }, AD_SPEND_MESSAGES.amount],
    ['an unknown month', { campaign: 'launch', month: '2026-13', amount: '1000' }, AD_SPEND_MESSAGES.month],
    ['a day for a month', { campaign: 'launch', month: '2026-09-01', amount: '1000' }, AD_SPEND_MESSAGES.month],
    ['a campaign too long', { campaign: 'x'.repeat(101), month: '2026-09', amount: '1000' }, AD_SPEND_MESSAGES.campaign],
    ['no campaign', { campaign: ' ', month: '2026-09', amount: '1000' }, AD_SPEND_MESSAGES.campaign],
  ])('answers %s with a Korean 400 on the page, beside its field', async (_case, fields, message) => {
    const field = Object.entries(AD_SPEND_MESSAGES).find(([, text]) => text === message)?.[0];
    expect(await post(MANAGER, { intent: 'set', ...fields })).toEqual({ status: 400, tone: 'error', message, field });
    expect(await book.ofMonths(['2026-09'])).toEqual([]);
  });

  it('answers the page with what was saved and removed', async () => {
    expect(await post(MANAGER, { intent: 'set', campaign: 'launch', month: '2026-08', amount: '0' })).toEqual({
      status: 200,
      tone: 'success',
      message: '2026-08 launch 광고비를 저장했습니다.',
      saved: true,
    });
    expect(await post(MANAGER, { intent: 'remove', campaign: 'launch', month: '2026-08' })).toEqual({
      status: 200,
      tone: 'success',
      message: '2026-08 launch 광고비를 삭제했습니다.',
      saved: false,
    });
    expect(await post(MANAGER, { intent: 'remove', campaign: 'launch', month: '2026-08' })).toEqual({
      status: 404,
      tone: 'error',
      message: AD_SPEND_MESSAGES.notFound,
    });
  });

  it('divides the spend of the months the period touches by the campaign’s customers and visitors, "—" without spend or a divisor', async () => {
    await book.set({ campaign: 'launch', month: '2026-11', amount: '1000000' }, MANAGER);
    await book.set({ campaign: 'launch', month: '2026-12', amount: '300000' }, MANAGER);
    await book.set({ campaign: 'winter', month: '2026-11', amount: '500000' }, MANAGER);
    await book.set({ campaign: 'spring', month: '2026-11', amount: '90000' }, MANAGER);
    const november = await campaignStatsOf(backend).read(NOVEMBER);
    const row = (campaign: string) => november.funnel.find((funnel) => funnel.label.endsWith(campaign));
    // "Launch" and "launch" are one campaign, one row: 4 customers, 2 of whom came (one checked in
    // from Launch, one contracted from launch).
    expect(november.funnel.filter((funnel) => funnel.label.toLowerCase().endsWith('launch'))).toHaveLength(1);
    expect(row('launch')).toMatchObject({ customers: 4, visited: 2, spend: 1_000_000, costPerCustomer: 250_000, costPerVisit: 500_000 });
    // winter: one customer, nobody came: no cost per 내방.
    expect(row('winter')).toMatchObject({ customers: 1, visited: 0, spend: 500_000, costPerCustomer: 500_000, costPerVisit: null });
    // spring: spend and no customer: a row of its own, with no cost.
    expect(row('spring')).toMatchObject({ customers: 0, spend: 90_000, costPerCustomer: null, costPerVisit: null });
    expect([costLabel(row('launch')!.costPerCustomer), costLabel(row('winter')!.costPerVisit)]).toEqual(['250,000원', '—']);

    // 11-25 ~ 12-01 touches November and December: both months' spend, whole.
    expect(monthsOfRange({ from: '2026-11-25', to: '2026-12-01' })).toEqual(['2026-11', '2026-12']);
    const across = await campaignStatsOf(backend).read({ from: '2026-11-01', to: '2026-12-01' });
    expect(across.funnel.find((funnel) => funnel.label.endsWith('launch'))).toMatchObject({
      spend: 1_300_000,
      costPerCustomer: 325_000,
      costPerVisit: 650_000,
    });

    const csv = campaignStatsCsv(november)
      .split('\r\n')
      .map((line) => line.replaceAll('"', ''));
    expect(csv).toContain('캠페인 퍼널,항목,등록 고객,첫 유입,마지막 유입,통화,내방,계약,광고비(원),고객당 비용(원),내방당 비용(원)');
    expect(csv).toContain('캠페인 퍼널,launch,4,4,4,0,2,1,1000000,250000,500000');
    expect(csv).toContain('캠페인 퍼널,winter,1,1,1,0,0,0,500000,500000,');
    expect(csv).toContain('캠페인 퍼널,spring,0,0,0,0,0,0,90000,,');
  });

  it('one campaign in two spellings is one campaign key: entered, stored, counted and costed once', async () => {
    await registered(backend.sales, [
      lead('lead-search-1', '01022220001', '2027-01-05T01:00:00.000Z', 'Launch_Search'),
      lead('lead-search-2', '01022220002', '2027-01-06T01:00:00.000Z', 'launch_search', { checkedInAt: '2027-01-07T02:00:00.000Z' }),
      { id: 'lead-search-3', phone: '01022220003', createdAt: '2027-02-02T01:00:00.000Z', utm: { source: 'Naver', medium: 'CPC', campaign: 'LAUNCH_SEARCH' } },
    ]);
    // The ad's landing page seen from links in both spellings, on two phones.
    const pageViews = new PageViewStats(backend.sales, { intervalMs: 3_600_000, now: () => Date.parse('2027-01-05T01:00:00.000Z') });
    const landing = (utmCampaign: string): PageViewFacts => ({
      path: '/',
      landing: true,
      referrerHost: 'search.naver.com',
      utmSource: 'naver',
      utmMedium: 'cpc',
      utmCampaign,
      device: 'mobile',
    });
    const phone = (ip: string): ViewRequest => ({
      ip,
      host: 'localhost',
      header: (name) => (name.toLowerCase() === 'user-agent' ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' : undefined),
    });
    expect(await pageViews.record(landing('Launch_Search'), phone('203.0.113.1'))).toBe(true);
    expect(await pageViews.record(landing('launch_search'), phone('203.0.113.2'))).toBe(true);
    await pageViews.stop();
    expect(await post(MANAGER, { intent: 'set', campaign: 'Launch_Search', month: '2027-01', amount: '3,500,000' })).toMatchObject({
      status: 200,
      tone: 'success',
    });
    expect(await post(MANAGER, { intent: 'set', campaign: 'launch_search', month: '2027-02', amount: '3500000' })).toMatchObject({
      status: 200,
      tone: 'success',
    });
    expect(await book.ofMonths(['2027-01', '2027-02'])).toEqual([
      { campaign: 'launch_search', month: '2027-01', amount: 3_500_000 },
      { campaign: 'launch_search', month: '2027-02', amount: 3_500_000 },
    ]);

    const report = await campaignStatsOf(backend).read({ from: '2027-01-01', to: '2027-02-28' });
    const spendColumn = report.funnel.reduce((sum, row) => sum + (row.spend ?? 0), 0);
    expect(spendColumn).toBe(7_000_000);
    expect(report.funnel.filter((row) => row.label.toLowerCase().includes('launch_search'))).toEqual([
      expect.objectContaining({ label: 'launch_search', customers: 3, visited: 1, spend: 7_000_000, costPerCustomer: 2_333_333, costPerVisit: 7_000_000 }),
    ]);
    expect(
      report.campaigns
        .filter((row) => row.label.toLowerCase().includes('launch_search'))
        .map(({ label, registrations, visits }) => ({ label, registrations, visits })),
    ).toEqual([{ label: 'naver / cpc / launch_search', registrations: 3, visits: 2 }]);
    const csv = campaignStatsCsv(report).replaceAll('"', '');
    expect(csv).toContain('캠페인 퍼널,launch_search,3,3,3,0,1,0,7000000,2333333,7000000');
  });
});

describe('the months a period takes', () => {
  it('crosses a year', () => {
    expect(monthsOfRange({ from: '2026-12-20', to: '2027-02-03' })).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(monthsOfRange({ from: '2026-11-03', to: '2026-11-03' })).toEqual(['2026-11']);
  });
});
