/**
 * The customer tables on the embedded SQLite file and on PostgreSQL alike: one customer per phone,
 * a returning customer joins their customer and keeps their 담당자 and coming visit, a slot's places
 * are taken by one conditional update (24 racing bookings of a 6-place slot → 6), one coming visit
 * per customer (24 racing bookings by one phone → 1), and the leads and slots an older release kept
 * as documents move in once, merged per phone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NO_MIGRATIONS } from 'kysely/migration';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import type { ContentSource } from '../../../web/server/content/types';
import { copySalesDocuments, keepOldDocuments } from '../../../web/server/database/documents-move';
import {
  migrateSalesTables,
  openEmbeddedSalesDatabase,
  salesDatabaseOnPostgres,
  salesDatabaseOnSqlite,
  salesMigrator,
  type SalesDatabase,
} from '../../../web/server/database/index';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration, RegistrationOutcome } from '../../../web/server/customers/registration-types';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';

const KIM = { email: 'kim@example.kr', name: '김상담' };
const JUNG = { email: 'jung@example.kr', name: '정상담' };
const TODAY = '2026-11-28';

let dataDir: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'customers-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

type Database = { sales: SalesDatabase; rows: <Row>(query: string) => Promise<Row[]> };

const DATABASES: Record<string, () => Promise<Database>> = {
  sqlite: async () => {
    const sales = await openEmbeddedSalesDatabase(dataDir);
    cleanups.push(() => sales.close());
    const reader = openLeadsDatabase(dataDir);
    cleanups.push(() => reader.close());
    return { sales, rows: async <Row>(query: string) => reader.prepare(query).all() as Row[] };
  },
  postgres: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    cleanups.push(() => pool.end());
    return { sales: salesDatabaseOnPostgres(pool), rows: async <Row>(query: string) => (await pool.query(query)).rows as Row[] };
  },
};

let sequence = 0;
function registration(phone: string, fields: Partial<NewRegistration> = {}): NewRegistration {
  sequence += 1;
  const createdAt = new Date(Date.UTC(2026, 10, 28, 0, 0, sequence)).toISOString();
  return {
    id: `lead-test-${sequence}`,
    name: '김민수',
    phone,
    createdAt,
    formKind: 'popup',
    consent: { marketing: false, noticeVersion: '2026-10', agreedAt: createdAt },
    ...fields,
  };
}

async function addSlot(database: Database, id: string, capacity: number, date = '2026-12-05', time = '14:00'): Promise<void> {
  await database.sales.db.insertInto('visit_slots').values({ id, date, time, capacity, created_at: '2026-11-01T00:00:00.000Z' }).execute();
}

const booking = (slotId: string) => ({ slotId, bookableFrom: TODAY, whenUnavailable: 'refuse' as const, kind: 'site' as const, by: null });

describe.each(Object.keys(DATABASES))('customer tables on %s', (name) => {
  const open = DATABASES[name];

  it('a returning phone joins its customer: the 담당자 stays, the registration with its campaign is added, and the answer says so', async () => {
    const database = await open();
    const first = await register(database.sales, registration('01012345678', { utm: { source: 'naver', campaign: 'Launch' } }), {
      assignee: KIM,
      today: TODAY,
    });
    expect(first).toMatchObject({ status: 'created', returning: false, assignee: KIM });
    const again = registration('010-1234-5678'.replaceAll('-', ''), { name: '김민수 ', formKind: 'home', utm: { source: 'kakao', campaign: 'Retarget' } });
    const second = await register(database.sales, { ...again, name: '김민수' }, { assignee: JUNG, today: TODAY });
    expect(second).toMatchObject({ status: 'created', returning: true, assignee: KIM });
    if (first.status !== 'created' || second.status !== 'created') throw new Error('not created');
    expect(second.customerId).toBe(first.customerId);

    expect(await database.rows(`SELECT phone, assignee_email, status FROM customers`)).toEqual([
      { phone: '01012345678', assignee_email: KIM.email, status: 'new' },
    ]);
    expect(await database.rows(`SELECT form_kind, utm_source, campaign_key FROM registrations ORDER BY created_at`)).toEqual([
      { form_kind: 'popup', utm_source: 'naver', campaign_key: 'launch' },
      { form_kind: 'home', utm_source: 'kakao', campaign_key: 'retarget' },
    ]);
    // The sources it came from, on its row for the list's source filter: each once.
    await register(database.sales, registration('01012345678', { formKind: 'home', utm: { source: 'naver' } }), { assignee: JUNG, today: TODAY });
    expect(await database.rows(`SELECT utm_sources FROM customers`)).toEqual([{ utm_sources: '\u001fnaver\u001fkakao\u001f' }]);
    // A registration written as a release before this one writes it (the row alone, during a
    // rolling update): the database adds its source to the customer.
    await database.sales.db
      .insertInto('registrations')
      .values({
        id: 'lead-older-release',
        customer_id: first.customerId,
        created_at: '2026-11-28T05:00:00.000Z',
        name: '김민수',
        form_kind: 'home',
        utm_source: 'google',
      })
      .execute();
    expect(await database.rows(`SELECT utm_sources FROM customers`)).toEqual([{ utm_sources: '\u001fnaver\u001fkakao\u001fgoogle\u001f' }]);
    // One assignment on record: the first, automatic one.
    expect(await database.rows(`SELECT assignee_email, by_email FROM assignments`)).toEqual([{ assignee_email: KIM.email, by_email: null }]);
    // The form's retry lands on its registration: nothing more is stored.
    expect(await register(database.sales, { ...again, name: '김민수' }, { assignee: JUNG, today: TODAY })).toEqual({ status: 'duplicate' });
    expect(await database.rows(`SELECT count(*) AS n FROM registrations`)).toEqual([{ n: name === 'postgres' ? '4' : 4 }]);
  });

  it('the messages a registration causes are queued in its transaction: the confirmation, and to the 담당자 the new customer, the returning one and the visit', async () => {
    const database = await open();
    await addSlot(database, 'slot-msg', 2);
    const first = registration('01012120000');
    await register(database.sales, first, { assignee: KIM, today: TODAY, queueMessages: true });
    const again = registration('01012120000');
    await register(database.sales, again, { assignee: JUNG, visit: booking('slot-msg'), today: TODAY, queueMessages: true });
    // The form's retry queues nothing more; a refused one queues nothing at all.
    await register(database.sales, again, { assignee: JUNG, visit: booking('slot-msg'), today: TODAY, queueMessages: true });
    await database.sales.db.updateTable('visit_slots').set({ capacity: 1 }).execute();
    expect(
      await register(database.sales, registration('01012121111'), { assignee: JUNG, visit: booking('slot-msg'), today: TODAY, queueMessages: true }),
    ).toEqual({ status: 'slotFull' });
    expect(await database.rows(`SELECT key, event, recipient, status FROM lead_messages ORDER BY key`)).toEqual(
      [
        { key: `booking:${again.id}`, event: 'booking', recipient: null, status: 'pending' },
        { key: `registration:${first.id}`, event: 'registration', recipient: null, status: 'pending' },
        { key: `staffBooking:${again.id}:stored`, event: 'staffBooking', recipient: KIM.email, status: 'pending' },
        { key: `staffNewLead:${first.id}:stored`, event: 'staffNewLead', recipient: KIM.email, status: 'pending' },
        { key: `staffReturning:${again.id}`, event: 'staffReturning', recipient: KIM.email, status: 'pending' },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
  });

  it('the database refuses a second customer for a phone, and a slot holding more bookings than places', async () => {
    const database = await open();
    await register(database.sales, registration('01011112222'), { assignee: null, today: TODAY });
    const twin = database.sales.db
      .insertInto('customers')
      .values({
        id: 'customer-twin',
        phone: '01011112222',
        name: '둘',
        first_registered_at: 'x',
        last_registered_at: 'x',
        updated_at: 'x',
        assignee_email: null,
        assignee_name: null,
      })
      .execute();
    await expect(twin).rejects.toThrow(/unique/i);
    await addSlot(database, 'slot-one', 1);
    await expect(database.sales.db.updateTable('visit_slots').set({ booked: 2 }).where('id', '=', 'slot-one').execute()).rejects.toThrow(/check/i);
  });

  it('24 bookings of a 6-place slot at once take 6 places; the other 18 are told it is full and store nothing', async () => {
    const database = await open();
    await addSlot(database, 'slot-six', 6);
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        register(database.sales, registration(`0102000${String(index).padStart(4, '0')}`), { assignee: null, visit: booking('slot-six'), today: TODAY }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(6);
    expect(outcomes.filter((outcome) => outcome.status === 'slotFull')).toHaveLength(18);
    expect(await database.rows(`SELECT booked FROM visit_slots`)).toEqual([{ booked: 6 }]);
    expect(await database.rows(`SELECT count(*) AS n FROM bookings WHERE status = 'booked'`)).toEqual([{ n: name === 'postgres' ? '6' : 6 }]);
    expect(await database.rows(`SELECT count(*) AS n FROM customers`)).toEqual([{ n: name === 'postgres' ? '6' : 6 }]);
  });

  it('24 bookings by one customer at once, over four slots, take one place: the others are kept as registrations of that customer', async () => {
    const database = await open();
    for (const slot of ['a', 'b', 'c', 'd']) await addSlot(database, `slot-${slot}`, 10, '2026-12-06', `1${'abcd'.indexOf(slot)}:00`);
    const outcomes: RegistrationOutcome[] = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        register(database.sales, registration('01033334444'), { assignee: null, visit: booking(`slot-${'abcd'[index % 4]}`), today: TODAY }),
      ),
    );
    const visits = outcomes.map((outcome) => (outcome.status === 'created' ? outcome.visit?.status : outcome.status));
    expect(visits.filter((status) => status === 'booked')).toHaveLength(1);
    expect(visits.filter((status) => status === 'alreadyBooked')).toHaveLength(23);
    expect(await database.rows(`SELECT sum(booked) AS places FROM visit_slots`)).toEqual([{ places: name === 'postgres' ? '1' : 1 }]);
    expect(await database.rows(`SELECT count(*) AS n FROM bookings`)).toEqual([{ n: name === 'postgres' ? '1' : 1 }]);
    expect(await database.rows(`SELECT count(*) AS n FROM registrations`)).toEqual([{ n: name === 'postgres' ? '24' : 24 }]);
  });

  it('a past visit never came to no longer holds the customer: the next booking takes a place, the old one is marked missed', async () => {
    const database = await open();
    await addSlot(database, 'slot-past', 4, '2026-11-20');
    await addSlot(database, 'slot-next', 4, '2026-12-01');
    const earlier = await register(database.sales, registration('01055556666'), {
      assignee: null,
      visit: { ...booking('slot-past'), bookableFrom: '2026-11-01' },
      today: '2026-11-01',
    });
    expect(earlier).toMatchObject({ status: 'created', visit: { status: 'booked', visitAt: '2026-11-20 14:00' } });
    const next = await register(database.sales, registration('01055556666'), { assignee: null, visit: booking('slot-next'), today: TODAY });
    expect(next).toMatchObject({ status: 'created', returning: true, visit: { status: 'booked', visitAt: '2026-12-01 14:00' } });
    expect(await database.rows(`SELECT visit_at, status FROM bookings ORDER BY visit_at`)).toEqual([
      { visit_at: '2026-11-20 14:00', status: 'missed' },
      { visit_at: '2026-12-01 14:00', status: 'booked' },
    ]);
  });

  it('a delayed registration whose slot filled meanwhile is kept with the visit it asked for, marked unavailable; a visitor is refused', async () => {
    const database = await open();
    await addSlot(database, 'slot-full', 0);
    expect(await register(database.sales, registration('01077778888'), { assignee: null, visit: booking('slot-full'), today: TODAY })).toEqual({
      status: 'slotFull',
    });
    expect(await database.rows(`SELECT count(*) AS n FROM customers`)).toEqual([{ n: name === 'postgres' ? '0' : 0 }]);
    const kept = await register(database.sales, registration('01077778888'), {
      assignee: null,
      visit: { ...booking('slot-full'), whenUnavailable: 'keepUnbooked' },
      today: TODAY,
    });
    expect(kept).toMatchObject({ status: 'created', visit: { status: 'unavailable', visitAt: '2026-12-05 14:00' } });
    expect(await register(database.sales, registration('01077778888'), { assignee: null, visit: booking('slot-gone'), today: TODAY })).toEqual({
      status: 'slotMissing',
    });
  });

  it('a booked visit moves a customer to 방문 예약 and a walk-in to 방문 완료, as the desk and the sheet expect; a later status stays', async () => {
    const database = await open();
    await addSlot(database, 'slot-status', 6);
    const status = async (phone: string) => (await database.rows<{ status: string }>(`SELECT status FROM customers WHERE phone = '${phone}'`))[0]?.status;
    await register(database.sales, registration('01012120001'), { assignee: null, visit: booking('slot-status'), today: TODAY });
    expect(await status('01012120001')).toBe('visitBooked');
    await register(database.sales, registration('01012120002', { formKind: 'walkIn' }), { assignee: null, walkInAt: '2026-11-28T05:30:00.000Z', today: TODAY });
    expect(await status('01012120002')).toBe('visited');
    // A customer already under contract who walks in again stays 계약.
    await database.sales.db.updateTable('customers').set({ status: 'contracted' }).where('phone', '=', '01012120002').execute();
    await register(database.sales, registration('01012120002', { formKind: 'walkIn' }), {
      assignee: null,
      walkInAt: '2026-11-29T05:30:00.000Z',
      today: '2026-11-29',
    });
    expect(await status('01012120002')).toBe('contracted');
  });

  it('a walk-in is a registration checked in now, with no place taken', async () => {
    const database = await open();
    const walkIn = await register(database.sales, registration('01099990000', { formKind: 'walkIn' }), {
      assignee: null,
      walkInAt: '2026-11-28T05:30:00.000Z',
      today: TODAY,
    });
    expect(walkIn).toMatchObject({ status: 'created', visit: { visitAt: '2026-11-28 14:30' } });
    expect(await database.rows(`SELECT kind, status, slot_id, checked_in_at FROM bookings`)).toEqual([
      { kind: 'walkIn', status: 'checkedIn', slot_id: null, checked_in_at: '2026-11-28T05:30:00.000Z' },
    ]);
  });
});

/** What an older release stored: leads as documents, three of them one phone's. */
const LEAD_DOCUMENTS = [
  { _id: 'visitSlot-1', _type: 'visitSlot', date: '2026-12-05', time: '14:00', capacity: 6, booked: 3 },
  {
    _id: 'lead-a',
    _type: 'lead',
    name: '김민수',
    phone: '01012345678',
    createdAt: '2026-11-20T01:00:00.000Z',
    formKind: 'popup',
    status: 'consulted',
    assignee: KIM,
    utm: { source: 'naver', campaign: 'Launch' },
    consent: { privacy: true, ageOver14: true, marketing: true, noticeVersion: 'v1', agreedAt: '2026-11-20T01:00:00.000Z' },
    memos: [{ _key: 'm1', _type: 'leadMemo', at: '2026-11-20T02:00:00.000Z', text: '84A 관심', authorEmail: KIM.email, authorName: KIM.name }],
    calls: [{ _key: 'c1', _type: 'leadCall', at: '2026-11-20T02:00:00.000Z', result: '통화 완료', authorEmail: KIM.email, authorName: KIM.name }],
    visitSlot: { _type: 'reference', _ref: 'visitSlot-1', _weak: true },
    visitAt: '2026-12-05 14:00',
    visitSlotStatus: 'booked',
  },
  {
    _id: 'lead-b',
    _type: 'lead',
    name: '김민수',
    phone: '01012345678',
    createdAt: '2026-11-27T01:00:00.000Z',
    formKind: 'home',
    status: 'new',
    assignee: JUNG,
    utm: { source: 'kakao' },
    visitSlot: { _type: 'reference', _ref: 'visitSlot-1', _weak: true },
    visitAt: '2026-12-05 14:00',
    visitSlotStatus: 'booked',
  },
  {
    _id: 'lead-c',
    _type: 'lead',
    name: '김민수',
    phone: '01012345678',
    createdAt: '2026-11-28T01:00:00.000Z',
    formKind: 'walkIn',
    status: 'visited',
    visitAt: '2026-11-28 10:00',
    checkedInAt: '2026-11-28T01:00:00.000Z',
  },
  {
    _id: 'lead-d',
    _type: 'lead',
    name: '이영희',
    phone: '01098765432',
    createdAt: '2026-11-21T01:00:00.000Z',
    formKind: 'customer',
    message: '문의',
    status: 'contacting',
    visitSlot: { _type: 'reference', _ref: 'visitSlot-1', _weak: true },
    visitAt: '2026-12-05 14:00',
    visitSlotStatus: 'booked',
  },
];

