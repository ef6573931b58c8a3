/**
 * `npm run bench:query-layer` — the typed query layer for the sales data, measured: hand-written
 * SQL through the driver (the floor), Kysely and Drizzle, each on SQLite (a temp file, WAL) and on
 * a PostgreSQL this script starts, over the same tables and the same seeded customers:
 *
 * 1. lead POST: one transaction that upserts the customer by phone (UNIQUE; on conflict the last
 *    touch moves) and adds the registration. One at a time, interleaved rounds, the best round's
 *    ops/s counts. A quarter of the phones are already customers (the conflict path).
 * 2. console list: page 1 and page 21 (25 rows, OFFSET, as page links ask) of the customers with
 *    one status and one 담당자, newest touch first, each row with its registration count, plus the
 *    count of the filtered set. p50 / p95 ms of the two statements together, the three layers
 *    taking turns query by query.
 *
 * SQLite is the engine the server opens on this Node (web/server/sqlite.ts): better-sqlite3 on
 * Node 20, node:sqlite on Node 24. Drizzle ships no node:sqlite driver, so there it runs through
 * its sqlite-proxy driver over an adapter of ours.
 *
 * On SQLite both libraries also run the lead POST over a connection that keeps each statement
 * prepared, as the floor does, to show whether preparing is what they cost there.
 *
 * Environment (optional): BENCH_QL_CUSTOMERS=60000 seeded customers, BENCH_QL_LEADS=400 lead
 * POSTs per round, BENCH_QL_ROUNDS=5, BENCH_QL_QUERIES=200 pages of each kind,
 * BENCH_QL_DURABLE=1 (SQLite synchronous=FULL and PostgreSQL fsync on, as production runs; 0 shows
 * the layers' own cost without the disk).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { and, desc, eq, sql as drizzleSql } from 'drizzle-orm';
import { drizzle as drizzleBetterSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { bigint, index as pgIndex, pgTable, text as pgText, timestamp } from 'drizzle-orm/pg-core';
import { drizzle as drizzleSqliteProxy } from 'drizzle-orm/sqlite-proxy';
import { index as sqliteIndex, integer, sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import { Kysely, PostgresDialect, SqliteDialect, type ColumnType, type Generated, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import { startServer as startPostgres, stopServer as stopPostgres, withClient, type ServerState } from '../support/postgres-server';
import { percentile, table } from './report';

const CUSTOMERS = Number(process.env.BENCH_QL_CUSTOMERS ?? 60_000);
const LEADS = Number(process.env.BENCH_QL_LEADS ?? 400);
const ROUNDS = Number(process.env.BENCH_QL_ROUNDS ?? 5);
const QUERIES = Number(process.env.BENCH_QL_QUERIES ?? 200);
const DURABLE = process.env.BENCH_QL_DURABLE !== '0';
const PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// The workload, independent of the layer

type Lead = {
  phone: string;
  name: string;
  formKind: string;
  message: string;
  landingPage: string;
  utmSource: string | null;
  utmCampaign: string | null;
  consentVersion: string;
  at: string;
};
type ListFilter = { status: string; assignee: string; offset: number };
type Layer = { lead(lead: Lead): Promise<unknown>; page(filter: ListFilter): Promise<{ rows: unknown[]; total: number }> };

const STATUSES = ['new', 'new', 'contacted', 'contacted', 'visited', 'contracted', 'dropped'];
const ASSIGNEES = [null, '김상담', '이상담', '정상담', '박상담'];
const START = Date.parse('2026-03-01T00:00:00Z');

const seededPhone = (index: number) => `0101${String(index).padStart(7, '0')}`;

function seedCustomers() {
  return Array.from({ length: CUSTOMERS }, (_, index) => ({
    phone: seededPhone(index),
    name: `고객${index}`,
    assignee: ASSIGNEES[(index * 17) % ASSIGNEES.length],
    status: STATUSES[(index * 31) % STATUSES.length],
    first_touch_at: new Date(START + index * 60_000).toISOString(),
    // Touches out of insertion order, so the index (not the id) gives the list its order.
    last_touch_at: new Date(START + ((index * 7919) % CUSTOMERS) * 60_000 + 3_600_000).toISOString(),
  }));
}

/** One registration each, a second for every third customer; ids follow insertion from 1. */
function seedRegistrations() {
  const registrations = [];
  for (let index = 0; index < CUSTOMERS; index++) {
    for (let copy = 0; copy < (index % 3 === 0 ? 2 : 1); copy++) {
      registrations.push({
        customer_id: index + 1,
        form_kind: copy === 0 ? 'interest' : 'visit',
        message: '84㎡ 타입 상담 희망합니다',
        landing_page: '/',
        utm_source: index % 2 === 0 ? 'naver' : null,
        utm_campaign: index % 2 === 0 ? 'launch' : null,
        consent_version: '2026-03',
        created_at: new Date(START + index * 60_000 + copy * 86_400_000).toISOString(),
      });
    }
  }
  return registrations;
}

