/**
 * The console's reads over the customer tables, on SQLite and PostgreSQL alike, over one seeded
 * launch morning (58 registrations from 45 phones, 13 of them repeats; bookings, walk-ins, calls,
 * four 상담사): every screen's read answers the same question with the same number, each filter
 * lists the customers it should, pages by cursor miss and repeat none, a 상담사 sees their own and
 * the unassigned, and 오늘 할 일 counts each customer once. Expectations come from the seed's own
 * description (the `model` below), not from the code under test.
 */
import { recountCustomerTallies } from '../../../web/server/customers/customer-tallies';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import { LeadConsoleService } from '../../../web/server/console/lead-console';
import { leadFilterParams } from '../../../web/server/customers/lead-query';
import { todayWorkOf } from '../../../web/server/console/today-work';
import type { StaffActor } from '../../../web/server/console/types';
import { campaignStatsOf } from '../../../web/server/measurement/stats';
import { customerDetail, customerIdOfRegistration } from '../../../web/server/customers/customer-detail';
import { countCustomers, matchingCount } from '../../../web/server/customers/customer-count';
import { customerMatches } from '../../../web/server/customers/customer-filters';
import { listCustomers, nextCustomerCursor, type CustomerCursor, type CustomerListRow } from '../../../web/server/customers/customer-list';
import { exportCustomers } from '../../../web/server/customers/export-reads';
import { todayWork } from '../../../web/server/customers/today-work-reads';
import { openSlots, slotFill, visitSheet } from '../../../web/server/customers/visit-reads';
import {
  bookingCount,
  funnelByCampaign,
  newCustomerCount,
  registeredCustomerCount,
  registeredCustomersBy,
  registrationCount,
  registrationsBy,
  touchesByCampaign,
  visitMadeCount,
  walkInCount,
} from '../../../web/server/customers/numbers';
import { register } from '../../../web/server/customers/registration';
import type { Assignee, NewRegistration } from '../../../web/server/customers/registration-types';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { migrate } from '../../../web/server/postgres/index';
import type { LeadFilters } from '../../../web/shared/lead-filters';
import { seoulDayStart } from '../../../web/shared/seoul-time';
import { freshDatabaseUrl } from '../../support/postgres';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';

const TODAY = '2026-11-28';
const YESTERDAY = '2026-11-27';
const TODAY_RANGE = { from: TODAY, to: TODAY };
const STAFF: Assignee[] = [
  { email: 'kim@example.kr', name: '김상담' },
  { email: 'jung@example.kr', name: '정상담' },
  { email: 'lee@example.kr', name: '이상담' },
  { email: 'park@example.kr', name: '박상담' },
];
const [KIM] = STAFF as [Assignee];
const SURNAMES = ['김', '이', '박', '최', '정'];
const GIVEN = ['민수', '민지', '서연', '지훈', '유진', '하늘', '도윤', '수아', '예준'];

/** Phones 0–42 register from the site, 43 and 44 walk in; 0–11 register again from kakao, 20 walks in: 58 registrations, 45 phones. */
const SITE_PHONES = 43;
const WALK_IN_NEW = [43, 44];
const REPEATS = Array.from({ length: 12 }, (_, index) => index);
const WALK_IN_AGAIN = 20;
/** Booked on their first registration: today's slots (12–14 by phone-in); 14 cancels later, 0 and 1 come. */
const BOOKED_TODAY = Array.from({ length: 15 }, (_, index) => index);
const BOOKED_TOMORROW = 40;
const CANCELLED = 14;
const CHECKED_IN = [0, 1];
/** Called after their first registration (before their repeat): 1 asked to be called back today, 2 was called again since. */
const CALLED = [0, 1, 2, 3, 4, 5];
/** Registered yesterday too: 91 registers again this morning. */
const YESTERDAY_PHONES = [90, 91];

const phoneOf = (index: number) => `0101000${String(index).padStart(4, '0')}`;
const nameOf = (index: number) => `${SURNAMES[index % SURNAMES.length]}${GIVEN[index % GIVEN.length]}`;
const assigneeOf = (index: number): Assignee | null => (index % 10 === 9 || WALK_IN_NEW.includes(index) ? null : STAFF[index % STAFF.length]!);
const firstSource = (index: number) =>
  index % 3 === 0 ? { source: 'naver', campaign: 'Launch' } : index % 3 === 1 ? { source: 'kakao', campaign: 'KakaoAd' } : undefined;
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(seoulDayStart(day)) + (hour * 60 + minute) * 60_000).toISOString();

type ModelRegistration = { at: string; formKind: string; source: string | null; campaign: string | null; marketing: boolean };
type ModelCustomer = { index: number; phone: string; name: string; assignee: Assignee | null; status: string; registrations: ModelRegistration[] };

