/**
 * The console's reads over the customer tables at scale (web/server/customers/customer-list.ts, customer-count.ts,
 * today-work-reads.ts and numbers.ts): BENCH_CUSTOMER_REGISTRATIONS registrations (1,000,000 by default) from 60 % as many
 * customers (of each five registrations two are customers registering again), with bookings, walk-ins, calls, memos and assignments, loaded into the embedded SQLite
 * file and into PostgreSQL (a server of its own, durable as production runs it). Prints p50 / p95
 * per read and database against the targets: the list (page 1 and page 21, each with its count)
 * ≤ 50 ms for every filter set, 오늘 할 일 and the caller search ≤ 20 ms, a month's statistics
 * and funnel ≤ 200 ms. Part of `npm run bench`; alone: `npx tsx tests/bench/customers.ts`.
 *
 * Environment: BENCH_CUSTOMER_REGISTRATIONS=1000000, BENCH_CUSTOMER_RUNS=20 (samples per read),
 * BENCH_CUSTOMER_SKIP_POSTGRES=1 / BENCH_CUSTOMER_SKIP_SQLITE=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { leadFilterParams } from '../../web/server/customers/lead-query';
import { countCustomers } from '../../web/server/customers/customer-count';
import { listCustomers, nextCustomerCursor, type CustomerCursor } from '../../web/server/customers/customer-list';
import { todayWork } from '../../web/server/customers/today-work-reads';
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
} from '../../web/server/customers/numbers';
import { recountRegistrationTallies } from '../../web/server/customers/registration-tallies';
import { recountCustomerTallies } from '../../web/server/customers/customer-tallies';
import { recountCustomerSources } from '../../web/server/customers/customer-sources';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../web/server/database/index';
import { campaignStatsOf } from '../../web/server/measurement/stats';
import { openLeadsDatabase } from '../../web/server/database/leads-file';
import { migrate, SESSION_OPTIONS } from '../../web/server/postgres/index';
import type { LeadFilters } from '../../web/shared/lead-filters';
import { seoulDateTime, shiftDay } from '../../web/shared/seoul-time';
import { startServer as startPostgres, stopServer as stopPostgres, withClient, type ServerState } from '../support/postgres-server';
import { percentile, table } from './report';

const TODAY = '2026-11-28';
/** Registrations are spread over these days up to TODAY; visits reach a few days past it. */
const DAYS = 120;
const STAFF = Array.from({ length: 20 }, (_, index) => ({ email: `staff${index}@example.kr`, name: `상담${index}` }));
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['민수', '민지', '서연', '지훈', '유진', '하늘', '도윤', '수아', '예준', '서준', '하은', '지우'];
const SOURCES = ['naver', 'kakao', 'google', null] as const;
const FORMS = ['popup', 'home', 'customer', 'popup', 'home', 'customer', 'popup', 'home', 'customer', 'phoneIn'] as const;
const STATUSES = ['new', 'new', 'new', 'contacting', 'consulted', 'visitBooked', 'visited', 'contracted', 'onHold', 'invalid'] as const;
const SLOT_TIMES = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
const BATCH = 5_000;
const TARGETS = { list: 50, today: 20, search: 20, month: 200 };

const START_MS = Date.parse(`${shiftDay(TODAY, -DAYS)}T00:00:00+09:00`);
/** Ends an hour before TODAY's end in Seoul. */
const SPAN_MS = (DAYS + 1) * 86_400_000 - 3_600_000;

type Columns = Record<string, Array<string | number | null>>;

/**
 * The seed, in time order: of each five registrations three are new customers and two are customers
 * who registered a few days before (up to 5,000 customers back) registering again.
 */
export class Seed {
  readonly customers: number;
  /** Each customer's latest registration. */
  private readonly lastOf: Int32Array;

  constructor(readonly registrations: number) {
    this.customers = Math.floor(registrations / 5) * 3 + Math.min(3, registrations % 5);
    this.lastOf = new Int32Array(this.customers);
    for (let registration = 0; registration < registrations; registration += 1) this.lastOf[this.customerOf(registration)] = registration;
  }