let leadSequence = 0;
/** Distinct new phones, every fourth one a seeded customer's (the upsert's update path). */
function nextLead(): Lead {
  const sequence = leadSequence++;
  const phone = sequence % 4 === 3 ? seededPhone((sequence * 7919) % CUSTOMERS) : `0102${String(sequence).padStart(7, '0')}`;
  return {
    phone,
    name: `신규${sequence}`,
    formKind: 'interest',
    message: '분양가 문의',
    landingPage: '/lp/launch',
    utmSource: 'kakao',
    utmCampaign: 'retarget',
    consentVersion: '2026-03',
    at: new Date(START + 90 * 86_400_000 + sequence * 1000).toISOString(),
  };
}

const FILTERS = STATUSES.slice(0, 4)
  .filter((status, position, all) => all.indexOf(status) === position)
  .flatMap((status) => ASSIGNEES.filter((assignee) => assignee !== null).map((assignee) => ({ status, assignee })));

// ---------------------------------------------------------------------------------------------
// The tables, as the bench creates them (the same columns and indexes on both databases)

function schemaSql(dialect: 'sqlite' | 'postgres'): string {
  const id = dialect === 'sqlite' ? 'integer PRIMARY KEY' : 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY';
  const time = dialect === 'sqlite' ? 'text' : 'timestamptz';
  return `
    CREATE TABLE customers (
      id ${id},
      phone text NOT NULL UNIQUE,
      name text NOT NULL,
      assignee text,
      status text NOT NULL DEFAULT 'new',
      first_touch_at ${time} NOT NULL,
      last_touch_at ${time} NOT NULL
    );
    CREATE TABLE registrations (
      id ${id},
      customer_id ${dialect === 'sqlite' ? 'integer' : 'bigint'} NOT NULL REFERENCES customers (id),
      form_kind text NOT NULL,
      message text NOT NULL,
      landing_page text NOT NULL,
      utm_source text,
      utm_campaign text,
      consent_version text NOT NULL,
      created_at ${time} NOT NULL
    );
    CREATE INDEX customers_status_touch ON customers (status, last_touch_at DESC, id DESC);
    CREATE INDEX customers_assignee_touch ON customers (assignee, last_touch_at DESC, id DESC);
    CREATE INDEX registrations_customer ON registrations (customer_id);`;
}

const LIST_SQL = `
  SELECT c.id, c.phone, c.name, c.assignee, c.status, c.last_touch_at,
         (SELECT count(*) FROM registrations r WHERE r.customer_id = c.id) AS registrations
    FROM customers c
   WHERE c.status = $status AND c.assignee = $assignee
   ORDER BY c.last_touch_at DESC, c.id DESC
   LIMIT ${PAGE_SIZE} OFFSET $offset`;
const COUNT_SQL = 'SELECT count(*) AS total FROM customers WHERE status = $status AND assignee = $assignee';
const UPSERT_SQL = `
  INSERT INTO customers (phone, name, first_touch_at, last_touch_at) VALUES ($phone, $name, $at, $at)
  ON CONFLICT (phone) DO UPDATE SET last_touch_at = excluded.last_touch_at
  RETURNING id`;
