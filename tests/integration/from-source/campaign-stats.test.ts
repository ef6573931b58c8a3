/**
 * The statistics page's sales numbers over the customer tables, on SQLite and PostgreSQL alike,
 * seeded as the site and the desk write them (register(), CustomerWork): 등록 and 고객 named and
 * counted apart, a walk-in a 현장 방문 and never a 방문 예약, the funnel per campaign with first and
 * last touch and the ad spend's cost per customer and per visit, on the report and in its CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { touchesByCampaign, registeredCustomersBy, newCustomerCount } from '../../../web/server/customers/numbers';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration, RegistrationOptions } from '../../../web/server/customers/registration-types';
import { recountRegistrationTallies } from '../../../web/server/customers/registration-tallies';
import { eraseCustomerRows, purgeExpiredCustomers } from '../../../web/server/customers/customer-erasure';
import { AdSpendBook } from '../../../web/server/measurement/ad-spend';
import { campaignStatsCsv, campaignStatsOf, type CampaignStatsReport } from '../../../web/server/measurement/stats';
import { SALES_DATABASES, type TestSalesDatabase } from '../../support/sales-database';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';

const KIM = { email: 'kim@example.kr', name: '김상담' };
const MANAGER: CustomerActor = { email: 'lead@example.kr', name: '박팀장', role: 'manager', ip: '10.0.0.1', visibleTo: null, takesColleagues: true };
/** 2026-11-22 14:30 in Seoul: the desk's day. */
const NOW = Date.parse('2026-11-22T05:30:00.000Z');
const RANGE = { from: '2026-11-20', to: '2026-11-22' };
const consent = { marketing: false, noticeVersion: '2026-11', agreedAt: '2026-11-01T00:00:00.000Z' };

type Database = TestSalesDatabase;
const DATABASES = SALES_DATABASES;

