/**
 * The facts kept on each customer and the customer tallies (web/server/customers/customer-facts.ts
 * and customer-tallies.ts), on SQLite and PostgreSQL: after a mixed run of registrations (new, returning, a delayed one, a
 * walk-in, a booking), calls, status changes, a check-in and its undo, reassignments, a hand-over,
 * an erasure and a purge, they equal what a recount from the rows gives, and the month's customers
 * and funnel read from them equal the same numbers counted here from the rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { eraseCustomerRows, purgeExpiredCustomers } from '../../../web/server/customers/customer-erasure';
import { recountCustomerTallies } from '../../../web/server/customers/customer-tallies';
import { funnelByCampaign, registeredCustomerCount, registeredCustomersBy } from '../../../web/server/customers/numbers';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration, RegistrationOptions } from '../../../web/server/customers/registration-types';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { migrate } from '../../../web/server/postgres/index';
import { seoulDay } from '../../../web/shared/seoul-time';
import { freshDatabaseUrl } from '../../support/postgres';

const KIM = { email: 'kim@example.kr', name: '김상담' };
const JUNG = { email: 'jung@example.kr', name: '정상담' };
const LEAD = { email: 'lead@example.kr', name: '박팀장' };
const actor = (who: { email: string; name: string }, role: CustomerActor['role'] = 'manager'): CustomerActor => ({
  ...who,
  role,
  ip: '10.0.0.7',
  visibleTo: null,
  takesColleagues: false,
});
/** 2026-12-05 10:00 in Seoul. */
const NOW = Date.UTC(2026, 11, 5, 1, 0);
const TODAY = '2026-12-05';
const at = (day: string, hour: number, minute = 0) =>
  new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`)).toISOString();

let dataDir: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'customer-tallies-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const DATABASES: Record<string, () => Promise<SalesDatabase>> = {
  sqlite: async () => {
    const sales = await openEmbeddedSalesDatabase(dataDir);
    cleanups.push(() => sales.close());
    return sales;
  },
  postgres: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 6 });
    cleanups.push(() => pool.end());
    return salesDatabaseOnPostgres(pool);
  },
};

/** The tallies summed per key (shards and rows that add up to nothing left out), and every customer's facts. */
async function kept(sales: SalesDatabase) {
  const tallies = await sales.db
    .selectFrom('customer_tallies')
    .select((eb) => [
      'dimension',
      'value',
      'day',
      'previous_day',
      eb.fn.sum<number | string>('customers').as('customers'),
      eb.fn.sum<number | string>('called').as('called'),
      eb.fn.sum<number | string>('visited').as('visited'),
      eb.fn.sum<number | string>('contracted').as('contracted'),
    ])
    .groupBy(['dimension', 'value', 'day', 'previous_day'])
    .execute();
  const facts = await sales.db.selectFrom('customers').select(['id', 'awaiting_call', 'last_call_at', 'callback_at', 'funnel_step']).orderBy('id').execute();
  return {
    tallies: tallies
      .map((row) => ({
        ...row,
        customers: Number(row.customers),
        called: Number(row.called),
        visited: Number(row.visited),
        contracted: Number(row.contracted),
      }))
      .filter((row) => row.customers !== 0 || row.called !== 0 || row.visited !== 0 || row.contracted !== 0)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    facts,
  };
}

/** The period's customers per campaign and the funnel, counted here from the rows (numbers.ts's definitions). */
async function countedFromRows(sales: SalesDatabase, range: { from: string; to: string }) {
  const registrations = await sales.db.selectFrom('registrations').select(['customer_id', 'created_at', 'campaign_key', 'utm_source']).execute();
  const called = new Set((await sales.db.selectFrom('calls').select('customer_id').execute()).map((row) => row.customer_id));
  const came = new Set((await sales.db.selectFrom('bookings').select('customer_id').where('status', '=', 'checkedIn').execute()).map((row) => row.customer_id));
  const status = new Map((await sales.db.selectFrom('customers').select(['id', 'status']).execute()).map((row) => [row.id, row.status]));
  const inRange = registrations.filter((row) => seoulDay(Date.parse(row.created_at)) >= range.from && seoulDay(Date.parse(row.created_at)) <= range.to);
  const funnel = new Map<string | null, { customers: Set<string>; called: number; visited: number; contracted: number }>();
  for (const row of inRange) {
    const entry = funnel.get(row.campaign_key) ?? { customers: new Set<string>(), called: 0, visited: 0, contracted: 0 };
    if (!entry.customers.has(row.customer_id)) {
      entry.customers.add(row.customer_id);
      const state = status.get(row.customer_id);
      if (called.has(row.customer_id)) entry.called += 1;
      if (state === 'visited' || state === 'contracted' || came.has(row.customer_id)) entry.visited += 1;
      if (state === 'contracted') entry.contracted += 1;
    }
    funnel.set(row.campaign_key, entry);
  }
  const bySource = new Map<string | null, Set<string>>();
  for (const row of inRange) bySource.set(row.utm_source, (bySource.get(row.utm_source) ?? new Set<string>()).add(row.customer_id));
  return {
    customers: new Set(inRange.map((row) => row.customer_id)).size,
    bySource: new Map([...bySource].map(([key, set]) => [key, set.size])),
    funnel: [...funnel]
      .map(([campaignKey, entry]) => ({
        campaignKey,
        customers: entry.customers.size,
        called: entry.called,
        visited: entry.visited,
        contracted: entry.contracted,
      }))
      .sort((a, b) => String(a.campaignKey).localeCompare(String(b.campaignKey))),
  };
}

describe.each(Object.keys(DATABASES))('customer facts and tallies on %s', (name) => {
  let sales: SalesDatabase;
  let work: CustomerWork;
  let sequence = 0;

  const registerAs = async (phone: string, createdAt: string, extra: Partial<NewRegistration> = {}, options: Partial<RegistrationOptions> = {}) => {
    sequence += 1;
    const outcome = await register(
      sales,
      {
        id: `lead-${sequence}`,
        name: `고객${phone.slice(-2)}`,
        phone,
        createdAt,
        formKind: 'home',
        consent: { marketing: false, noticeVersion: '2026-10', agreedAt: createdAt },
        ...extra,
      },
      { assignee: KIM, today: TODAY, ...options },
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.customerId;
  };
  const versionOf = async (id: string) => (await sales.db.selectFrom('customers').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const expectOk = (result: { ok: boolean }) => expect(result).toMatchObject({ ok: true });

  beforeEach(async () => {
    sales = await DATABASES[name]!();
    // Each piece of work a minute after the one before: the latest call and assignment are plain.
    let clock = NOW;
    work = new CustomerWork(sales, { now: () => (clock += 60_000) });
    await sales.db
      .insertInto('visit_slots')
      .values({ id: 'slot-today', date: TODAY, time: '14:00', capacity: 4, created_at: at('2026-11-01', 9) })
      .execute();
  });

  it('equal a recount from the rows after a mixed run of changes, and give the numbers the rows give', async () => {
    const naver = { utm: { source: 'naver', campaign: 'Launch' } };
    const kakao = { utm: { source: 'kakao', campaign: 'Retarget' } };
    const a = await registerAs('01011110001', at('2026-12-01', 10), naver);
    await registerAs('01011110001', at('2026-12-03', 11), kakao);
    // Returning the same day under the same campaign: one customer of that day.
    await registerAs('01011110001', at('2026-12-03', 15), kakao);
    const b = await registerAs('01011110002', at('2026-12-02', 9), naver);
    // A delayed registration, older than the customer's latest: the days around it shift.
    await registerAs('01011110002', at('2026-12-04', 9), naver);
    await registerAs('01011110002', at('2026-12-03', 9), { ...naver, formKind: 'customer' });
    const c = await registerAs(
      '01011110003',
      at('2026-12-04', 12),
      {},
      { visit: { slotId: 'slot-today', bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null } },
    );
    const walkIn = await registerAs('01011110004', at(TODAY, 9, 30), { formKind: 'walkIn' }, { walkInAt: at(TODAY, 9, 30), assignee: null });
    const d = await registerAs('01011110005', at('2026-12-02', 13), kakao);
    const expired = await registerAs('01011110006', at('2026-11-20', 13), naver);
    const erased = await registerAs('01011110007', at('2026-12-03', 8), naver);

    expectOk(await work.recordCall(a, { version: await versionOf(a), result: '통화 완료', callbackAt: at(TODAY, 16) }, actor(KIM, 'sales')));
    expectOk(await work.recordCall(b, { version: await versionOf(b), result: '부재중', callbackAt: null }, actor(KIM, 'sales')));
    expectOk(await work.recordCall(erased, { version: await versionOf(erased), result: '통화 완료', callbackAt: null }, actor(KIM, 'sales')));
    // A later call of `a` without a 재통화: the latest call's says none is due.
    expectOk(await work.recordCall(a, { version: await versionOf(a), result: '통화 완료', callbackAt: null }, actor(KIM, 'sales')));
    expectOk(await work.change(b, { version: await versionOf(b), status: 'contracted' }, actor(LEAD)));
    expectOk(await work.change(d, { version: await versionOf(d), status: 'invalid' }, actor(LEAD)));
    expectOk(await work.checkIn(c, await versionOf(c), actor(LEAD)));
    expectOk(await work.undoCheckIn(c, await versionOf(c), actor(LEAD)));
    expectOk(await work.checkIn(c, await versionOf(c), actor(LEAD)));
    // Reassigned after the call: the new 담당자 has a call to make; handed over, and back to nobody.
    expectOk(await work.change(a, { version: await versionOf(a), assignee: JUNG }, actor(LEAD)));
    expect(await work.handOver(KIM.email, JUNG, actor(LEAD))).toBeGreaterThan(0);
    expectOk(await work.change(d, { version: await versionOf(d), assignee: null }, actor(LEAD)));
    // A returning walk-in: came, and registered under a campaign again.
    await registerAs('01011110004', at(TODAY, 9, 45), kakao, { assignee: null });
    expect(await eraseCustomerRows(sales, '01011110007', '정정·삭제 요청', { email: LEAD.email, ip: '10.0.0.7' }, NOW)).not.toBeNull();
    expect(await purgeExpiredCustomers(sales, at('2026-11-25', 0), 30, NOW)).toHaveLength(1);

    const facts = new Map((await kept(sales)).facts.map((row) => [row.id, row]));
    expect(facts.get(a)).toMatchObject({ awaiting_call: 1, callback_at: null, funnel_step: 0 });
    expect(facts.get(b)).toMatchObject({ awaiting_call: 1, funnel_step: 2 });
    expect(facts.get(c)).toMatchObject({ awaiting_call: 1, last_call_at: null, funnel_step: 1 });
    expect(facts.get(walkIn)).toMatchObject({ awaiting_call: 0, funnel_step: 1 });
    expect(facts.get(d)).toMatchObject({ awaiting_call: 0 });
    expect(facts.has(expired) || facts.has(erased)).toBe(false);

    const before = await kept(sales);
    await sales.db.transaction().execute((trx) => recountCustomerTallies(trx));
    expect(before).toEqual(await kept(sales));

    for (const range of [
      { from: '2026-12-01', to: TODAY },
      { from: '2026-12-03', to: '2026-12-04' },
      { from: '2026-12-04', to: '2026-12-04' },
      { from: '2026-11-01', to: '2026-12-02' },
    ]) {
      const rows = await countedFromRows(sales, range);
      expect(await registeredCustomerCount(sales, range)).toBe(rows.customers);
      expect(await registeredCustomersBy(sales, range, 'utmSource')).toEqual(rows.bySource);
      expect([...(await funnelByCampaign(sales, range))].sort((x, y) => String(x.campaignKey).localeCompare(String(y.campaignKey)))).toEqual(rows.funnel);
    }
  });
});