  customerOf(registration: number): number {
    const newBefore = Math.floor(registration / 5) * 3;
    if (registration % 5 < 3) return newBefore + (registration % 5);
    if (newBefore === 0) return 0;
    return newBefore - 1 - ((registration * 7919) % Math.min(newBefore, 5_000));
  }

  private firstOf(customer: number): number {
    return Math.floor(customer / 3) * 5 + (customer % 3);
  }

  private at(registration: number): string {
    return new Date(START_MS + Math.floor((registration * SPAN_MS) / this.registrations)).toISOString();
  }

  private assignee(customer: number) {
    return customer % 10 === 9 ? null : STAFF[customer % STAFF.length]!;
  }

  private nameOf(customer: number): string {
    return `${SURNAMES[customer % SURNAMES.length]}${GIVEN[Math.floor(customer / SURNAMES.length) % GIVEN.length]}`;
  }

  /** A booking for one customer in ten (three days after registering), a walk-in for one in fifty. */
  private visitOf(customer: number): { visitAt: string; slotId: string | null; kind: string; status: string; checkedInAt: string | null } | null {
    const registeredAt = this.at(this.firstOf(customer));
    if (customer % 50 === 5) return { visitAt: seoulDateTime(registeredAt), slotId: null, kind: 'walkIn', status: 'checkedIn', checkedInAt: registeredAt };
    if (customer % 10 !== 2) return null;
    const day = shiftDay(seoulDateTime(registeredAt).slice(0, 10), 3);
    const time = SLOT_TIMES[Math.floor(customer / 10) % SLOT_TIMES.length]!;
    const status = day >= TODAY ? 'booked' : Math.floor(customer / 10) % 3 === 0 ? 'missed' : 'checkedIn';
    return {
      visitAt: `${day} ${time}`,
      slotId: `slot-${day}-${time}`,
      kind: customer % 30 === 2 ? 'phoneIn' : 'site',
      status,
      checkedInAt: status === 'checkedIn' ? new Date(Date.parse(`${day}T${time}:00+09:00`)).toISOString() : null,
    };
  }