describe.each(Object.keys(DATABASES))('campaign statistics on %s', (name) => {
  let database: Database;
  let report: CampaignStatsReport;

  /** Registers a form the way the site (or the desk) stores it; returns the customer's id. */
  async function registered(
    id: string,
    phone: string,
    createdAt: string,
    form: Partial<NewRegistration>,
    options: Partial<RegistrationOptions> = {},
  ): Promise<string> {
    const outcome = await register(
      database.sales,
      { id, name: '한고객', phone, createdAt, formKind: 'popup', consent, ...form },
      { assignee: KIM, today: createdAt.slice(0, 10), ...options },
    );
    if (outcome.status !== 'created') throw new Error(`${id}: ${outcome.status}`);
    return outcome.customerId;
  }
  /** The tallies per key (its shards added up) that count anything, in order. */
  const KEY = ['day', 'form_kind', 'utm_source', 'utm_medium', 'campaign_key', 'landing_page'] as const;
  const tallies = async () =>
    (
      await database.sales.db
        .selectFrom('registration_tallies')
        .select((eb) => [
          ...KEY,
          eb.fn.sum<number | string>('registrations').as('registrations'),
          eb.fn.sum<number | string>('first_touches').as('first_touches'),
          eb.fn.sum<number | string>('last_touches').as('last_touches'),
          eb.fn.sum<number | string>('day_customers').as('day_customers'),
        ])
        .groupBy([...KEY])
        .orderBy([...KEY])
        .execute()
    )
      .map((row) => ({
        ...row,
        registrations: Number(row.registrations),
        first_touches: Number(row.first_touches),
        last_touches: Number(row.last_touches),
        day_customers: Number(row.day_customers),
      }))
      .filter((row) => row.registrations !== 0 || row.first_touches !== 0 || row.last_touches !== 0 || row.day_customers !== 0);
  const versionOf = async (customerId: string) =>
    (await database.sales.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirstOrThrow()).version;

  beforeAll(async () => {
    database = await DATABASES[name]!();
    const { sales } = database;
    await sales.db
      .insertInto('visit_slots')
      .values([
        { id: 'slot-22', date: '2026-11-22', time: '14:00', capacity: 6, created_at: '2026-11-01T00:00:00.000Z' },
        { id: 'slot-23', date: '2026-11-23', time: '11:00', capacity: 6, created_at: '2026-11-01T00:00:00.000Z' },
      ])
      .execute();
    const naverLaunch = (spelling: string) => ({ utm: { source: 'naver', medium: 'cpc', campaign: spelling }, landingPage: '/FloorPlan/59A' });
    // A: naver launch, then kakao winter with a booking for the 22nd, checked in there, called.
    const a = await registered('lead-a1', '01011110001', '2026-11-20T01:00:00.000Z', naverLaunch('Launch'));
    await registered(
      'lead-a2',
      '01011110001',
      '2026-11-21T01:00:00.000Z',
      { formKind: 'home', utm: { source: 'kakao', campaign: 'winter' } },
      {
        visit: { slotId: 'slot-22', bookableFrom: '2026-11-21', whenUnavailable: 'refuse', kind: 'site', by: null },
      },
    );
    // B: naver launch, called, contracted.
    const b = await registered('lead-b', '01011110002', '2026-11-21T02:00:00.000Z', naverLaunch('launch'));
    // C: came in without registering before: a walk-in at the desk.
    await registered('lead-c', '01011110003', '2026-11-22T03:00:00.000Z', { formKind: 'walkIn' }, { walkInAt: '2026-11-22T03:00:00.000Z' });
    // D: first registered before the period (naver launch), again in it.
    await registered('lead-d1', '01011110004', '2026-11-01T01:00:00.000Z', naverLaunch('launch'));
    await registered('lead-d2', '01011110004', '2026-11-21T05:00:00.000Z', naverLaunch('launch'));
    // E: a phone-in booked for the 23rd, after the period.
    await registered(
      'lead-e',
      '01011110005',
      '2026-11-22T04:00:00.000Z',
      { formKind: 'phoneIn' },
      {
        visit: { slotId: 'slot-23', bookableFrom: '2026-11-22', whenUnavailable: 'refuse', kind: 'phoneIn', by: MANAGER.email },
      },
    );

    const work = new CustomerWork(sales, { now: () => NOW });
    expect(await work.recordCall(a, { version: await versionOf(a), result: '통화 완료', callbackAt: null }, MANAGER)).toMatchObject({ ok: true });
    expect(await work.checkIn(a, await versionOf(a), MANAGER)).toMatchObject({ ok: true });
    expect(await work.recordCall(b, { version: await versionOf(b), result: '통화 완료', callbackAt: null }, MANAGER)).toMatchObject({ ok: true });
    expect(await work.change(b, { version: await versionOf(b), status: 'contracted' }, MANAGER)).toMatchObject({ ok: true });
    await new AdSpendBook({ sales, audit: new MemoryAuditTrail() }).set({ campaign: 'Launch', month: '2026-11', amount: '900000' }, MANAGER);

    report = await campaignStatsOf({ sales }).read(RANGE);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('counts registrations and customers apart, and a walk-in as a 현장 방문, never as a booking', () => {
    // Six forms in the period from five phones; A's booking on the 22nd, E's is on the 23rd.
    expect(report.totals).toEqual({ views: 0, visits: 0, visitors: 0, registrations: 6, customers: 5, bookings: 1, walkIns: 1 });
    expect(report.days.map(({ key, registrations, customers, bookings, walkIns }) => [key, registrations, customers, bookings, walkIns])).toEqual([
      ['2026-11-20', 1, 1, 0, 0],
      ['2026-11-21', 3, 3, 0, 0],
      ['2026-11-22', 2, 2, 1, 1],
    ]);
  });

  it('counts registrations per utm source, medium and campaign (one campaign in any spelling) and per landing page', () => {
    expect(report.campaigns.map(({ label, registrations }) => [label, registrations])).toEqual([
      ['naver / cpc / launch', 3],
      ['(캠페인 없음)', 2],
      ['kakao / winter', 1],
    ]);
    expect(report.landingPages.find((row) => row.key === '/FloorPlan/59A')).toMatchObject({ registrations: 3 });
  });

  it('counts the funnel per campaign with first and last touch and the cost per customer and per visit', () => {
    const funnel = Object.fromEntries(
      report.funnel.map(({ label, customers, firstTouch, lastTouch, called, visited, contracted, spend, costPerCustomer, costPerVisit }) => [
        label,
        [customers, firstTouch, lastTouch, called, visited, contracted, spend, costPerCustomer, costPerVisit],
      ]),
    );
    expect(funnel).toEqual({
      // A, B and D; D's first registration was before the period; A's latest came from winter.
      // Came: A (checked in) and B (contracted, so came).
      launch: [3, 2, 2, 2, 2, 1, 900_000, 300_000, 450_000],
      // C (came in: a walk-in checked in) and E.
      '(캠페인 없음)': [2, 2, 2, 0, 1, 0, null, null, null],
      winter: [1, 0, 1, 1, 1, 0, null, null, null],
    });
  });

  it('carries every number into the CSV under the same names', () => {
    const csv = campaignStatsCsv(report).replaceAll('"', '').split('\r\n');
    expect(csv[0]).toBe('\uFEFF구분,항목,페이지뷰,사이트 방문,사이트 방문자,등록,고객,방문 예약,현장 방문,전환율(등록÷사이트 방문)');
    expect(csv).toContain('합계,2026-11-20 ~ 2026-11-22,0,0,0,6,5,1,1,');
    expect(csv).toContain('일자,2026-11-22,0,0,0,2,2,1,1,');
    expect(csv).toContain('캠페인,naver / cpc / launch,0,0,0,3,,,,');
    expect(csv).toContain('캠페인 퍼널,항목,등록 고객,첫 유입,마지막 유입,통화,내방,계약,광고비(원),고객당 비용(원),내방당 비용(원)');
    expect(csv).toContain('캠페인 퍼널,launch,3,2,2,2,2,1,900000,300000,450000');
  });

  it('keeps the daily tallies as a count from the registrations would: a delayed registration older than the latest takes the first touch only', async () => {
    const december = { from: '2026-12-01', to: '2026-12-02' };
    await registered('lead-f2', '01011110006', '2026-12-01T10:00:00.000Z', { utm: { source: 'naver', campaign: 'autumn' } });
    // Stored later (from the outbox), sent earlier the same Seoul day (08:00): F's first, not F's latest.
    await registered('lead-f1', '01011110006', '2026-11-30T23:00:00.000Z', { utm: { source: 'kakao', campaign: 'Spring' } });
    await registered('lead-f3', '01011110006', '2026-12-02T01:00:00.000Z', { utm: { source: 'naver', campaign: 'autumn' } });
    expect(Object.fromEntries(await touchesByCampaign(database.sales, december, 'first'))).toEqual({ spring: 1 });
    expect(Object.fromEntries(await touchesByCampaign(database.sales, december, 'last'))).toEqual({ autumn: 1 });
    expect(Object.fromEntries(await registeredCustomersBy(database.sales, december, 'day'))).toEqual({ '2026-12-01': 1, '2026-12-02': 1 });
    expect(await newCustomerCount(database.sales, december)).toBe(1);

    const kept = await tallies();
    await database.sales.db.transaction().execute((trx) => recountRegistrationTallies(trx));
    expect(await tallies()).toEqual(kept);
  });

  it('takes an erased or purged customer out of every number, the daily tallies too', async () => {
    // A (two registrations) asks to be deleted; B and D, not seen since 11-21 10:00, are past retention.
    expect(await eraseCustomerRows(database.sales, '01011110001', '본인 요청', { email: MANAGER.email, ip: MANAGER.ip })).toMatchObject({
      registrationIds: ['lead-a1', 'lead-a2'],
    });
    expect((await purgeExpiredCustomers(database.sales, '2026-11-21T06:00:00.000Z', 365)).sort()).toEqual(['lead-b', 'lead-d1', 'lead-d2']);
    const after = await campaignStatsOf({ sales: database.sales }).read(RANGE);
    expect(after.totals).toMatchObject({ registrations: 2, customers: 2, bookings: 0, walkIns: 1 });
    expect(after.days.map(({ key, registrations, customers }) => [key, registrations, customers])).toEqual([['2026-11-22', 2, 2]]);
    expect(after.funnel.map(({ key, customers, firstTouch, lastTouch }) => [key, customers, firstTouch, lastTouch])).toEqual([
      ['', 2, 2, 2],
      // Its spend keeps the row.
      ['launch', 0, 0, 0],
    ]);
    const kept = await tallies();
    await database.sales.db.transaction().execute((trx) => recountRegistrationTallies(trx));
    expect(await tallies()).toEqual(kept);
  });
});