/** The seed as plain data: what each read should answer, worked out without SQL. */
function model(): Map<number, ModelCustomer> {
  const customers = new Map<number, ModelCustomer>();
  const add = (index: number, registration: ModelRegistration) => {
    const customer = customers.get(index) ?? {
      index,
      phone: phoneOf(index),
      name: nameOf(index),
      assignee: assigneeOf(index),
      status: 'new',
      registrations: [],
    };
    customer.registrations.push(registration);
    customers.set(index, customer);
  };
  for (const index of YESTERDAY_PHONES) add(index, { at: at(YESTERDAY, 15, index - 90), formKind: 'home', source: null, campaign: null, marketing: false });
  for (let index = 0; index < SITE_PHONES; index += 1) {
    const utm = firstSource(index);
    add(index, {
      at: at(TODAY, 9, index),
      formKind: index % 2 === 0 ? 'popup' : 'home',
      source: utm?.source ?? null,
      campaign: utm?.campaign ?? null,
      marketing: index % 2 === 0,
    });
  }
  for (const index of REPEATS)
    add(index, { at: at(TODAY, 11, 30 + index), formKind: 'customer', source: 'kakao', campaign: index % 2 === 0 ? 'Retarget' : 'RETARGET', marketing: false });
  add(91, { at: at(TODAY, 11, 50), formKind: 'home', source: 'naver', campaign: 'Launch', marketing: true });
  for (const [offset, index] of [...WALK_IN_NEW, WALK_IN_AGAIN].entries())
    add(index, { at: at(TODAY, 12, offset), formKind: 'walkIn', source: null, campaign: null, marketing: false });
  customers.get(0)!.status = 'consulted';
  customers.get(1)!.status = 'visitBooked';
  customers.get(7)!.status = 'invalid';
  return customers;
}

async function seed(sales: SalesDatabase): Promise<Map<number, string>> {
  const db = sales.db;
  const slots = { '10:00': 'slot-10', '11:00': 'slot-11', '14:00': 'slot-14' };
  for (const [time, id] of Object.entries(slots))
    await db
      .insertInto('visit_slots')
      .values({ id, date: TODAY, time, capacity: 6, created_at: at(YESTERDAY, 9) })
      .execute();
  await db
    .insertInto('visit_slots')
    .values({ id: 'slot-tomorrow', date: '2026-11-29', time: '10:00', capacity: 4, created_at: at(YESTERDAY, 9) })
    .execute();
  const slotIds = Object.values(slots);
  const customerIds = new Map<number, string>();
  let sequence = 0;
  const send = async (
    index: number,
    registration: ModelRegistration,
    options: { visit?: { slotId: string; kind: 'site' | 'phoneIn' }; walkIn?: boolean } = {},
  ) => {
    sequence += 1;
    const form: NewRegistration = {
      id: `lead-seed-${sequence}`,
      name: nameOf(index),
      phone: phoneOf(index),
      createdAt: registration.at,
      formKind: registration.formKind as NewRegistration['formKind'],
      ...(registration.source ? { utm: { source: registration.source, campaign: registration.campaign ?? undefined } } : {}),
      consent: { marketing: registration.marketing, noticeVersion: '2026-10', agreedAt: registration.at },
    };
    const outcome = await register(sales, form, {
      assignee: assigneeOf(index),
      today: TODAY,
      ...(options.walkIn ? { walkInAt: registration.at } : {}),
      ...(options.visit
        ? {
            visit: {
              slotId: options.visit.slotId,
              bookableFrom: TODAY,
              whenUnavailable: 'refuse',
              kind: options.visit.kind,
              by: options.visit.kind === 'phoneIn' ? KIM.email : null,
            },
          }
        : {}),
    });
    if (outcome.status !== 'created') throw new Error(`seed registration ${sequence}: ${outcome.status}`);
    customerIds.set(index, outcome.customerId);
  };
  const customers = model();
  // In the order they came: every registration of every phone, by time.
  const all = [...customers.values()]
    .flatMap((customer) => customer.registrations.map((registration, order) => ({ index: customer.index, registration, order })))
    .sort((a, b) => a.registration.at.localeCompare(b.registration.at));
  for (const { index, registration, order } of all) {
    if (registration.formKind === 'walkIn') await send(index, registration, { walkIn: true });
    else if (order === 0 && BOOKED_TODAY.includes(index))
      await send(index, registration, { visit: { slotId: slotIds[index % 3]!, kind: index >= 12 ? 'phoneIn' : 'site' } });
    else if (order === 0 && index === BOOKED_TOMORROW) await send(index, registration, { visit: { slotId: 'slot-tomorrow', kind: 'site' } });
    // A repeat asking for a visit again is told the one they hold.
    else await send(index, registration, order === 1 && index < 4 ? { visit: { slotId: 'slot-14', kind: 'site' } } : {});
  }
  const id = (index: number) => customerIds.get(index)!;
  for (const index of CALLED) {
    const assignee = assigneeOf(index)!;
    await db
      .insertInto('calls')
      .values({
        id: randomUUID(),
        customer_id: id(index),
        at: at(TODAY, 10, index),
        author_email: assignee.email,
        author_name: assignee.name,
        result: '통화 완료',
        callback_at: index === 1 || index === 2 ? at(TODAY, 14) : null,
      })
      .execute();
  }
  await db
    .insertInto('calls')
    .values({
      id: randomUUID(),
      customer_id: id(2),
      at: at(TODAY, 11),
      author_email: STAFF[2]!.email,
      author_name: STAFF[2]!.name,
      result: '부재중',
      callback_at: null,
    })
    .execute();
  await db
    .insertInto('memos')
    .values({ id: randomUUID(), customer_id: id(0), at: at(TODAY, 10, 30), author_email: KIM.email, author_name: KIM.name, text: '59A 관심' })
    .execute();
  for (const [index, customer] of customers)
    if (customer.status !== 'new') await db.updateTable('customers').set({ status: customer.status }).where('id', '=', id(index)).execute();
  for (const index of CHECKED_IN)
    await db
      .updateTable('bookings')
      .set({ status: 'checkedIn', checked_in_at: at(TODAY, 10) })
      .where('customer_id', '=', id(index))
      .execute();
  await db.updateTable('bookings').set({ status: 'cancelled' }).where('customer_id', '=', id(CANCELLED)).execute();
  await db
    .updateTable('visit_slots')
    .set({ booked: 4 })
    .where('id', '=', slotIds[CANCELLED % 3]!)
    .execute();
  // The calls, statuses and check-ins above were written past the console's work: counted from the rows.
  await db.transaction().execute((trx) => recountCustomerTallies(trx));
  return customerIds;
}