const REGISTRATION_SQL = `
  INSERT INTO registrations (customer_id, form_kind, message, landing_page, utm_source, utm_campaign, consent_version, created_at)
  VALUES ($customer, $formKind, $message, $landingPage, $utmSource, $utmCampaign, $consentVersion, $at)`;

/** The statements above with PostgreSQL's numbered placeholders, in the order `names` gives. */
function numbered(statement: string, names: string[]): string {
  return statement.replace(/\$(\w+)/g, (_, name: string) => `$${names.indexOf(name) + 1}`);
}

// ---------------------------------------------------------------------------------------------
// Kysely: one interface for both databases, and one set of queries

type Timestamp = ColumnType<string | Date, string, string>;
interface SalesDatabase {
  customers: {
    id: Generated<number>;
    phone: string;
    name: string;
    assignee: string | null;
    status: Generated<string>;
    first_touch_at: Timestamp;
    last_touch_at: Timestamp;
  };
  registrations: {
    id: Generated<number>;
    customer_id: number;
    form_kind: string;
    message: string;
    landing_page: string;
    utm_source: string | null;
    utm_campaign: string | null;
    consent_version: string;
    created_at: Timestamp;
  };
}

function kyselyLayer(db: Kysely<SalesDatabase>): Layer {
  return {
    lead: (lead) =>
      db.transaction().execute(async (trx) => {
        const customer = await trx
          .insertInto('customers')
          .values({ phone: lead.phone, name: lead.name, first_touch_at: lead.at, last_touch_at: lead.at })
          .onConflict((conflict) => conflict.column('phone').doUpdateSet((eb) => ({ last_touch_at: eb.ref('excluded.last_touch_at') })))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('registrations')
          .values({
            customer_id: customer.id,
            form_kind: lead.formKind,
            message: lead.message,
            landing_page: lead.landingPage,
            utm_source: lead.utmSource,
            utm_campaign: lead.utmCampaign,
            consent_version: lead.consentVersion,
            created_at: lead.at,
          })
          .execute();
      }),
    page: async ({ status, assignee, offset }) => {
      const rows = await db
        .selectFrom('customers as c')
        .select(['c.id', 'c.phone', 'c.name', 'c.assignee', 'c.status', 'c.last_touch_at'])
        .select((eb) => eb.selectFrom('registrations as r').select(eb.fn.countAll().as('n')).whereRef('r.customer_id', '=', 'c.id').as('registrations'))
        .where('c.status', '=', status)
        .where('c.assignee', '=', assignee)
        .orderBy('c.last_touch_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(PAGE_SIZE)
        .offset(offset)
        .execute();
      const { total } = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('status', '=', status)
        .where('assignee', '=', assignee)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Drizzle: a table definition per database, and the queries per database's driver

const sqliteCustomers = sqliteTable(
  'customers',
  {
    id: integer().primaryKey(),
    phone: sqliteText().notNull().unique(),
    name: sqliteText().notNull(),
    assignee: sqliteText(),
    status: sqliteText().notNull().default('new'),
    firstTouchAt: sqliteText('first_touch_at').notNull(),
    lastTouchAt: sqliteText('last_touch_at').notNull(),
  },
  // sqlite-core's columns have no .desc(): the order is written as SQL.
  (t) => [
    sqliteIndex('customers_status_touch').on(t.status, drizzleSql`${t.lastTouchAt} desc`, drizzleSql`${t.id} desc`),
    sqliteIndex('customers_assignee_touch').on(t.assignee, drizzleSql`${t.lastTouchAt} desc`, drizzleSql`${t.id} desc`),
  ],
);
const sqliteRegistrations = sqliteTable('registrations', {
  id: integer().primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => sqliteCustomers.id),
  formKind: sqliteText('form_kind').notNull(),
  message: sqliteText().notNull(),
  landingPage: sqliteText('landing_page').notNull(),
  utmSource: sqliteText('utm_source'),
  utmCampaign: sqliteText('utm_campaign'),
  consentVersion: sqliteText('consent_version').notNull(),
  createdAt: sqliteText('created_at').notNull(),
});

const pgCustomers = pgTable(
  'customers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: pgText().notNull().unique(),
    name: pgText().notNull(),
    assignee: pgText(),
    status: pgText().notNull().default('new'),
    firstTouchAt: timestamp('first_touch_at', { withTimezone: true, mode: 'string' }).notNull(),
    lastTouchAt: timestamp('last_touch_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    pgIndex('customers_status_touch').on(t.status, t.lastTouchAt.desc(), t.id.desc()),
    pgIndex('customers_assignee_touch').on(t.assignee, t.lastTouchAt.desc(), t.id.desc()),
  ],
);
const pgRegistrations = pgTable('registrations', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customerId: bigint('customer_id', { mode: 'number' })
    .notNull()
    .references(() => pgCustomers.id),
  formKind: pgText('form_kind').notNull(),
  message: pgText().notNull(),
  landingPage: pgText('landing_page').notNull(),
  utmSource: pgText('utm_source'),
  utmCampaign: pgText('utm_campaign'),
  consentVersion: pgText('consent_version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
});

const registrationValues = (customerId: number, lead: Lead) => ({
  customerId,
  formKind: lead.formKind,
  message: lead.message,
  landingPage: lead.landingPage,
  utmSource: lead.utmSource,
  utmCampaign: lead.utmCampaign,
  consentVersion: lead.consentVersion,
  createdAt: lead.at,
});

/** better-sqlite3's driver is synchronous: its transactions take a function that returns no promise. */
function drizzleBetterSqliteLayer(database: BetterSqlite3.Database): Layer {
  const db = drizzleBetterSqlite({ client: database });
  const [customers, registrations] = [sqliteCustomers, sqliteRegistrations];
  return {
    lead: async (lead) =>
      db.transaction(
        (tx) => {
          const customer = tx
            .insert(customers)
            .values({ phone: lead.phone, name: lead.name, firstTouchAt: lead.at, lastTouchAt: lead.at })
            .onConflictDoUpdate({ target: customers.phone, set: { lastTouchAt: drizzleSql`excluded.last_touch_at` } })
            .returning({ id: customers.id })
            .get();
          tx.insert(registrations).values(registrationValues(customer.id, lead)).run();
        },
        { behavior: 'immediate' },
      ),
    page: async ({ status, assignee, offset }) => {
      const filter = and(eq(customers.status, status), eq(customers.assignee, assignee));
      const rows = db
        .select({
          id: customers.id,
          phone: customers.phone,
          name: customers.name,
          assignee: customers.assignee,
          status: customers.status,
          lastTouchAt: customers.lastTouchAt,
          registrations: db.$count(registrations, eq(registrations.customerId, customers.id)),
        })
        .from(customers)
        .where(filter)
        .orderBy(desc(customers.lastTouchAt), desc(customers.id))
        .limit(PAGE_SIZE)
        .offset(offset)
        .all();
      return { rows, total: await db.$count(customers, filter) };
    },
  };
}

/** node:sqlite through Drizzle's sqlite-proxy: an async callback that gets SQL and answers rows as arrays. */
function drizzleNodeSqliteLayer(database: NodeSqliteDatabase): Layer {
  const db = drizzleSqliteProxy(async (query, params, method) => {
    const statement = database.prepare(query);
    if (method === 'run') {
      statement.run(...params);
      return { rows: [] };
    }
    statement.setReturnArrays(true);
    return { rows: method === 'get' ? ((statement.get(...params) as unknown[] | undefined) ?? []) : statement.all(...params) };
  });
  const [customers, registrations] = [sqliteCustomers, sqliteRegistrations];
  return {
    lead: (lead) =>
      db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({ phone: lead.phone, name: lead.name, firstTouchAt: lead.at, lastTouchAt: lead.at })
          .onConflictDoUpdate({ target: customers.phone, set: { lastTouchAt: drizzleSql`excluded.last_touch_at` } })
          .returning({ id: customers.id });
        await tx.insert(registrations).values(registrationValues(customer.id, lead));
      }),
    page: async ({ status, assignee, offset }) => {
      const filter = and(eq(customers.status, status), eq(customers.assignee, assignee));
      const rows = await db
        .select({
          id: customers.id,
          phone: customers.phone,
          name: customers.name,
          assignee: customers.assignee,
          status: customers.status,
          lastTouchAt: customers.lastTouchAt,
          registrations: db.$count(registrations, eq(registrations.customerId, customers.id)),
        })
        .from(customers)
        .where(filter)
        .orderBy(desc(customers.lastTouchAt), desc(customers.id))
        .limit(PAGE_SIZE)
        .offset(offset);
      return { rows, total: await db.$count(customers, filter) };
    },
  };
}

function drizzlePostgresLayer(pool: pg.Pool): Layer {
  const db = drizzlePostgres({ client: pool });
  const [customers, registrations] = [pgCustomers, pgRegistrations];
  return {
    lead: (lead) =>
      db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({ phone: lead.phone, name: lead.name, firstTouchAt: lead.at, lastTouchAt: lead.at })
          .onConflictDoUpdate({ target: customers.phone, set: { lastTouchAt: drizzleSql`excluded.last_touch_at` } })
          .returning({ id: customers.id });
        await tx.insert(registrations).values(registrationValues(customer.id, lead));
      }),
    page: async ({ status, assignee, offset }) => {
      const filter = and(eq(customers.status, status), eq(customers.assignee, assignee));
      const rows = await db
        .select({
          id: customers.id,
          phone: customers.phone,
          name: customers.name,
          assignee: customers.assignee,
          status: customers.status,
          lastTouchAt: customers.lastTouchAt,
          registrations: db.$count(registrations, eq(registrations.customerId, customers.id)),
        })
        .from(customers)
        .where(filter)
        .orderBy(desc(customers.lastTouchAt), desc(customers.id))
        .limit(PAGE_SIZE)
        .offset(offset);
      return { rows, total: await db.$count(customers, filter) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SQLite: the engine this Node opens, hand-written SQL on it, and Kysely's adapter for node:sqlite

type SqliteParam = string | number | null;
type RawStatement = { run(...params: SqliteParam[]): unknown; get(...params: SqliteParam[]): unknown; all(...params: SqliteParam[]): unknown[] };
/** What better-sqlite3 and node:sqlite connections share, and all the floor uses. */
type RawSqlite = { exec(sql: string): unknown; prepare(sql: string): RawStatement; close(): unknown };
type NodeSqliteStatement = RawStatement & {
  columns(): unknown[];
  iterate(...params: SqliteParam[]): IterableIterator<unknown>;
  setReturnArrays(enabled: boolean): void;
};
/** The part of `node:sqlite` used here (@types/node 20 does not describe it). */
type NodeSqliteDatabase = { exec(sql: string): void; prepare(sql: string): NodeSqliteStatement; close(): void };
type NodeSqliteModule = { DatabaseSync: new (file: string) => NodeSqliteDatabase };

/** Kysely's SqliteDialect over node:sqlite: statements take the parameters spread, and say themselves whether they return rows. */
function kyselyNodeSqlite(database: NodeSqliteDatabase): KyselySqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (params) => statement.all(...(params as SqliteParam[])),
        run: (params) => statement.run(...(params as SqliteParam[])) as { changes: number; lastInsertRowid: number },
        iterate: (params) => statement.iterate(...(params as SqliteParam[])),
      };
    },
  };
}