  /** Each table's rows in batches of columns, every row after the rows it names. */
  *batches(): Generator<{ table: string; columns: Columns }> {
    const slots: Columns = { id: [], date: [], time: [], capacity: [], booked: [], created_at: [] };
    for (let day = 0; day <= DAYS + 4; day += 1) {
      for (const time of SLOT_TIMES) {
        const date = shiftDay(TODAY, day - DAYS + 1);
        slots.id!.push(`slot-${date}-${time}`);
        slots.date!.push(date);
        slots.time!.push(time);
        slots.capacity!.push(1_000);
        slots.booked!.push(0);
        slots.created_at!.push(new Date(START_MS).toISOString());
      }
    }
    yield { table: 'visit_slots', columns: slots };
    for (let start = 0; start < this.customers; start += BATCH) {
      const customers: Columns = {
        id: [],
        phone: [],
        name: [],
        status: [],
        assignee_email: [],
        assignee_name: [],
        marketing_consent: [],
        first_registered_at: [],
        last_registered_at: [],
        updated_at: [],
      };
      const assignments: Columns = { id: [], customer_id: [], at: [], assignee_email: [], assignee_name: [], by_email: [] };
      const calls: Columns = { id: [], customer_id: [], at: [], author_email: [], author_name: [], result: [], callback_at: [] };
      const memos: Columns = { id: [], customer_id: [], at: [], author_email: [], author_name: [], text: [] };
      for (let customer = start; customer < Math.min(this.customers, start + BATCH); customer += 1) {
        const id = `customer-${customer}`;
        const firstAt = this.at(this.firstOf(customer));
        const lastAt = this.at(this.lastOf[customer]!);
        const assignee = this.assignee(customer);
        const values = {
          id,
          phone: `010${String(20_000_000 + customer)}`,
          name: this.nameOf(customer),
          status: STATUSES[Math.floor(customer / 7) % STATUSES.length]!,
          assignee_email: assignee?.email ?? null,
          assignee_name: assignee?.name ?? null,
          marketing_consent: customer % 2,
          first_registered_at: firstAt,
          last_registered_at: lastAt,
          updated_at: lastAt,
        };
        for (const [column, value] of Object.entries(values)) customers[column]!.push(value);
        if (assignee) {
          for (const [column, value] of Object.entries({
            id: `assignment-${customer}`,
            customer_id: id,
            at: firstAt,
            assignee_email: assignee.email,
            assignee_name: assignee.name,
            by_email: null,
          }))
            assignments[column]!.push(value);
        }
        // Half are called an hour after registering (a tenth of those asked to be called back two days later), a fifth get a memo.
        if (customer % 2 === 0 && assignee) {
          const callAt = new Date(Date.parse(firstAt) + 3_600_000).toISOString();
          const callbackAt = customer % 20 === 2 ? new Date(Date.parse(firstAt) + 2 * 86_400_000).toISOString() : null;
          const row = {
            id: `call-${customer}`,
            customer_id: id,
            at: callAt,
            author_email: assignee.email,
            author_name: assignee.name,
            result: callbackAt ? '부재중' : '통화 완료',
            callback_at: callbackAt,
          };
          for (const [column, value] of Object.entries(row)) calls[column]!.push(value);
        }
        if (customer % 5 === 0 && assignee) {
          const row = {
            id: `memo-${customer}`,
            customer_id: id,
            at: new Date(Date.parse(firstAt) + 7_200_000).toISOString(),
            author_email: assignee.email,
            author_name: assignee.name,
            text: '59A 관심, 주말 방문 희망',
          };
          for (const [column, value] of Object.entries(row)) memos[column]!.push(value);
        }
      }
      yield { table: 'customers', columns: customers };
      yield { table: 'assignments', columns: assignments };
      yield { table: 'calls', columns: calls };
      yield { table: 'memos', columns: memos };
    }
    for (let start = 0; start < this.registrations; start += BATCH) {
      yield { table: 'registrations', columns: this.registrationColumns(start, Math.min(this.registrations, start + BATCH)) };
    }
    for (let start = 0; start < this.customers; start += BATCH) {
      const bookings: Columns = {
        id: [],
        customer_id: [],
        registration_id: [],
        slot_id: [],
        visit_at: [],
        kind: [],
        status: [],
        checked_in_at: [],
        created_at: [],
        created_by: [],
      };
      for (let customer = start; customer < Math.min(this.customers, start + BATCH); customer += 1) {
        const visit = this.visitOf(customer);
        if (!visit) continue;
        const row = {
          id: `booking-${customer}`,
          customer_id: `customer-${customer}`,
          registration_id: `lead-${this.firstOf(customer)}`,
          slot_id: visit.slotId,
          visit_at: visit.visitAt,
          kind: visit.kind,
          status: visit.status,
          checked_in_at: visit.checkedInAt,
          created_at: this.at(this.firstOf(customer)),
          created_by: null,
        };
        for (const [column, value] of Object.entries(row)) bookings[column]!.push(value);
      }
      yield { table: 'bookings', columns: bookings };
    }
  }

  private registrationColumns(from: number, to: number): Columns {
    const columns: Columns = {
      id: [],
      customer_id: [],
      created_at: [],
      name: [],
      form_kind: [],
      utm_source: [],
      utm_campaign: [],
      campaign_key: [],
      marketing_consent: [],
      notice_version: [],
      agreed_at: [],
    };
    for (let registration = from; registration < to; registration += 1) {
      const customer = this.customerOf(registration);
      const at = this.at(registration);
      const source = SOURCES[registration % SOURCES.length] ?? null;
      const campaign = source ? `${source === 'naver' ? 'Launch' : 'Retarget'}-${Math.floor(registration / 7) % 10}` : null;
      const row = {
        id: `lead-${registration}`,
        customer_id: `customer-${customer}`,
        created_at: at,
        name: this.nameOf(customer),
        form_kind: customer % 50 === 5 && registration === this.firstOf(customer) ? 'walkIn' : FORMS[Math.floor(registration / 3) % FORMS.length]!,
        utm_source: source,
        utm_campaign: campaign,
        campaign_key: campaign?.toLowerCase() ?? null,
        marketing_consent: customer % 2,
        notice_version: '2026-10',
        agreed_at: at,
      };
      for (const [column, value] of Object.entries(row)) columns[column]!.push(value);
    }
    return columns;
  }
}