async function expectMoved(rows: Database['rows'], count: (value: number) => unknown): Promise<void> {
  expect(
    await rows(`SELECT phone, name, status, assignee_email, marketing_consent, first_registered_at, last_registered_at FROM customers ORDER BY phone`),
  ).toEqual([
    {
      phone: '01012345678',
      name: '김민수',
      status: 'visited',
      assignee_email: KIM.email,
      marketing_consent: 0,
      first_registered_at: '2026-11-20T01:00:00.000Z',
      last_registered_at: '2026-11-28T01:00:00.000Z',
    },
    {
      phone: '01098765432',
      name: '이영희',
      status: 'contacting',
      assignee_email: null,
      marketing_consent: 0,
      first_registered_at: '2026-11-21T01:00:00.000Z',
      last_registered_at: '2026-11-21T01:00:00.000Z',
    },
  ]);
  expect(await rows(`SELECT id, form_kind, utm_source, campaign_key FROM registrations ORDER BY id`)).toEqual([
    { id: 'lead-a', form_kind: 'popup', utm_source: 'naver', campaign_key: 'launch' },
    { id: 'lead-b', form_kind: 'home', utm_source: 'kakao', campaign_key: null },
    { id: 'lead-c', form_kind: 'walkIn', utm_source: null, campaign_key: null },
    { id: 'lead-d', form_kind: 'customer', utm_source: null, campaign_key: null },
  ]);
  expect(await rows(`SELECT registration_id, status, kind, slot_id FROM bookings ORDER BY registration_id`)).toEqual([
    { registration_id: 'lead-a', status: 'booked', kind: 'site', slot_id: 'visitSlot-1' },
    { registration_id: 'lead-b', status: 'cancelled', kind: 'site', slot_id: 'visitSlot-1' },
    { registration_id: 'lead-c', status: 'checkedIn', kind: 'walkIn', slot_id: null },
    { registration_id: 'lead-d', status: 'booked', kind: 'site', slot_id: 'visitSlot-1' },
  ]);
  // The slot counts its bookings: two coming visits (the document said 3).
  expect(await rows(`SELECT id, capacity, booked FROM visit_slots`)).toEqual([{ id: 'visitSlot-1', capacity: 6, booked: 2 }]);
  expect(await rows(`SELECT text FROM memos`)).toEqual([{ text: '84A 관심' }]);
  expect(await rows(`SELECT result FROM calls`)).toEqual([{ result: '통화 완료' }]);
  expect(await rows(`SELECT registration_id, note FROM customer_merge_notes ORDER BY registration_id, note`)).toEqual([
    { registration_id: 'lead-b', note: '담당자 정상담 (jung@example.kr)' },
    { registration_id: 'lead-b', note: '두 번째 방문 예약 2026-12-05 14:00 취소' },
    { registration_id: 'lead-c', note: '상태 visited' },
  ]);
  expect(await rows(`SELECT count(*) AS n FROM assignments`)).toEqual([{ n: count(2) }]);
  // Each customer's sources, counted from its registrations for the list's source filter.
  const sources = await rows<{ phone: string; utm_sources: string }>(`SELECT phone, utm_sources FROM customers ORDER BY phone`);
  expect(sources.map((customer) => [customer.phone, customer.utm_sources.split('\u001f').filter(Boolean).sort()])).toEqual([
    ['01012345678', ['kakao', 'naver']],
    ['01098765432', []],
  ]);
}