/** The floor on SQLite: prepared once, run as the stores run them (BEGIN IMMEDIATE … COMMIT). */
function rawSqliteLayer(database: RawSqlite): Layer {
  const sqlite = (statement: string) => database.prepare(statement.replace(/\$\w+/g, '?'));
  const upsert = sqlite(UPSERT_SQL);
  const register = sqlite(REGISTRATION_SQL);
  const list = sqlite(LIST_SQL);
  const count = sqlite(COUNT_SQL);
  return {
    lead: async (lead) => {
      database.exec('BEGIN IMMEDIATE');
      try {
        const { id } = upsert.get(lead.phone, lead.name, lead.at, lead.at) as { id: number };
        register.run(id, lead.formKind, lead.message, lead.landingPage, lead.utmSource, lead.utmCampaign, lead.consentVersion, lead.at);
        database.exec('COMMIT');
      } catch (error) {
        database.exec('ROLLBACK');
        throw error;
      }
    },
    page: async ({ status, assignee, offset }) => ({
      rows: list.all(status, assignee, offset),
      total: (count.get(status, assignee) as { total: number }).total,
    }),
  };
}

/**
 * The connection with each SQL text prepared once, as the floor does: the libraries prepare every
 * query again, which is most of their cost on SQLite. (The server would bound the cache, and not
 * share a statement a query is still iterating.)
 */
