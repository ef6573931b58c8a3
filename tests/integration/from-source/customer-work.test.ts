/**
 * The sales team's work on a customer over the customer tables, on SQLite and PostgreSQL alike:
 * each change is one transaction with its audit record (a record that cannot be written stops the
 * change, with nothing to undo), a stale page is refused with nothing written, two changes at once
 * go one after the other, and a visit's place is taken, moved and given back in the same transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteAuditTrail } from '../../../web/server/audit/trail';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { customerDetail } from '../../../web/server/customers/customer-detail';
import { listCustomers } from '../../../web/server/customers/customer-list';
import { leadFilterParams } from '../../../web/server/customers/lead-query';
import { eraseCustomerRows, purgeExpiredCustomers, withdrawMarketingRows } from '../../../web/server/customers/customer-erasure';
import { register } from '../../../web/server/customers/registration';
import { VisitSlotSchedule } from '../../../web/server/customers/visit-slot-schedule';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';

const KIM = { email: 'kim@example.kr', name: '김상담' };
const JUNG = { email: 'jung@example.kr', name: '정상담' };
const actor = (who: { email: string; name: string }, role: CustomerActor['role'] = 'sales', takesColleagues = false): CustomerActor => ({
  ...who,
  role,
  ip: '10.0.0.7',
  visibleTo: role === 'sales' ? who.email : null,
  takesColleagues,
});
const LEAD = { email: 'lead@example.kr', name: '박팀장' };
/** 2026-12-05 10:00 in Seoul. */
const NOW = Date.UTC(2026, 11, 5, 1, 0);

let dataDir: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'customer-work-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

type Database = { sales: SalesDatabase; rows: <Row>(query: string) => Promise<Row[]>; exec: (statement: string) => Promise<void> };

const DATABASES: Record<string, () => Promise<Database>> = {
  sqlite: async () => {
    const sales = await openEmbeddedSalesDatabase(dataDir);
    cleanups.push(() => sales.close());
    const reader = openLeadsDatabase(dataDir);
    cleanups.push(() => reader.close());
    // The site opens the audit trail at start, which creates its table in the same file.
    new SqliteAuditTrail(reader);
    return { sales, rows: async <Row>(query: string) => reader.prepare(query).all() as Row[], exec: async (statement) => reader.exec(statement) };
  },
  postgres: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 6 });
    cleanups.push(() => pool.end());
    return {
      sales: salesDatabaseOnPostgres(pool),
      rows: async <Row>(query: string) => (await pool.query(query)).rows as Row[],
      exec: async (statement) => void (await pool.query(statement)),
    };
  },
};

