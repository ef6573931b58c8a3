/**
 * 오늘 할 일 over the customer tables on SQLite and PostgreSQL, seeded as the site and the console
 * write them (register(), CustomerWork): calls due by the end of the Seoul day (overdue first; a
 * later call without a 재통화 clears one), the day's booked visits in time order with their
 * check-in, the customers given to a 상담사 and not called since (a returning customer's new
 * registration marked), and 기존 고객 재등록 (called, then registered again): one 상담사's or everyone's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayWorkOf, type TodayWorkService } from '../../../web/server/console/today-work';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import type { SalesDatabase } from '../../../web/server/database/index';
import { todayWhoOf } from '../../../web/shared/today-work';
import { registered, SALES_DATABASES, slotIn, type OpenedSales } from '../../support/console-sales-databases';

/** 12:00 in Seoul on 2026-11-24. */
const NOW = Date.parse('2026-11-24T03:00:00.000Z');
const KIM = { email: 'kim@example.com', name: '김상담' };
const LEE = { email: 'lee@example.com', name: '이상담' };
const manager: CustomerActor = { email: 'park@example.com', name: '박팀장', role: 'manager', ip: '10.0.0.9', visibleTo: null, takesColleagues: false };

/** The customers by letter, as seeded. */
const ids = new Map<string, string>();