function keepingStatements<Connection extends { prepare(sql: string): unknown }>(database: Connection): Connection {
  const statements = new Map<string, unknown>();
  const prepare = (sql: string) => {
    if (!statements.has(sql)) statements.set(sql, database.prepare(sql));
    return statements.get(sql);
  };
  return new Proxy(database, {
    get: (target, property) => {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property);
      // The native connections' methods must run on the connection itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type SqliteLayers = { engine: string; raw: RawSqlite; kysely(keep: boolean): Layer; drizzle(keep: boolean): Layer };

function openSqlite(file: string): SqliteLayers {
  let builtin: NodeSqliteModule | undefined;
  try {
    builtin = process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined;
  } catch {
    // Node 22.5–22.12 keeps it behind --experimental-sqlite: better-sqlite3 as the server does.
  }
  const kyselyOn = (database: KyselySqliteDatabase) => kyselyLayer(new Kysely<SalesDatabase>({ dialect: new SqliteDialect({ database }) }));
  if (builtin) {
    const database = new builtin.DatabaseSync(file);
    const connection = (keep: boolean) => (keep ? keepingStatements(database) : database);
    return {
      engine: 'node:sqlite',
      raw: database,
      kysely: (keep) => kyselyOn(kyselyNodeSqlite(connection(keep))),
      drizzle: (keep) => drizzleNodeSqliteLayer(connection(keep)),
    };
  }
  const database = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(file);
  const connection = (keep: boolean) => (keep ? keepingStatements(database) : database);
  return {
    engine: 'better-sqlite3',
    raw: { exec: (sql: string) => database.exec(sql), prepare: (sql: string) => database.prepare<SqliteParam[]>(sql), close: () => database.close() },
    kysely: (keep) => kyselyOn(connection(keep)),
    drizzle: (keep) => drizzleBetterSqliteLayer(connection(keep)),
  };
}

async function sqliteLayers(dir: string): Promise<{ engine: string; layers: Record<string, Layer>; leadOnly: Record<string, Layer>; close(): void }> {
  const { engine, raw, kysely, drizzle } = openSqlite(path.join(dir, 'sales.sqlite'));
  raw.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${DURABLE ? 'FULL' : 'OFF'}; PRAGMA foreign_keys = ON;`);
  raw.exec(schemaSql('sqlite'));
  // Seeded in one transaction through JSON, two statements for all the rows.
  raw.exec('BEGIN');
  raw
    .prepare(
      `INSERT INTO customers (phone, name, assignee, status, first_touch_at, last_touch_at)
       SELECT value->>'phone', value->>'name', value->>'assignee', value->>'status', value->>'first_touch_at', value->>'last_touch_at' FROM json_each(?)`,
    )
    .run(JSON.stringify(seedCustomers()));
  raw
    .prepare(
      `INSERT INTO registrations (customer_id, form_kind, message, landing_page, utm_source, utm_campaign, consent_version, created_at)
       SELECT value->>'customer_id', value->>'form_kind', value->>'message', value->>'landing_page', value->>'utm_source', value->>'utm_campaign', value->>'consent_version', value->>'created_at' FROM json_each(?)`,
    )
    .run(JSON.stringify(seedRegistrations()));
  raw.exec('COMMIT; ANALYZE');
  return {
    engine,
    layers: {
      SQL: rawSqliteLayer(raw),
      Kysely: kysely(false),
      Drizzle: drizzle(false),
    },
    // The pages prepare the same statements either way: kept statements only matter to the lead POST.
    leadOnly: { 'Kysely, statements kept': kysely(true), 'Drizzle, statements kept': drizzle(true) },
    close: () => raw.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The floor on PostgreSQL: one client per transaction from the pool, as the server's stores do. */
function rawPostgresLayer(pool: pg.Pool): Layer {
  const upsert = numbered(UPSERT_SQL, ['phone', 'name', 'at']);
  const register = numbered(REGISTRATION_SQL, ['customer', 'formKind', 'message', 'landingPage', 'utmSource', 'utmCampaign', 'consentVersion', 'at']);
  const list = numbered(LIST_SQL, ['status', 'assignee', 'offset']);
  const count = numbered(COUNT_SQL, ['status', 'assignee']);
  return {
    lead: async (lead) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ id: number }>(upsert, [lead.phone, lead.name, lead.at]);
        await client.query(register, [
          rows[0].id,
          lead.formKind,
          lead.message,
          lead.landingPage,
          lead.utmSource,
          lead.utmCampaign,
          lead.consentVersion,
          lead.at,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    page: async ({ status, assignee, offset }) => {
      const rows = await pool.query(list, [status, assignee, offset]);
      const counted = await pool.query<{ total: string }>(count, [status, assignee]);
      return { rows: rows.rows, total: Number(counted.rows[0].total) };
    },
  };
}

async function postgresLayers(stateDir: string): Promise<{ server: ServerState; layers: Record<string, Layer>; close(): Promise<void> }> {
  const server = await startPostgres(stateDir, { durable: DURABLE });
  const { url } = server;
  await withClient(`${url}/postgres`, (client) => client.query('CREATE DATABASE bench_query_layer'));
  const pool = new pg.Pool({
    connectionString: `${url}/bench_query_layer`,
    max: 4,
    // bigint ids as numbers (the bench's ids stay far below 2^53), as all three layers expect.
    types: { getTypeParser: (oid, format) => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
  });
  await pool.query(schemaSql('postgres'));
  await pool.query(
    `INSERT INTO customers (phone, name, assignee, status, first_touch_at, last_touch_at)
     SELECT phone, name, assignee, status, first_touch_at, last_touch_at
       FROM json_to_recordset($1::json) AS x(phone text, name text, assignee text, status text, first_touch_at timestamptz, last_touch_at timestamptz)`,
    [JSON.stringify(seedCustomers())],
  );
  await pool.query(
    `INSERT INTO registrations (customer_id, form_kind, message, landing_page, utm_source, utm_campaign, consent_version, created_at)
     SELECT * FROM json_to_recordset($1::json)
       AS x(customer_id bigint, form_kind text, message text, landing_page text, utm_source text, utm_campaign text, consent_version text, created_at timestamptz)`,
    [JSON.stringify(seedRegistrations())],
  );
  await pool.query('VACUUM ANALYZE');
  const kysely = new Kysely<SalesDatabase>({ dialect: new PostgresDialect({ pool }) });
  return {
    server,
    layers: { SQL: rawPostgresLayer(pool), Kysely: kyselyLayer(kysely), Drizzle: drizzlePostgresLayer(pool) },
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Best lead POSTs per second of each layer over the rounds, the layers taking turns each round. */
async function leadThroughput(layers: Record<string, Layer>): Promise<Map<string, number>> {
  const best = new Map(Object.keys(layers).map((name) => [name, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, layer] of Object.entries(layers)) {
      const start = performance.now();
      for (let op = 0; op < LEADS; op++) await layer.lead(nextLead());
      best.set(name, Math.max(best.get(name)!, LEADS / ((performance.now() - start) / 1000)));
    }
  }
  return best;
}

/** Latencies (ms, sorted) of each layer's page at `offset`, the layers taking turns query by query. */
async function pageLatencies(layers: Record<string, Layer>, offset: number): Promise<Map<string, number[]>> {
  const latencies = new Map(Object.keys(layers).map((name) => [name, [] as number[]]));
  const warmUp = 10;
  for (let query = 0; query < QUERIES + warmUp; query++) {
    const filter = { ...FILTERS[query % FILTERS.length], offset };
    const answers: Array<{ rows: unknown[]; total: number }> = [];
    for (const [name, layer] of Object.entries(layers)) {
      const start = performance.now();
      answers.push(await layer.page(filter));
      if (query >= warmUp) latencies.get(name)!.push(performance.now() - start);
    }
    // The layers must answer the same page, or the comparison means nothing.
    if (answers.some((answer) => answer.rows.length !== PAGE_SIZE || answer.total !== answers[0].total)) {
      throw new Error(`layers disagree on ${JSON.stringify(filter)}: ${answers.map((answer) => `${answer.rows.length}/${answer.total}`).join(', ')}`);
    }
  }
  for (const list of latencies.values()) list.sort((a, b) => a - b);
  return latencies;
}

async function measure(database: string, layers: Record<string, Layer>, leadOnly: Record<string, Layer> = {}): Promise<Array<Array<string | number>>> {
  const leads = await leadThroughput({ ...layers, ...leadOnly });
  const first = await pageLatencies(layers, 0);
  const page21 = await pageLatencies(layers, 20 * PAGE_SIZE);
  const floor = leads.get('SQL')!;
  const ms = (sorted: number[] | undefined, p: number) => (sorted ? percentile(sorted, p).toFixed(2) : '–');
  return [...leads.keys()].map((name) => [
    database,
    name,
    leads.get(name)!.toFixed(0),
    `${((leads.get(name)! / floor) * 100).toFixed(0)} %`,
    `${ms(first.get(name), 50)} / ${ms(first.get(name), 95)}`,
    `${ms(page21.get(name), 50)} / ${ms(page21.get(name), 95)}`,
  ]);
}

const dir = mkdtempSync(path.join(tmpdir(), 'cheonghak-bench-query-layer-'));
// Its own directory: the server runs as the postgres user, who must own it.
const postgresDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-bench-postgres-'));
const rows: Array<Array<string | number>> = [];
let sqliteEngine = '';
let postgres: ServerState | undefined;
try {
  const sqlite = await sqliteLayers(dir);
  sqliteEngine = sqlite.engine;
  rows.push(...(await measure(`SQLite (${sqlite.engine})`, sqlite.layers, sqlite.leadOnly)));
  sqlite.close();

  const pgSide = await postgresLayers(postgresDir);
  postgres = pgSide.server;
  rows.push(...(await measure('PostgreSQL', pgSide.layers)));
  await pgSide.close();
} finally {
  if (postgres) stopPostgres(postgres);
  for (const created of [dir, postgresDir]) rmSync(created, { recursive: true, force: true });
}

console.log(
  `\nQuery layers on ${CUSTOMERS} customers (Node ${process.versions.node}, SQLite ${sqliteEngine}, ${DURABLE ? 'durable: SQLite synchronous=FULL, PostgreSQL fsync on' : 'not durable: SQLite synchronous=OFF, PostgreSQL fsync off'}); ` +
    `lead POST: best of ${ROUNDS} rounds of ${LEADS}; pages: ${QUERIES} each (list + count)\n`,
);
console.log(table(['database', 'layer', 'lead POST/s', 'of SQL', 'page 1 p50 / p95 ms', 'page 21 p50 / p95 ms'], rows));