type Database = { sales: SalesDatabase; close(): Promise<void> };

const DATABASES: Record<string, () => Promise<Database>> = {
  sqlite: async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'customer-reads-'));
    const sales = await openEmbeddedSalesDatabase(dir);
    return {
      sales,
      close: async () => {
        await sales.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  postgres: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    return { sales: salesDatabaseOnPostgres(pool), close: () => pool.end() };
  },
};

const params = (filters: LeadFilters, visibleTo: string | null = null) => leadFilterParams(filters, null, visibleTo);
const customers = model();
const registeredOn = (customer: ModelCustomer, day: string) =>
  customer.registrations.some((registration) => registration.at >= seoulDayStart(day) && registration.at < seoulDayStart(day, 1));
const latest = (customer: ModelCustomer) => customer.registrations.at(-1)!;
const expectedIndexes = (matches: (customer: ModelCustomer) => boolean) =>
  [...customers.values()]
    .filter(matches)
    .sort((a, b) => latest(b).at.localeCompare(latest(a).at))
    .map((customer) => customer.index);

/** The answers each database gives, kept to compare the two at the end. */
const answers: Record<string, unknown> = {};

describe.each(Object.keys(DATABASES))('customer reads on %s', (name) => {
  let database: Database;
  let ids: Map<number, string>;
  let indexOf: Map<string, number>;
  const listed = async (filters: LeadFilters, visibleTo: string | null = null) => {
    const rows = await listCustomers(database.sales, params(filters, visibleTo), null, 200);
    expect(await countCustomers(database.sales, params(filters, visibleTo))).toBe(rows.length);
    return rows.map((row) => indexOf.get(row.id));
  };

  beforeAll(async () => {
    database = await DATABASES[name]!();
    ids = await seed(database.sales);
    indexOf = new Map([...ids].map(([index, id]) => [id, index]));
  }, 60_000);
  afterAll(() => database.close());

  it('seeds a launch morning of 58 registrations from 45 phones, 13 of them repeats', async () => {
    const morning = [...customers.values()].filter((customer) => customer.index < 90);
    expect(morning).toHaveLength(45);
    expect(morning.flatMap((customer) => customer.registrations)).toHaveLength(58);
    expect(await registrationCount(database.sales, TODAY_RANGE)).toBe(59);
  });

  it('asks every screen the same questions and gets the same answers: customers, registrations, naver, bookings, walk-ins', async () => {
    const today = { from: TODAY, to: TODAY };
    const customersToday = expectedIndexes((customer) => registeredOn(customer, TODAY)).length;
    expect(customersToday).toBe(46);
    // 고객 today: the list's count, its rows, the number, the export.
    expect(await countCustomers(database.sales, params(today))).toBe(customersToday);
    expect(await registeredCustomerCount(database.sales, TODAY_RANGE)).toBe(customersToday);
    const exported = await exportCustomers(database.sales, params(today), null);
    expect(exported).toHaveLength(customersToday);
    // 신규 고객: their first registration today (91 registered yesterday).
    expect(await newCustomerCount(database.sales, TODAY_RANGE)).toBe(45);
    // 등록 today: per day, per form, the total, and the export's counts of today's customers less 91's of yesterday.
    const registrationsToday = [...customers.values()]
      .flatMap((customer) => customer.registrations)
      .filter((registration) => registration.at >= seoulDayStart(TODAY)).length;
    expect(await registrationCount(database.sales, TODAY_RANGE)).toBe(registrationsToday);
    expect((await registrationsBy(database.sales, TODAY_RANGE, 'day')).get(TODAY)).toBe(registrationsToday);
    expect([...(await registrationsBy(database.sales, TODAY_RANGE, 'formKind')).values()].reduce((sum, count) => sum + count, 0)).toBe(registrationsToday);
    expect(exported.reduce((sum, row) => sum + row.registrations, 0) - 1).toBe(registrationsToday);
    // naver: customers with a naver registration today.
    const naver = expectedIndexes((customer) =>
      customer.registrations.some((registration) => registration.source === 'naver' && registration.at >= seoulDayStart(TODAY)),
    );
    expect(await countCustomers(database.sales, params({ ...today, utmSource: 'naver' }))).toBe(naver.length);
    expect((await registeredCustomersBy(database.sales, TODAY_RANGE, 'utmSource')).get('naver')).toBe(naver.length);
    // 방문 예약: 15 booked, one cancelled; walk-ins are not bookings.
    const sheet = await visitSheet(database.sales, TODAY);
    const sheetBookings = sheet.slots.flatMap((slot) => slot.visitors);
    expect(await bookingCount(database.sales, TODAY_RANGE)).toBe(BOOKED_TODAY.length - 1);
    expect(sheetBookings).toHaveLength(BOOKED_TODAY.length - 1);
    // 현장 방문: the two new walk-ins and one returning customer.
    expect(await walkInCount(database.sales, TODAY_RANGE)).toBe(3);
    expect(sheet.walkIns.map((visitor) => indexOf.get(visitor.customerId))).toEqual([...WALK_IN_NEW, WALK_IN_AGAIN]);
    // 방문 완료: two checked in, three walked in.
    expect(await visitMadeCount(database.sales, TODAY_RANGE)).toBe(5);
    expect([...sheetBookings, ...sheet.walkIns].filter((visitor) => visitor.checkedInAt !== null)).toHaveLength(5);
    // The list by visit day: every customer with a visit today, booked or walked in.
    expect(await countCustomers(database.sales, params({ visitDay: TODAY }))).toBe(BOOKED_TODAY.length - 1 + 3);
    // First touch: the new customers under the campaign of their first registration; last touch: every customer whose latest registration is today.
    const sum = (counts: Map<string | null, number>) => [...counts.values()].reduce((total, count) => total + count, 0);
    expect(sum(await touchesByCampaign(database.sales, TODAY_RANGE, 'first'))).toBe(45);
    expect(sum(await touchesByCampaign(database.sales, TODAY_RANGE, 'last'))).toBe(customersToday);
    expect((await touchesByCampaign(database.sales, TODAY_RANGE, 'first')).get('launch')).toBe(15);
    // 고객 per day: 91 on both days, counted once each.
    expect(Object.fromEntries(await registeredCustomersBy(database.sales, { from: YESTERDAY, to: TODAY }, 'day'))).toEqual({
      [YESTERDAY]: 2,
      [TODAY]: customersToday,
    });
    expect((await touchesByCampaign(database.sales, TODAY_RANGE, 'last')).get('retarget')).toBe(REPEATS.length);
    // The funnel of 'launch': naver's 15 and 91; 0 and 3 called, 0 came.
    expect((await funnelByCampaign(database.sales, TODAY_RANGE)).find((row) => row.campaignKey === 'launch')).toEqual({
      campaignKey: 'launch',
      customers: 16,
      called: 2,
      visited: 1,
      contracted: 0,
    });
    answers[name] = {
      customersToday,
      registrationsToday,
      naver: naver.length,
      bookings: await bookingCount(database.sales, TODAY_RANGE),
      walkIns: await walkInCount(database.sales, TODAY_RANGE),
      firstTouch: Object.fromEntries(await touchesByCampaign(database.sales, TODAY_RANGE, 'first')),
      lastTouch: Object.fromEntries(await touchesByCampaign(database.sales, TODAY_RANGE, 'last')),
      funnel: await funnelByCampaign(database.sales, TODAY_RANGE),
      byDay: Object.fromEntries(await registrationsBy(database.sales, { from: YESTERDAY, to: TODAY }, 'day')),
    };
  });

  it('every screen the team reads gives those answers: the list, the dashboard, 오늘 할 일, the visit sheet, the statistics and the export', async () => {
    const content = await openEmbeddedStore({ file: ':memory:' });
    const noon = Date.parse(at(TODAY, 12, 30));
    const service = new LeadConsoleService({ sales: database.sales, content, audit: new MemoryAuditTrail(), staff: { list: async () => [] }, now: () => noon });
    const admin: StaffActor = { email: 'admin@example.kr', name: '관리자', role: 'admin', ip: '127.0.0.1' };
    const exportedCount = async (filters: LeadFilters) => {
      let rows = 0;
      await service.exportLeads(filters, admin, { format: 'csv', reason: '확인' }, async (stream) => {
        for await (const row of stream) if (row) rows += 1;
      });
      return rows;
    };
    try {
      const today = { from: TODAY, to: TODAY };
      const [list, dashboard, stats, sheet, work] = await Promise.all([
        service.list(today, {}, admin),
        service.dashboard(TODAY),
        campaignStatsOf({ sales: database.sales }).read(TODAY_RANGE),
        service.visits(TODAY),
        todayWorkOf(database.sales, () => noon).read('all'),
      ]);
      // 고객 today: 46 on the list, the dashboard, the statistics and in the export.
      expect([list.total, dashboard.customers.today, stats.totals.customers, await exportedCount(today)]).toEqual([46, 46, 46, 46]);
      // 등록 today: every form sent today, a returning customer's each.
      const registrationsToday = [...customers.values()]
        .flatMap((customer) => customer.registrations)
        .filter((registration) => registration.at >= seoulDayStart(TODAY)).length;
      expect([dashboard.registrations.today, stats.totals.registrations]).toEqual([registrationsToday, registrationsToday]);
      // naver: the list's filter, the dashboard's source, the export's filter (nobody's naver registration is older than today).
      const naver = expectedIndexes((customer) => customer.registrations.some((registration) => registration.source === 'naver')).length;
      const naverOnList = (await service.list({ utmSource: 'naver' }, {}, admin)).total;
      expect([naverOnList, dashboard.bySource.find((row) => row.source === 'naver')?.count, await exportedCount({ utmSource: 'naver' })]).toEqual([
        naver,
        naver,
        naver,
      ]);
      // 방문 예약 (one of 15 cancelled), 현장 방문 and 방문 완료: the dashboard, the statistics, the sheet.
      const booked = sheet.slots.flatMap((slot) => slot.bookings);
      expect([dashboard.visitsToday.bookings, stats.totals.bookings, booked.length]).toEqual([14, 14, 14]);
      expect([dashboard.visitsToday.walkIns, stats.totals.walkIns, sheet.walkIns.length]).toEqual([3, 3, 3]);
      expect([dashboard.visitsToday.made, [...booked, ...sheet.walkIns].filter((visitor) => visitor.checkedInAt !== null).length]).toEqual([5, 5]);
      // 오늘 할 일's visits are the sheet's bookings of customers still worked (not 무효).
      expect(work.visits.map((visit) => visit.id).sort()).toEqual(
        booked
          .filter((visitor) => visitor.status !== 'invalid')
          .map((visitor) => visitor.leadId)
          .sort(),
      );
    } finally {
      await content.close();
    }
  });

  it('lists one row per customer, newest activity first, with its newest registration, visit, last call and registration count', async () => {
    const rows = await listCustomers(database.sales, params({}), null, 200);
    expect(rows.map((row) => indexOf.get(row.id))).toEqual(expectedIndexes(() => true));
    const zero = rows.find((row) => row.id === ids.get(0))!;
    expect(zero).toMatchObject({
      name: nameOf(0),
      phone: phoneOf(0),
      status: 'consulted',
      assigneeName: KIM.name,
      formKind: 'customer',
      utmSource: 'kakao',
      utmCampaign: 'Retarget',
      visitStatus: 'checkedIn',
      visitAt: `${TODAY} 10:00`,
      marketing: false,
      lastCallResult: '통화 완료',
      registrations: 2,
    });
    expect(rows.find((row) => row.id === ids.get(2))).toMatchObject({ lastCallResult: '부재중' });
    expect(rows.find((row) => row.id === ids.get(BOOKED_TOMORROW))).toMatchObject({ visitAt: '2026-11-29 10:00', visitStatus: 'booked', registrations: 1 });
    expect(rows.find((row) => row.id === ids.get(30))).toMatchObject({ visitAt: null, visitStatus: null, lastCallResult: null });
  });

  it('filters customers by their own fields and by any registration', async () => {
    const byLatest = (matches: (customer: ModelCustomer) => boolean) => expectedIndexes(matches);
    expect(await listed({ status: 'consulted' })).toEqual([0]);
    expect(await listed({ assignee: STAFF[1]!.email })).toEqual(byLatest((customer) => customer.assignee?.email === STAFF[1]!.email));
    expect(await listed({ assignee: 'none' })).toEqual(byLatest((customer) => customer.assignee === null));
    expect(await listed({ marketing: true })).toEqual(byLatest((customer) => latest(customer).marketing));
    expect(await listed({ q: '김민' })).toEqual(byLatest((customer) => customer.name.startsWith('김민')));
    expect(await listed({ q: '0007' })).toEqual([7]);
    expect(await listed({ q: '010-1000-0033' })).toEqual([33]);
    expect(await listed({ formKind: 'walkIn' })).toEqual(
      byLatest((customer) => customer.registrations.some((registration) => registration.formKind === 'walkIn')),
    );
    // Campaigns match whatever their case: Retarget and RETARGET are one campaign.
    expect(await listed({ utmCampaign: 'retarget' })).toEqual(
      byLatest((customer) => customer.registrations.some((registration) => registration.campaign?.toLowerCase() === 'retarget')),
    );
    expect(await listed({ utmCampaign: 'retarget' })).toHaveLength(REPEATS.length);
    // A customer of yesterday counts for yesterday though they registered again today.
    expect(await listed({ from: YESTERDAY, to: YESTERDAY })).toEqual([91, 90]);
    // Every registration filter on one registration: naver today is not the kakao repeat.
    expect(await listed({ utmSource: 'kakao', formKind: 'home' })).toEqual(
      byLatest((customer) => customer.registrations.some((registration) => registration.source === 'kakao' && registration.formKind === 'home')),
    );
    expect(await listed({ visitDay: '2026-11-29' })).toEqual([BOOKED_TOMORROW]);
    expect(await listed({ q: '없는이름' })).toEqual([]);
    // A source is any of the customer's registrations' (0, 3, 6 and 9 came from naver, then from kakao), exactly as written.
    const cameFrom = (source: string) => (customer: ModelCustomer) => customer.registrations.some((registration) => registration.source === source);
    expect(await listed({ utmSource: 'naver' })).toEqual(byLatest(cameFrom('naver')));
    const kakao = await listed({ utmSource: 'kakao' });
    expect(kakao).toEqual(byLatest(cameFrom('kakao')));
    // With a 담당자 and a status (which calls and bookings move): the customers both lists give.
    const newOfJung = await listed({ status: 'new', assignee: STAFF[1]!.email });
    const newOfJungFromKakao = newOfJung.filter((index) => kakao.includes(index));
    expect(newOfJungFromKakao.length).toBeGreaterThan(0);
    expect(await listed({ utmSource: 'kakao', status: 'new', assignee: STAFF[1]!.email })).toEqual(newOfJungFromKakao);
    expect(await listed({ utmSource: 'Naver' })).toEqual([]);
    expect(await listed({ utmSource: 'nav' })).toEqual([]);
  });

  it('with a period, lists each customer at their latest registration in it, in that order; the export still gives their last registration', async () => {
    const inPeriod = (customer: ModelCustomer, day: string) =>
      customer.registrations.filter((registration) => registration.at >= seoulDayStart(day) && registration.at < seoulDayStart(day, 1)).at(-1);
    for (const day of [YESTERDAY, TODAY]) {
      const expected = [...customers.values()]
        .filter((customer) => inPeriod(customer, day))
        .sort((a, b) => inPeriod(b, day)!.at.localeCompare(inPeriod(a, day)!.at))
        .map((customer) => customer.index);
      expect(await listed({ from: day, to: day })).toEqual(expected);
    }
    // 91 registered yesterday at home, then this morning from naver: yesterday's list shows yesterday's.
    const [row] = (await listCustomers(database.sales, params({ from: YESTERDAY, to: YESTERDAY, q: phoneOf(91) }), null, 10)) as [CustomerListRow];
    expect(row).toMatchObject({ createdAt: at(YESTERDAY, 15, 1), formKind: 'home', utmSource: null, lastRegisteredAt: at(TODAY, 11, 50) });
    const exported = (await exportCustomers(database.sales, params({ from: YESTERDAY, to: YESTERDAY }), null)).find(
      (customer) => indexOf.get(customer.id) === 91,
    );
    expect(exported).toMatchObject({
      lastRegisteredAt: at(TODAY, 11, 50),
      lastTouch: { at: at(TODAY, 11, 50), utmSource: 'naver', formKind: 'home' },
      firstTouch: { at: at(YESTERDAY, 15, 1) },
    });
  });

  it('reads a registration filter either way alike: walking the customers, or from the matching registrations', async () => {
    const cases: LeadFilters[] = [
      { formKind: 'walkIn' },
      { utmCampaign: 'RETARGET' },
      { from: YESTERDAY, to: YESTERDAY },
      { utmSource: 'kakao', formKind: 'home', assignee: STAFF[1]!.email },
      { utmSource: 'naver' },
      { utmSource: 'kakao', status: 'new', assignee: STAFF[1]!.email },
      { from: TODAY, to: TODAY, q: '김' },
    ];
    for (const filters of cases) {
      const [walked, driven] = await Promise.all(
        (['fromCustomers', 'fromRegistrations'] as const).map((drive) =>
          database.sales.db
            .selectFrom('customers')
            .select('id')
            .where((eb) => customerMatches(eb, params(filters), drive))
            .orderBy('id')
            .execute(),
        ),
      );
      expect(walked!.length).toBeGreaterThan(0);
      expect(driven).toEqual(walked);
    }
  });

  it('pages through the list by cursor: every customer once, none missing, in order', async () => {
    for (const filters of [{}, { from: TODAY, to: TODAY }, { utmSource: 'naver' }] satisfies LeadFilters[]) {
      const seen: string[] = [];
      let cursor: CustomerCursor | null = null;
      for (let page = 0; page < 20; page += 1) {
        const rows = await listCustomers(database.sales, params(filters), cursor, 7);
        seen.push(...rows.map((row) => row.id));
        cursor = nextCustomerCursor(rows);
        if (rows.length < 7) break;
      }
      const whole = await listCustomers(database.sales, params(filters), null, 200);
      expect(seen).toEqual(whole.map((row) => row.id));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it("shows a 상담사 their own customers and the unassigned, and no one else's", async () => {
    const jung = STAFF[1]!.email;
    const visible = await listed({}, jung);
    expect(visible).toEqual(expectedIndexes((customer) => customer.assignee === null || customer.assignee.email === jung));
    // Within the view, a 담당자 filter of their own, of nobody's or of a colleague's (each counted alike: `listed` checks the count).
    expect(await listed({ assignee: jung }, jung)).toEqual(expectedIndexes((customer) => customer.assignee?.email === jung));
    expect(await listed({ assignee: 'none' }, jung)).toEqual(expectedIndexes((customer) => customer.assignee === null));
    expect(await listed({ assignee: KIM.email }, jung)).toEqual([]);
    const fresh = await listed({ status: 'new' });
    expect(await listed({ status: 'new' }, jung)).toEqual(fresh.filter((index) => visible.includes(index)));
    // A search by another 상담사's customer's whole number finds nothing.
    expect(await listed({ q: phoneOf(0) }, jung)).toEqual([]);
  });

  it('opens a customer with every registration, booking, call, memo and assignment; an old registration link finds it', async () => {
    const detail = await customerDetail(database.sales, ids.get(0)!);
    expect(detail).toMatchObject({ phone: phoneOf(0), status: 'consulted', assigneeEmail: KIM.email, version: expect.any(Number) });
    expect(detail!.registrations.map((registration) => registration.formKind)).toEqual(['customer', 'popup']);
    expect(detail!.bookings).toMatchObject([{ status: 'checkedIn', kind: 'site', visitAt: `${TODAY} 10:00` }]);
    expect(detail!.calls.map((call) => call.result)).toEqual(['통화 완료']);
    expect(detail!.memos.map((memo) => memo.text)).toEqual(['59A 관심']);
    expect(detail!.assignments).toMatchObject([{ assigneeEmail: KIM.email, byEmail: null }]);
    expect(await customerDetail(database.sales, 'customer-none')).toBeNull();
    const registrationId = detail!.registrations[1]!.id;
    expect(await customerIdOfRegistration(database.sales, registrationId)).toBe(ids.get(0));
    expect(await customerIdOfRegistration(database.sales, 'lead-none')).toBeNull();
  });

  it('gives the visit sheet, the open slots and the slot fill', async () => {
    const sheet = await visitSheet(database.sales, TODAY);
    expect(sheet.slots.map((slot) => [slot.time, slot.visitors.length])).toEqual([
      ['10:00', 5],
      ['11:00', 5],
      ['14:00', 4],
    ]);
    const zero = sheet.slots[0]!.visitors.find((visitor) => visitor.customerId === ids.get(0));
    expect(zero).toMatchObject({ name: nameOf(0), status: 'consulted', assigneeName: KIM.name, lastMemo: '59A 관심', bookingStatus: 'checkedIn' });
    const open = await openSlots(database.sales, TODAY);
    expect(open.map((slot) => [slot.id, slot.placesLeft])).toEqual([
      ['slot-10', 1],
      ['slot-11', 1],
      ['slot-14', 2],
      ['slot-tomorrow', 3],
    ]);
    expect(await slotFill(database.sales, TODAY, '2026-11-30')).toEqual([
      { date: TODAY, slots: 3, capacity: 18, booked: 14 },
      { date: '2026-11-29', slots: 1, capacity: 4, booked: 1 },
    ]);
  });

  it('counts 오늘 할 일 per customer: not yet called, callbacks due, visits, and 기존 고객 재등록', async () => {
    for (const staff of STAFF) {
      const work = await todayWork(database.sales, staff.email, TODAY);
      const theirs = (customer: ModelCustomer) => customer.assignee?.email === staff.email && customer.status !== 'invalid';
      expect(work.notContacted.map((row) => indexOf.get(row.customerId)).sort((a, b) => a! - b!)).toEqual(
        [...customers.values()]
          .filter((customer) => theirs(customer) && !CALLED.includes(customer.index))
          .map((customer) => customer.index)
          .sort((a, b) => a - b),
      );
      expect(work.returning.map((row) => indexOf.get(row.customerId)).sort()).toEqual(CALLED.filter((index) => theirs(customers.get(index)!)).sort());
      for (const part of [work.notContacted, work.callbacks, work.visits, work.returning])
        expect(new Set(part.map((row) => row.customerId)).size).toBe(part.length);
    }
    const kim = await todayWork(database.sales, KIM.email, TODAY);
    // 0 and 4 registered again after their call: marked, once each, with both registrations.
    expect(kim.returning.map((row) => [indexOf.get(row.customerId), row.registrations])).toEqual([
      [4, 2],
      [0, 2],
    ]);
    // 8 registered twice and was never called: one line, marked as returning.
    expect(kim.notContacted.filter((row) => row.customerId === ids.get(8))).toMatchObject([{ returning: true }]);
    expect(kim.visits.map((row) => [row.visitAt, indexOf.get(row.customerId)]).sort()).toEqual([
      [`${TODAY} 10:00`, 0],
      [`${TODAY} 10:00`, 12],
      [`${TODAY} 11:00`, 4],
      [`${TODAY} 14:00`, 8],
    ]);
    const jung = await todayWork(database.sales, STAFF[1]!.email, TODAY);
    expect(jung.callbacks.map((row) => indexOf.get(row.customerId))).toEqual([1]);
    // 2's later call asked for none: nothing due.
    const lee = await todayWork(database.sales, STAFF[2]!.email, TODAY);
    expect(lee.callbacks).toEqual([]);
    const everyone = await todayWork(database.sales, null, TODAY);
    // Today's bookings but the cancelled one and 7's (무효); walk-ins have come already.
    expect(everyone.visits).toHaveLength(BOOKED_TODAY.length - 2);
  });

  it('exports one row per customer with first and last touch, calls and memos, in pages that follow the cursor', async () => {
    const rows = await exportCustomers(database.sales, params({}), null);
    expect(rows).toHaveLength(customers.size);
    const zero = rows.find((row) => row.id === ids.get(0))!;
    expect(zero).toMatchObject({
      registrations: 2,
      firstTouch: { utmSource: 'naver', utmCampaign: 'Launch', formKind: 'popup' },
      lastTouch: { utmSource: 'kakao', utmCampaign: 'Retarget', formKind: 'customer' },
      calls: [{ result: '통화 완료' }],
      memos: [{ text: '59A 관심' }],
    });
    const rest = await exportCustomers(database.sales, params({}), nextCustomerCursor(rows.slice(0, 10)));
    expect(rest.map((row) => row.id)).toEqual(rows.slice(10).map((row) => row.id));
  });
});

describe('customer reads on sqlite, read from the index', () => {
  it("counts a 상담사's customers of one status from one source from the index of 담당자 and status alone", async () => {
    const database = await DATABASES.sqlite!();
    try {
      await seed(database.sales);
      const query = matchingCount(database.sales, params({ status: 'new', assignee: STAFF[1]!.email, utmSource: 'kakao' }), 'fromCustomers').compile();
      const plan = await database.sales.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
      const steps = plan.rows.map((row) => row.detail);
      expect(steps.join('\n')).toMatch(/USING COVERING INDEX customers_assignee_status \(assignee_email=\? AND status=\?\)/);
      expect(steps.filter((step) => /registrations/.test(step))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('both databases', () => {
  it('answer every number alike', () => {
    expect(Object.keys(answers).sort()).toEqual(['postgres', 'sqlite']);
    expect(answers.sqlite).toEqual(answers.postgres);
  });
});