async function seed(sales: SalesDatabase): Promise<void> {
  ids.clear();
  const at = (iso: string) => new CustomerWork(sales, { now: () => Date.parse(iso) });
  const version = async (id: string) => (await sales.db.selectFrom('customers').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const customer = async (letter: string, assignee: { email: string; name: string } | null, createdAt = '2026-11-20T00:00:00.000Z', slotId?: string) => {
    const id = await registered(
      sales,
      { id: `lead-${letter}`, name: `고객${letter}`, phone: `0101234${String(letter.charCodeAt(0)).padStart(4, '0')}`, createdAt },
      { assignee, ...(slotId ? { visit: { slotId, bookableFrom: '2026-11-20', whenUnavailable: 'refuse' as const, kind: 'site' as const, by: null } } : {}) },
    );
    ids.set(letter, id);
    return id;
  };
  const call = async (letter: string, when: string, result: string, callbackAt: string | null = null) => {
    const id = ids.get(letter)!;
    const outcome = await at(when).recordCall(id, { version: await version(id), result, callbackAt }, manager);
    if (!outcome.ok) throw new Error(outcome.error);
  };
  await slotIn(sales, 'slot-1030', '2026-11-24', '10:30', 4);
  await slotIn(sales, 'slot-1100', '2026-11-24', '11:00', 4);
  await slotIn(sales, 'slot-1400', '2026-11-24', '14:00', 4);
  await slotIn(sales, 'slot-tomorrow', '2026-11-25', '10:00', 4);

  await customer('A', KIM);
  await call('A', '2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-23T05:00:00.000Z');
  await customer('B', KIM);
  await call('B', '2026-11-22T01:00:00.000Z', '부재');
  await call('B', '2026-11-23T01:00:00.000Z', '재통화 요청', '2026-11-24T08:00:00.000Z');
  // Called back already: the last call asked for nothing more.
  await customer('C', KIM);
  await call('C', '2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-24T01:00:00.000Z');
  await call('C', '2026-11-24T01:00:00.000Z', '통화 완료');
  await customer('D', LEE);
  await call('D', '2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-24T06:00:00.000Z');
  // Tomorrow, 10:00 in Seoul: not today's.
  await customer('E', KIM);
  await call('E', '2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-25T01:00:00.000Z');
  // 무효: no work left.
  const f = await customer('F', KIM);
  await call('F', '2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-23T05:00:00.000Z');
  await at('2026-11-22T02:00:00.000Z').change(f, { version: await version(f), status: 'invalid' }, manager);
  await customer('G', KIM, undefined, 'slot-1400');
  await call('G', '2026-11-21T01:00:00.000Z', '통화 완료');
  const h = await customer('H', KIM, undefined, 'slot-1100');
  await call('H', '2026-11-21T01:00:00.000Z', '통화 완료');
  await at('2026-11-24T01:55:00.000Z').checkIn(h, await version(h), manager);
  await customer('J', LEE, undefined, 'slot-1030');
  await call('J', '2026-11-21T01:00:00.000Z', '통화 완료');
  await customer('K', KIM, undefined, 'slot-tomorrow');
  await call('K', '2026-11-21T01:00:00.000Z', '통화 완료');
  // Nobody's: given to no one, on nobody's list.
  await customer('L', null, '2026-11-23T23:00:00.000Z');
  await customer('M', KIM, '2026-11-24T00:00:00.000Z');
  await customer('N', LEE, '2026-11-23T00:00:00.000Z');
  await customer('O', KIM);
  await call('O', '2026-11-24T02:00:00.000Z', '부재');
  // Called, then registered again (a kakao ad): 기존 고객 재등록, not a customer waiting for a first call.
  await customer('R', KIM, '2026-11-19T00:00:00.000Z');
  await call('R', '2026-11-20T01:00:00.000Z', '통화 완료');
  await registered(sales, {
    id: 'lead-R-again',
    name: '고객R',
    phone: `0101234${String('R'.charCodeAt(0)).padStart(4, '0')}`,
    createdAt: '2026-11-24T01:00:00.000Z',
    utm: { source: 'kakao' },
  });
  // Registered twice, never called: waiting, marked as a returning customer.
  await customer('S', KIM, '2026-11-18T00:00:00.000Z');
  await registered(sales, {
    id: 'lead-S-again',
    name: '고객S',
    phone: `0101234${String('S'.charCodeAt(0)).padStart(4, '0')}`,
    createdAt: '2026-11-23T12:00:00.000Z',
  });
}

describe.each(Object.entries(SALES_DATABASES))('오늘 할 일 on %s', (_name, open) => {
  let opened: OpenedSales;
  let today: TodayWorkService;
  const id = (letter: string) => ids.get(letter)!;

  beforeAll(async () => {
    opened = await open();
    await seed(opened.sales);
    today = todayWorkOf(opened.sales, () => NOW);
  }, 60_000);
  afterAll(() => opened?.close());

  it("one 상담사's: calls due (overdue first), the day's visits in time order, their customers not called, returning ones marked", async () => {
    const work = await today.read({ email: KIM.email });
    expect(work.day).toBe('2026-11-24');
    expect(work.calls).toEqual([
      {
        id: id('A'),
        name: '고객A',
        maskedPhone: '010-****-0065',
        status: 'contacting',
        assigneeName: KIM.name,
        callbackAt: '2026-11-23T05:00:00.000Z',
        lastCallResult: '재통화 요청',
        overdue: true,
      },
      expect.objectContaining({ id: id('B'), callbackAt: '2026-11-24T08:00:00.000Z', lastCallResult: '재통화 요청', overdue: false }),
    ]);
    expect(work.visits).toEqual([
      {
        id: id('H'),
        name: '고객H',
        maskedPhone: '010-****-0072',
        status: 'visited',
        assigneeName: KIM.name,
        time: '11:00',
        checkedInAt: '2026-11-24T01:55:00.000Z',
      },
      expect.objectContaining({ id: id('G'), time: '14:00', checkedInAt: null }),
    ]);
    expect(work.newLeads.map((row) => [row.name, row.returning])).toEqual([
      ['고객M', false],
      ['고객S', true],
    ]);
    expect(work.newLeads[1]).toEqual({
      id: id('S'),
      name: '고객S',
      maskedPhone: '010-****-0083',
      status: 'new',
      assigneeName: KIM.name,
      createdAt: '2026-11-23T12:00:00.000Z',
      returning: true,
    });
    expect(work.returning).toEqual([
      {
        id: id('R'),
        name: '고객R',
        maskedPhone: '010-****-0082',
        status: 'contacting',
        assigneeName: KIM.name,
        lastCallAt: '2026-11-20T01:00:00.000Z',
        createdAt: '2026-11-24T01:00:00.000Z',
        registrations: 2,
      },
    ]);
    expect(JSON.stringify(work)).not.toContain('01012340065');
  });

  it("everyone's: every 상담사's due calls, visits and customers not called, each customer once", async () => {
    const work = await today.read('all');
    expect(work.calls.map((row) => row.name)).toEqual(['고객A', '고객D', '고객B']);
    expect(work.visits.map((row) => row.name)).toEqual(['고객J', '고객H', '고객G']);
    expect(work.newLeads.map((row) => row.name)).toEqual(['고객M', '고객S', '고객N']);
    expect(work.returning.map((row) => row.name)).toEqual(['고객R']);
  });

  it('a day with nothing to do: empty lists', async () => {
    const work = await today.read({ email: 'nobody@example.com' });
    expect(work).toEqual({ day: '2026-11-24', calls: [], visits: [], newLeads: [], returning: [] });
  });
});

describe('whose day the page asks for', () => {
  const params = (query: string) => new URLSearchParams(query);
  it("a 상담사 sees their own whatever the address asks; an admin anyone's, everyone's by default", () => {
    const sales = { email: KIM.email, role: 'sales' } as const;
    const admin = { email: 'admin@example.com', role: 'admin' } as const;
    expect(todayWhoOf(params('who=all'), sales)).toEqual({ email: KIM.email });
    expect(todayWhoOf(params(`who=${LEE.email}`), sales)).toEqual({ email: KIM.email });
    expect(todayWhoOf(params(''), admin)).toBe('all');
    expect(todayWhoOf(params('who=me'), admin)).toEqual({ email: admin.email });
    expect(todayWhoOf(params(`who=${LEE.email.toUpperCase()}`), admin)).toEqual({ email: LEE.email });
    expect(todayWhoOf(params('who=<script>'), admin)).toBe('all');
  });
});
