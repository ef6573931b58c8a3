/**
 * 상담사별 실적 over the customer tables, on SQLite and PostgreSQL alike, seeded as the site, the
 * console and the desk write them (register(), CustomerWork, distributeEvenly): per 상담사 and
 * Seoul day the customers given to them, their calls by result, the visits they booked, their
 * customers' visits and 계약 — each number known in advance, the Seoul day's edges included — and
 * the same numbers in the CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration, RegistrationOptions } from '../../../web/server/customers/registration-types';
import { teamPerformanceCsv, teamPerformanceOf, type TeamPerformanceReport } from '../../../web/server/console/team-performance';
import { DEFAULT_CALL_RESULTS } from '../../../web/shared/call-results';
import { SALES_DATABASES, type TestSalesDatabase } from '../../support/sales-database';

const KIM = { email: 'kim@example.kr', name: '김상담' };
const LEE = { email: 'lee@example.kr', name: '이상담' };
const CHOI = { email: 'choi@example.kr', name: '최상담' };
const actor = (who: { email: string; name: string }, role: CustomerActor['role']): CustomerActor => ({
  ...who,
  role,
  ip: '10.0.0.1',
  visibleTo: role === 'sales' ? who.email : null,
  takesColleagues: false,
});
const kim = actor(KIM, 'sales');
const lee = actor(LEE, 'sales');
const MANAGER = actor({ email: 'lead@example.kr', name: '박팀장' }, 'manager');
const STAFF = [
  { ...KIM, role: 'sales' as const, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' },
  { ...LEE, role: 'sales' as const, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' },
  // Disabled, and did nothing: no row.
  { ...CHOI, role: 'sales' as const, disabled: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { email: MANAGER.email, name: MANAGER.name, role: 'manager' as const, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' },
];
/** 2026-11-22 14:30 in Seoul: the day counted. */
const NOW = Date.parse('2026-11-22T05:30:00.000Z');
const consent = { marketing: false, noticeVersion: '2026-11', agreedAt: '2026-11-01T00:00:00.000Z' };