describe('leads kept as documents move into the customer tables once, merged per phone', () => {
  it('in the embedded leads.sqlite, at the start that upgrades it, and again by the copy without doubling', async () => {
    const leads: ContentSource = await openEmbeddedStore({ file: path.join(dataDir, 'leads.sqlite') });
    await leads.mutate(LEAD_DOCUMENTS.map((document) => ({ create: document })));
    await leads.close?.();
    const older = salesDatabaseOnSqlite(openLeadsDatabase(dataDir));
    await migrateSalesTables(older);
    // As the release before this one left the file: its documents, no customer tables.
    expect((await salesMigrator(older).migrateTo('0006-message-log')).error).toBeUndefined();
    await older.close();

    const sales = await openEmbeddedSalesDatabase(dataDir);
    cleanups.push(() => sales.close());
    const reader = openLeadsDatabase(dataDir);
    cleanups.push(() => reader.close());
    const rows = async <Row>(query: string) => reader.prepare(query).all() as Row[];
    await expectMoved(rows, (value) => value);
    await copySalesDocuments(sales.db);
    await expectMoved(rows, (value) => value);
  });

  it("in PostgreSQL's documents table, once whatever the number of instances starting", async () => {
    const url = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    cleanups.push(() => pool.end());
    await migrate(url);
    expect((await salesMigrator(salesDatabaseOnPostgres(pool)).migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
    await keepOldDocuments(salesDatabaseOnPostgres(pool), LEAD_DOCUMENTS);

    const ran = await Promise.all(Array.from({ length: 3 }, () => migrate(url)));
    expect(ran.flat().filter((migration) => migration === '0007-customers')).toHaveLength(1);
    const rows = async <Row>(query: string) => (await pool.query(query)).rows as Row[];
    await expectMoved(rows, String);
    await copySalesDocuments(salesDatabaseOnPostgres(pool).db);
    await expectMoved(rows, String);
  });
});