describe.each(Object.keys(DATABASES))('work on a customer on %s', (name) => {
  let database: Database;
  let work: CustomerWork;
  let sequence = 0;

  beforeEach(async () => {
    database = await DATABASES[name]();
    work = new CustomerWork(database.sales, { now: () => NOW });
    for (const [id, date, capacity] of [
      ['slot-today', '2026-12-05', 4],
      ['slot-later', '2026-12-07', 1],
    ] as const) {
      await database.sales.db.insertInto('visit_slots').values({ id, date, time: '14:00', capacity, created_at: '2026-12-01T00:00:00.000Z' }).execute();
    }
  });

  async function customer(phone: string, assignee: { email: string; name: string } | null, slotId?: string): Promise<string> {
    sequence += 1;
    const createdAt = new Date(NOW - 3600_000 + sequence * 1000).toISOString();
    const outcome = await register(
      database.sales,
      {
        id: `lead-work-${sequence}`,
        name: '김민수',
        phone,
        createdAt,
        formKind: 'popup',
        consent: { marketing: false, noticeVersion: 'v1', agreedAt: createdAt },
      },
      {
        assignee,
        today: '2026-12-05',
        ...(slotId ? { visit: { slotId, bookableFrom: '2026-12-05', whenUnavailable: 'refuse', kind: 'site', by: null } } : {}),
      },
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.customerId;
  }

  const customerRow = async (id: string) =>
    (await database.rows<Record<string, unknown>>(`SELECT status, assignee_email, version FROM customers WHERE id = '${id}'`))[0];
  const auditRows = () =>
    database.rows<{ action: string; target: string; detail: string | null; actor: string }>(
      `SELECT action, target, detail, actor FROM audit_events ORDER BY seq`,
    );
  const places = async () =>
    Object.fromEntries(
      (await database.rows<{ id: string; booked: number }>(`SELECT id, booked FROM visit_slots ORDER BY id`)).map((row) => [row.id, Number(row.booked)]),
    );

  it('a change names the version it saw: the stale one is refused with nothing written; the change and its record are one', async () => {
    const id = await customer('01012345678', KIM);
    expect(await work.change(id, { version: 1, status: 'contacting' }, actor(KIM))).toEqual({ ok: true, version: 2 });
    expect(await work.change(id, { version: 1, status: 'consulted' }, actor(KIM))).toEqual({ ok: false, error: 'conflict' });
    expect(await customerRow(id)).toMatchObject({ status: 'contacting', version: 2 });
    expect(await auditRows()).toEqual([{ action: 'leadChange', target: id, detail: '상태 신규 → 연락 중', actor: KIM.email }]);

    // The audit trail refuses the record: the change does not happen either (nothing to undo).
    await database.exec(
      name === 'sqlite'
        ? `CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit down'); END`
        : `CREATE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$;
           CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_refused()`,
    );
    await expect(work.change(id, { version: 2, status: 'consulted', assignee: JUNG }, actor(LEAD, 'manager'))).rejects.toThrow(/audit down/);
    await expect(work.book(id, 2, 'slot-later', actor(KIM))).rejects.toThrow(/audit down/);
    expect(await customerRow(id)).toMatchObject({ status: 'contacting', assignee_email: KIM.email, version: 2 });
    expect(await database.rows(`SELECT count(*) AS n FROM assignments`)).toEqual([{ n: name === 'postgres' ? '1' : 1 }]);
    expect(await places()).toEqual({ 'slot-later': 0, 'slot-today': 0 });
  });

  it('ten changes of one customer at once with the same version: exactly one is saved', async () => {
    const id = await customer('01012340000', null);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => work.change(id, { version: 1, status: index % 2 ? 'contacting' : 'onHold' }, actor(LEAD, 'manager'))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === 'conflict')).toHaveLength(9);
    expect((await auditRows()).filter((row) => row.action === 'leadChange')).toHaveLength(1);
  });

  it("a 상담사 works their own and nobody's customers; a colleague's only when the settings let them take it", async () => {
    const kims = await customer('01011110000', KIM);
    expect(await work.addMemo(kims, '84A 관심', actor(JUNG))).toEqual({ ok: false, error: 'notYours' });
    expect(await work.change(kims, { version: 1, assignee: JUNG }, actor(JUNG))).toEqual({ ok: false, error: 'notYours' });
    expect(await work.change(kims, { version: 1, assignee: JUNG }, { ...actor(JUNG, 'sales', true), visibleTo: null })).toEqual({ ok: true, version: 2 });
    expect(await database.rows(`SELECT assignee_email, by_email FROM assignments ORDER BY at`)).toEqual([
      { assignee_email: KIM.email, by_email: null },
      { assignee_email: JUNG.email, by_email: JUNG.email },
    ]);
    // A memo is never refused for a change made meanwhile, and moves nobody's version.
    expect(await work.addMemo(kims, '재방문 예정', actor(JUNG))).toEqual({ ok: true, version: 2 });
    expect(await database.rows(`SELECT text, author_email FROM memos`)).toEqual([{ text: '재방문 예정', author_email: JUNG.email }]);
  });

  it('a visit is booked, moved (the old place given back), and cancelled, each with its record; a full slot is refused', async () => {
    const id = await customer('01022220000', KIM, 'slot-today');
    expect(await places()).toEqual({ 'slot-later': 0, 'slot-today': 1 });
    expect(await work.book(id, 1, 'slot-today', actor(KIM))).toEqual({ ok: false, error: 'sameSlot' });
    expect(await work.book(id, 1, 'slot-later', actor(KIM))).toEqual({ ok: true, version: 2 });
    expect(await places()).toEqual({ 'slot-later': 1, 'slot-today': 0 });
    const other = await customer('01022221111', null);
    expect(await work.book(other, 1, 'slot-later', actor(LEAD, 'manager'))).toEqual({ ok: false, error: 'slotFull' });
    expect(await work.cancelVisit(id, 2, actor(KIM))).toEqual({ ok: true, version: 3 });
    expect(await places()).toEqual({ 'slot-later': 0, 'slot-today': 0 });
    expect(await work.cancelVisit(id, 3, actor(KIM))).toEqual({ ok: false, error: 'notBooked' });
    expect((await auditRows()).map((row) => [row.action, row.detail])).toEqual([
      ['visitMove', '2026-12-05 14:00 → 2026-12-07 14:00'],
      ['visitCancel', '2026-12-07 14:00'],
    ]);
    expect(await customerRow(id)).toMatchObject({ status: 'contacting' });
  });

  it("check-in on the visit's day, by the desk for a colleague's visitor too; taken back by a manager only; 무효 gives a coming place back", async () => {
    const today = await customer('01033330000', KIM, 'slot-today');
    expect(await work.checkIn(today, 1, actor(JUNG))).toEqual({ ok: true, version: 2 });
    expect(await customerRow(today)).toMatchObject({ status: 'visited' });
    expect(await work.undoCheckIn(today, 2, actor(KIM))).toEqual({ ok: false, error: 'forbidden' });
    expect(await work.undoCheckIn(today, 2, actor(LEAD, 'manager'))).toEqual({ ok: true, version: 3 });
    expect(await database.rows(`SELECT status, checked_in_at FROM bookings WHERE customer_id = '${today}'`)).toEqual([
      { status: 'booked', checked_in_at: null },
    ]);

    const later = await customer('01033331111', KIM, 'slot-later');
    expect(await work.checkIn(later, 1, actor(KIM))).toEqual({ ok: false, error: 'notToday' });
    expect(await work.checkIn(later, 1, actor(JUNG))).toEqual({ ok: false, error: 'notYours' });
    expect(await work.change(later, { version: 1, status: 'invalid' }, actor(KIM))).toEqual({ ok: true, version: 2 });
    expect(await places()).toEqual({ 'slot-later': 0, 'slot-today': 1 });
    expect(await database.rows(`SELECT status, visit_at FROM bookings WHERE customer_id = '${later}'`)).toEqual([
      { status: 'released', visit_at: '2026-12-07 14:00' },
    ]);
  });

  it('the first call moves 신규 to 연락 중 in its record; a later status stays; 부재 calls in a row are counted until another result', async () => {
    let clock = NOW;
    const calling = new CustomerWork(database.sales, { now: () => (clock += 60_000) });
    const id = await customer('01055550000', KIM);
    const call = (version: number, result: string) => calling.recordCall(id, { version, result, callbackAt: null }, actor(KIM));
    const missedCalls = async () => ({
      list: (await listCustomers(database.sales, leadFilterParams({}), null, 10)).find((row) => row.id === id)?.missedCalls,
      detail: (await customerDetail(database.sales, id))?.missedCalls,
    });
    expect(await call(1, '부재')).toEqual({ ok: true, version: 2 });
    expect(await customerRow(id)).toMatchObject({ status: 'contacting' });
    expect((await auditRows()).map((row) => row.detail)).toEqual(['부재, 상태 신규 → 연락 중']);
    expect(await call(2, '부재')).toMatchObject({ ok: true });
    expect(await call(3, '부재')).toMatchObject({ ok: true });
    expect(await missedCalls()).toEqual({ list: 3, detail: 3 });
    expect(await call(4, '통화 완료')).toMatchObject({ ok: true });
    expect(await missedCalls()).toEqual({ list: 0, detail: 0 });
    expect(await call(5, '부재')).toMatchObject({ ok: true });
    expect(await missedCalls()).toEqual({ list: 1, detail: 1 });
    expect((await auditRows()).map((row) => row.detail).slice(1)).toEqual(['부재', '부재', '통화 완료', '부재']);

    const booked = await customer('01055551111', KIM, 'slot-today');
    expect(await calling.recordCall(booked, { version: 1, result: '통화 완료', callbackAt: null }, actor(KIM))).toMatchObject({ ok: true });
    expect(await customerRow(booked)).toMatchObject({ status: 'visitBooked' });
  });

  it('a hand-over moves every customer of a disabled account at once, one assignment and one record each, and one record of the whole', async () => {
    const ids = [await customer('01044440000', KIM), await customer('01044441111', KIM), await customer('01044442222', JUNG)];
    expect(await work.handOver(KIM.email, JUNG, actor(KIM))).toBe(0);
    expect(await work.handOver(KIM.email, JUNG, actor(LEAD, 'manager'))).toBe(2);
    expect(await database.rows(`SELECT assignee_email, count(*) AS n FROM customers GROUP BY assignee_email`)).toEqual([
      { assignee_email: JUNG.email, n: name === 'postgres' ? '3' : 3 },
    ]);
    const records = await auditRows();
    const changes = records.filter((row) => row.action === 'leadChange');
    expect(changes.map((row) => row.target).sort()).toEqual(ids.slice(0, 2).sort());
    expect(changes[0]).toMatchObject({ detail: '담당자 김상담(kim@example.kr) → 정상담(jung@example.kr)', actor: LEAD.email });
    expect(records.filter((row) => row.action !== 'leadChange')).toEqual([
      expect.objectContaining({
        action: 'leadHandOver',
        actor: LEAD.email,
        target: KIM.email,
        detail: '김상담(kim@example.kr) → 정상담(jung@example.kr): 고객 2명',
      }),
    ]);
    expect(await database.rows(`SELECT count(*) AS n FROM assignments WHERE by_email = '${LEAD.email}'`)).toEqual([{ n: name === 'postgres' ? '2' : 2 }]);
  });
  it('slots: a week at two times once however often the form is sent; an edit under its version moves the booked visits and never goes below them; only an empty slot is deleted', async () => {
    const schedule = new VisitSlotSchedule(database.sales, { now: () => NOW });
    const manager = actor(LEAD, 'manager');
    const week = { from: '2026-12-07', days: 7 as const, times: ['11:00', '14:00'], capacity: 2 };
    expect(await schedule.create(week, 'form-key-1234', actor(KIM))).toEqual({ ok: false, error: 'forbidden' });
    expect(await schedule.create({ ...week, from: '2026-12-04' }, 'form-key-1234', manager)).toEqual({ ok: false, error: 'past' });
    const created = await schedule.create(week, 'form-key-1234', manager);
    expect(created).toMatchObject({ ok: true, skipped: ['2026-12-07 14:00'] });
    expect(created.ok && created.created).toHaveLength(13);
    expect(await schedule.create(week, 'form-key-1234', manager)).toMatchObject({ ok: true, created: [] });

    const id = await customer('01055550000', KIM, 'slot-later');
    const [slot] = await schedule.list('2026-12-07', 1).then((slots) => slots.filter((one) => one.id === 'slot-later'));
    expect(slot).toMatchObject({ booked: 1, capacity: 1, rev: '2' });
    expect(await schedule.edit('slot-later', { rev: '1', time: '15:00', capacity: 3 }, manager)).toEqual({ ok: false, error: 'conflict' });
    expect(await schedule.edit('slot-later', { rev: '2', time: '11:00', capacity: 3 }, manager)).toEqual({ ok: false, error: 'timeTaken' });
    expect(await schedule.edit('slot-later', { rev: '2', time: '15:00', capacity: 3 }, manager)).toEqual({ ok: true, moved: 1 });
    expect(await database.rows(`SELECT visit_at FROM bookings WHERE customer_id = '${id}'`)).toEqual([{ visit_at: '2026-12-07 15:00' }]);
    expect(await schedule.remove('slot-later', '3', manager)).toEqual({ ok: false, error: 'notEmpty', booked: 1 });
    expect(await work.cancelVisit(id, 1, actor(KIM))).toMatchObject({ ok: true });
    expect(await schedule.remove('slot-later', '3', manager)).toEqual({ ok: false, error: 'conflict' });
    expect(await schedule.remove('slot-later', '4', manager)).toEqual({ ok: true });
    expect(await database.rows(`SELECT slot_id, status, visit_at FROM bookings WHERE customer_id = '${id}'`)).toEqual([
      { slot_id: null, status: 'cancelled', visit_at: '2026-12-07 15:00' },
    ]);
    expect((await auditRows()).map((row) => row.action)).toEqual(['slotCreate', 'slotChange', 'visitCancel', 'slotDelete']);
  });
  it("erasing a customer deletes every row about them at once and gives the coming visit's place back; the record holds no number", async () => {
    const id = await customer('01066660000', KIM, 'slot-later');
    await customer('01066660000', KIM);
    await work.addMemo(id, '84A 관심', actor(KIM));
    await work.recordCall(id, { version: 1, result: '통화 완료', callbackAt: null }, actor(KIM));
    expect(await places()).toMatchObject({ 'slot-later': 1 });
    const admin = { email: 'admin@example.kr', ip: '10.0.0.1' };
    expect(await eraseCustomerRows(database.sales, '01066660000', '본인 요청', admin, NOW)).toEqual({
      registrationIds: expect.arrayContaining([expect.stringMatching(/^lead-work-/)]),
      maskedName: '김*수',
    });
    for (const table of ['customers', 'registrations', 'bookings', 'calls', 'memos', 'assignments']) {
      expect(await database.rows(`SELECT count(*) AS n FROM ${table}`), table).toEqual([{ n: name === 'postgres' ? '0' : 0 }]);
    }
    expect(await places()).toMatchObject({ 'slot-later': 0 });
    const [record] = (await auditRows()).filter((row) => row.action === 'customerDelete');
    expect(record).toEqual({ action: 'customerDelete', target: '김*수', detail: '등록 2건 삭제, 사유: 본인 요청', actor: admin.email });
    expect(JSON.stringify(await auditRows())).not.toContain('01066660000');
    expect(await eraseCustomerRows(database.sales, '01066660000', '본인 요청', admin, NOW)).toBeNull();
  });

  it('a marketing consent withdrawn is one change with its record; the retention purge deletes customers who have not registered within the period', async () => {
    const consenting = await register(
      database.sales,
      {
        id: 'lead-consent',
        name: '이영희',
        phone: '01077770000',
        createdAt: '2025-01-01T00:00:00.000Z',
        formKind: 'home',
        consent: { marketing: true, noticeVersion: 'v1', agreedAt: '2025-01-01T00:00:00.000Z' },
      },
      { assignee: null, today: '2025-01-01' },
    );
    if (consenting.status !== 'created') throw new Error(consenting.status);
    expect(await withdrawMarketingRows(database.sales, consenting.customerId, { email: 'admin@example.kr', ip: '10.0.0.1' }, NOW)).toEqual({
      withdrawn: true,
      maskedName: '이*희',
    });
    expect(await database.rows(`SELECT marketing_consent FROM customers`)).toEqual([{ marketing_consent: 0 }]);
    const recent = await customer('01077771111', KIM, 'slot-later');
    const purged = await purgeExpiredCustomers(database.sales, '2026-01-01T00:00:00.000Z', 365, NOW);
    expect(purged).toEqual(['lead-consent']);
    expect(await database.rows(`SELECT id FROM customers`)).toEqual([{ id: recent }]);
    expect(await places()).toMatchObject({ 'slot-later': 1 });
    expect((await auditRows()).map((row) => [row.action, row.detail])).toContainEqual(['purge', '1건, 2026-01-01T00:00:00.000Z 이전 (보관 365일)']);
  });
});