describe.each(Object.keys(SALES_DATABASES))('상담사별 실적 on %s', (name) => {
  let database: TestSalesDatabase;
  let report: TeamPerformanceReport;

  async function registered(
    id: string,
    phone: string,
    createdAt: string,
    form: Partial<NewRegistration> = {},
    options: Partial<RegistrationOptions> = {},
  ): Promise<string> {
    const outcome = await register(
      database.sales,
      { id, name: '한고객', phone, createdAt, formKind: 'popup', consent, ...form },
      { assignee: null, today: '2026-11-22', ...options },
    );
    if (outcome.status !== 'created') throw new Error(`${id}: ${outcome.status}`);
    return outcome.customerId;
  }
  const versionOf = async (customerId: string) =>
    (await database.sales.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirstOrThrow()).version;
  const ok = async (result: Promise<unknown>) => expect(await result).toMatchObject({ ok: true });

  beforeAll(async () => {
    database = await SALES_DATABASES[name]!();
    const { sales } = database;
    await sales.db
      .insertInto('visit_slots')
      .values([
        { id: 'slot-22', date: '2026-11-22', time: '16:00', capacity: 6, created_at: '2026-11-01T00:00:00.000Z' },
        { id: 'slot-23', date: '2026-11-23', time: '11:00', capacity: 6, created_at: '2026-11-01T00:00:00.000Z' },
      ])
      .execute();
    // Given on the 22nd: A and B to 김상담 as they registered, D to 이상담 by the 팀장, C (a walk-in) to 이상담.
    const a = await registered('lead-a', '01011110001', '2026-11-22T00:10:00.000Z', {}, { assignee: KIM });
    const b = await registered('lead-b', '01011110002', '2026-11-22T00:20:00.000Z', {}, { assignee: KIM });
    const d = await registered('lead-d', '01011110004', '2026-11-22T01:00:00.000Z');
    await registered('lead-c', '01011110003', '2026-11-22T03:00:00.000Z', { formKind: 'walkIn' }, { assignee: LEE, walkInAt: '2026-11-22T03:00:00.000Z' });
    // Given on the 21st at 23:00 Seoul (14:00 UTC): that day's, not the 22nd's.
    const e = await registered('lead-e', '01011110005', '2026-11-21T14:00:00.000Z', {}, { assignee: KIM });
    // A phone-in the 팀장 booked for the 23rd, given to nobody: the 팀장's booking.
    await registered(
      'lead-f',
      '01011110006',
      '2026-11-22T04:00:00.000Z',
      { formKind: 'phoneIn' },
      {
        visit: { slotId: 'slot-23', bookableFrom: '2026-11-22', whenUnavailable: 'refuse', kind: 'phoneIn', by: MANAGER.email },
      },
    );

    const at = (iso: string) => new CustomerWork(sales, { now: () => Date.parse(iso) });
    const work = new CustomerWork(sales, { now: () => NOW });
    await ok(work.change(d, { version: await versionOf(d), assignee: LEE }, MANAGER));
    // 21st 23:30 Seoul: the 21st's call; 22nd 00:30 Seoul (21st 15:30 UTC): the 22nd's.
    await ok(at('2026-11-21T14:30:00.000Z').recordCall(e, { version: await versionOf(e), result: '부재', callbackAt: null }, kim));
    await ok(at('2026-11-21T15:30:00.000Z').recordCall(a, { version: await versionOf(a), result: '부재', callbackAt: null }, kim));
    await ok(work.recordCall(a, { version: await versionOf(a), result: '통화 완료', callbackAt: null }, kim));
    await ok(work.recordCall(b, { version: await versionOf(b), result: '부재', callbackAt: null }, kim));
    await ok(work.recordCall(b, { version: await versionOf(b), result: '재통화 요청', callbackAt: '2026-11-23T01:00:00.000Z' }, kim));
    await ok(work.recordCall(d, { version: await versionOf(d), result: '통화 완료', callbackAt: null }, lee));
    // 김상담 books A for today and the desk checks A in; 이상담 books D and moves the visit (one booking).
    await ok(work.book(a, await versionOf(a), 'slot-22', kim));
    await ok(work.checkIn(a, await versionOf(a), MANAGER));
    await ok(work.book(d, await versionOf(d), 'slot-22', lee));
    await ok(work.book(d, await versionOf(d), 'slot-23', lee));
    // B contracted by the 팀장: 김상담's 계약 (B is theirs). D by 이상담.
    await ok(work.change(b, { version: await versionOf(b), status: 'contracted' }, MANAGER));
    await ok(work.change(d, { version: await versionOf(d), status: 'contracted' }, lee));

    report = await teamPerformanceOf({ sales, staff: { list: async () => STAFF }, callResults: async () => [...DEFAULT_CALL_RESULTS] }).read({
      from: '2026-11-21',
      to: '2026-11-22',
    });
  }, 90_000);
  afterAll(async () => {
    await database?.close();
  });

  const rowOf = (day: string, email: string) => report.rows.find((row) => row.day === day && row.email === email);
  const zeroCalls = Object.fromEntries(DEFAULT_CALL_RESULTS.map((result) => [result, 0]));

  it("counts each 상담사's day: customers given, calls by result, bookings made, their customers' visits and 계약", () => {
    expect(report.results).toEqual([...DEFAULT_CALL_RESULTS]);
    expect(rowOf('2026-11-22', KIM.email)).toEqual({
      day: '2026-11-22',
      email: KIM.email,
      name: KIM.name,
      assigned: 2,
      calls: 4,
      callsByResult: { ...zeroCalls, '통화 완료': 1, 부재: 2, '재통화 요청': 1 },
      bookings: 1,
      visits: 1,
      contracts: 1,
    });
    expect(rowOf('2026-11-22', LEE.email)).toEqual({
      day: '2026-11-22',
      email: LEE.email,
      name: LEE.name,
      assigned: 2,
      calls: 1,
      callsByResult: { ...zeroCalls, '통화 완료': 1 },
      // Booked and moved: one booking; the walk-in C, checked in as they came, is their visit.
      bookings: 1,
      visits: 1,
      contracts: 1,
    });
  });

  it("counts by the Seoul day: the 21st's late assignment and call are the 21st's; an active 상담사 with nothing has a row of zeros; a 팀장 appears for what they did", () => {
    expect(rowOf('2026-11-21', KIM.email)).toMatchObject({
      assigned: 1,
      calls: 1,
      callsByResult: { ...zeroCalls, 부재: 1 },
      bookings: 0,
      visits: 0,
      contracts: 0,
    });
    expect(rowOf('2026-11-21', LEE.email)).toMatchObject({ assigned: 0, calls: 0, bookings: 0, visits: 0, contracts: 0 });
    expect(rowOf('2026-11-22', MANAGER.email)).toMatchObject({ name: MANAGER.name, assigned: 0, calls: 0, bookings: 1, visits: 0, contracts: 0 });
    expect(rowOf('2026-11-21', MANAGER.email)).toBeUndefined();
    expect(report.rows.some((row) => row.email === CHOI.email)).toBe(false);
    // Day by day, then by name.
    expect(report.rows.map((row) => `${row.day} ${row.name}`)).toEqual([
      '2026-11-21 김상담',
      '2026-11-21 이상담',
      '2026-11-22 김상담',
      '2026-11-22 박팀장',
      '2026-11-22 이상담',
    ]);
    expect(report.totals).toMatchObject({ assigned: 5, calls: 6, bookings: 3, visits: 2, contracts: 2 });
  });

  it("carries every number into the CSV under the page's Korean labels", () => {
    const lines = teamPerformanceCsv(report).split('\r\n');
    expect(lines[0]).toBe('\uFEFF"일자","상담사","이메일","배정","통화","통화 완료","부재","재통화 요청","관심 없음","번호 오류","방문 예약","방문","계약"');
    expect(lines).toContain('"2026-11-22","김상담","kim@example.kr","2","4","1","2","1","0","0","1","1","1"');
    expect(lines).toContain('"2026-11-21 ~ 2026-11-22","합계","","5","6","2","3","1","0","0","3","2","2"');
  });
});