const rowCount = (columns: Columns) => Object.values(columns)[0]!.length;

/** SQLite: prepared inserts in one transaction over a connection of its own. */
export async function loadSqlite(dataDir: string, seed: Seed): Promise<void> {
  const database = openLeadsDatabase(dataDir);
  try {
    database.exec('PRAGMA synchronous = OFF');
    database.exec('BEGIN');
    const statements = new Map<string, ReturnType<typeof database.prepare>>();
    for (const { table: name, columns } of seed.batches()) {
      const names = Object.keys(columns);
      const key = `${name}(${names.join(',')})`;
      let insert = statements.get(key);
      if (!insert) {
        insert = database.prepare(`INSERT INTO ${name} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`);
        statements.set(key, insert);
      }
      const values = names.map((column) => columns[column]!);
      for (let row = 0; row < rowCount(columns); row += 1) insert.run(...values.map((column) => column[row]!));
    }
    database.exec(
      `UPDATE visit_slots SET booked = (SELECT count(*) FROM bookings WHERE bookings.slot_id = visit_slots.id AND bookings.status IN ('booked', 'checkedIn', 'missed'))`,
    );
    database.exec('COMMIT');
    database.exec('ANALYZE');
  } finally {
    database.close();
  }
}

/** PostgreSQL: each batch one multi-row INSERT … SELECT from arrays. */
async function loadPostgres(pool: pg.Pool, seed: Seed): Promise<void> {
  const types = new Map<string, string>();
  const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  for (const row of rows) types.set(`${row.table_name}.${row.column_name}`, row.data_type === 'integer' ? 'int' : 'text');
  for (const { table: name, columns } of seed.batches()) {
    if (rowCount(columns) === 0) continue;
    const names = Object.keys(columns);
    const arrays = names.map((column, index) => `$${index + 1}::${types.get(`${name}.${column}`) ?? 'text'}[]`);
    await pool.query(
      `INSERT INTO ${name} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`,
      names.map((column) => columns[column]),
    );
  }
  await pool.query(
    `UPDATE visit_slots SET booked = (SELECT count(*) FROM bookings WHERE bookings.slot_id = visit_slots.id AND bookings.status IN ('booked', 'checkedIn', 'missed'))`,
  );
  await pool.query('VACUUM ANALYZE');
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

async function timings(runs: number, task: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await task();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const SALES = STAFF[2]!.email;
const MONTH = { from: shiftDay(TODAY, -29), to: TODAY };
const FILTER_SETS: Array<[string, LeadFilters, string | null]> = [
  ['none', {}, null],
  ['상담사 view (own + unassigned)', {}, SALES],
  ['status', { status: 'consulted' }, null],
  ['assignee', { assignee: SALES }, null],
  ['unassigned', { assignee: 'none' }, null],
  ['marketing', { marketing: true }, null],
  ['name prefix', { q: '김민' }, null],
  ['today', { from: TODAY, to: TODAY }, null],
  ['last 7 days', { from: shiftDay(TODAY, -6), to: TODAY }, null],
  ['a month ago', { from: shiftDay(TODAY, -40), to: shiftDay(TODAY, -30) }, null],
  ['form kind', { formKind: 'phoneIn' }, null],
  ['walk-ins', { formKind: 'walkIn' }, null],
  ['utm source', { utmSource: 'naver' }, null],
  ['campaign', { utmCampaign: 'LAUNCH-3' }, null],
  ['visit day', { visitDay: TODAY }, null],
  ['status + assignee + source', { status: 'new', assignee: SALES, utmSource: 'kakao' }, null],
];
const PAGE = 25;

/** Rows: [database, read, rows, p50, p95, target, within]. */
async function measure(label: string, sales: SalesDatabase, runs: number, seed: Seed): Promise<Array<Array<string | number>>> {
  const rows: Array<Array<string | number>> = [];
  const row = (read: string, count: number | string, timing: { p50: number; p95: number }, target: number) => {
    rows.push([label, read, count, ms(timing.p50), ms(timing.p95), `≤ ${target}`, timing.p95 <= target ? 'yes' : 'NO']);
    // Progress: the table comes at the end.
    console.log(`${label}: ${read}: p50 ${ms(timing.p50)} ms, p95 ${ms(timing.p95)} ms`);
  };
  for (const [name, filters, visibleTo] of FILTER_SETS) {
    const params = leadFilterParams(filters, null, visibleTo);
    const page = async (cursor: CustomerCursor | null) => Promise.all([listCustomers(sales, params, cursor, PAGE), countCustomers(sales, params)]);
    const [first, total] = await page(null);
    row(`list: ${name}, page 1 + count`, total, await timings(runs, () => page(null)), TARGETS.list);
    let cursor = nextCustomerCursor(first);
    for (let number = 2; number <= 20 && cursor; number += 1) cursor = nextCustomerCursor(await listCustomers(sales, params, cursor, PAGE));
    if (cursor) row(`list: ${name}, page 21 + count`, total, await timings(runs, () => page(cursor)), TARGETS.list);
  }
  const some = Math.floor(seed.customers * 0.37);
  const phone = `010${String(20_000_000 + some)}`;
  row(
    'caller search: whole phone',
    (await listCustomers(sales, leadFilterParams({ q: phone }), null, PAGE)).length,
    await timings(runs, () => listCustomers(sales, leadFilterParams({ q: phone }), null, PAGE)),
    TARGETS.search,
  );
  const last4 = phone.slice(-4);
  const byLast4 = () =>
    Promise.all([
      listCustomers(sales, leadFilterParams({ q: last4 }, null, SALES), null, PAGE),
      countCustomers(sales, leadFilterParams({ q: last4 }, null, SALES)),
    ]);
  row('caller search: last 4 (상담사 view) + count', (await byLast4())[1], await timings(runs, byLast4), TARGETS.search);
  const work = await todayWork(sales, SALES, TODAY);
  row(
    '오늘 할 일 (one 상담사)',
    `${work.notContacted.length}/${work.callbacks.length}/${work.visits.length}/${work.returning.length}`,
    await timings(runs, () => todayWork(sales, SALES, TODAY)),
    TARGETS.today,
  );
  const month = () =>
    Promise.all([
      registrationCount(sales, MONTH),
      registeredCustomerCount(sales, MONTH),
      newCustomerCount(sales, MONTH),
      registrationsBy(sales, MONTH, 'day'),
      registrationsBy(sales, MONTH, 'formKind'),
      registrationsBy(sales, MONTH, 'utmSource'),
      registeredCustomersBy(sales, MONTH, 'campaignKey'),
      touchesByCampaign(sales, MONTH, 'first'),
      touchesByCampaign(sales, MONTH, 'last'),
      bookingCount(sales, MONTH),
      walkInCount(sales, MONTH),
      visitMadeCount(sales, MONTH),
    ]);
  row("a month's statistics (12 numbers)", String((await month())[0]), await timings(Math.max(5, Math.floor(runs / 2)), month), TARGETS.month);
  row(
    "a month's funnel by campaign",
    (await funnelByCampaign(sales, MONTH)).length,
    await timings(Math.max(5, Math.floor(runs / 2)), () => funnelByCampaign(sales, MONTH)),
    TARGETS.month,
  );
  const statsPage = () => campaignStatsOf({ sales }).read(MONTH);
  row(
    "a month's statistics page (all tables and the funnel)",
    (await statsPage()).totals.registrations,
    await timings(Math.max(5, Math.floor(runs / 2)), statsPage),
    TARGETS.month,
  );
  return rows;
}

/** The tallies and sources counted from the loaded rows, as migrations 0009, 0011 and 0023 count an existing database's. */
export async function tallied(label: string, sales: SalesDatabase): Promise<void> {
  for (const [name, recount] of [
    ['registration tallies', recountRegistrationTallies],
    ['customer facts and tallies', recountCustomerTallies],
    ['customer sources', recountCustomerSources],
  ] as const) {
    const started = performance.now();
    await sales.db.transaction().execute((trx) => recount(trx));
    console.log(`${label}: ${name} counted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** Returns the summary lines: [measure, value, detail]. */
export async function benchCustomers(options: { registrations: number; runs: number }): Promise<Array<[string, string, string]>> {
  const seed = new Seed(options.registrations);
  const size = `${seed.registrations.toLocaleString('en')} registrations, ${seed.customers.toLocaleString('en')} customers`;
  const rows: Array<Array<string | number>> = [];
  const summary: Array<[string, string, string]> = [];
  const worst = (label: string) => {
    const own = rows.filter((row) => row[0] === label);
    const listWorst = Math.max(...own.filter((row) => String(row[1]).startsWith('list')).map((row) => Number(row[4])));
    const misses = own.filter((row) => row[6] !== 'yes').length;
    summary.push([
      `customer reads, ${size}, ${label}`,
      `${ms(listWorst)} ms`,
      `worst list p95 (target ≤ ${TARGETS.list} ms); ${misses} of ${own.length} reads over target`,
    ]);
  };
  if (process.env.BENCH_CUSTOMER_SKIP_SQLITE !== '1') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-customers-'));
    try {
      const sales = await openEmbeddedSalesDatabase(dataDir);
      try {
        const started = performance.now();
        await loadSqlite(dataDir, seed);
        console.log(`\n${size} loaded into SQLite in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await tallied('SQLite', sales);
        rows.push(...(await measure('SQLite', sales, options.runs, seed)));
        worst('SQLite');
      } finally {
        await sales.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_CUSTOMER_SKIP_POSTGRES !== '1') {
    const stateDir = mkdtempSync(path.join(tmpdir(), 'bench-customers-postgres-'));
    let server: ServerState | undefined;
    try {
      server = await startPostgres(stateDir, { durable: true });
      const { url } = server;
      await withClient(`${url}/postgres`, (client) => client.query('CREATE DATABASE bench_customers TEMPLATE cheonghak_template'));
      await migrate(`${url}/bench_customers`);
      // The site's own session settings, so that the bench reads as the site does.
      const pool = new pg.Pool({ connectionString: `${url}/bench_customers`, max: 8, options: SESSION_OPTIONS });
      try {
        const started = performance.now();
        await loadPostgres(pool, seed);
        console.log(`${size} loaded into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await tallied('PostgreSQL', salesDatabaseOnPostgres(pool));
        // The recount rewrote every customer row: vacuumed as autovacuum would after the migration (its dead rows and visibility map).
        await pool.query('VACUUM ANALYZE');
        rows.push(...(await measure('PostgreSQL', salesDatabaseOnPostgres(pool), options.runs, seed)));
        worst('PostgreSQL');
      } finally {
        await pool.end();
      }
    } finally {
      if (server) stopPostgres(server);
      rmSync(stateDir, { recursive: true, force: true });
    }
  }
  console.log(`\nCustomer reads, ${size} (p50 / p95 over ${options.runs} runs; a month's numbers over ${Math.max(5, Math.floor(options.runs / 2))})\n`);
  console.log(table(['database', 'read', 'rows', 'p50 ms', 'p95 ms', 'target ms', 'within'], rows));
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const summary = await benchCustomers({
    registrations: Number(process.env.BENCH_CUSTOMER_REGISTRATIONS ?? 1_000_000),
    runs: Number(process.env.BENCH_CUSTOMER_RUNS ?? 20),
  });
  console.log(`\n${table(['measure', 'value', 'detail'], summary)}\n\nfinished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
