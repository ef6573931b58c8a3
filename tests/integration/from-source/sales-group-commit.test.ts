/**
 * Group commit of the sales tables (web/server/database/group-commit.ts), on SQLite and PostgreSQL:
 * registrations sent together share a transaction, a refused one leaves the others stored, and a
 * commit that fails stores none of its group and tells each caller.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration } from '../../../web/server/customers/registration-types';
import { groupCommit } from '../../../web/server/database/group-commit';
import { salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { SALES_DATABASES, type TestSalesDatabase } from '../../support/sales-database';

type Database = TestSalesDatabase;
const DATABASES = SALES_DATABASES;

const consent = { marketing: false, noticeVersion: '2026-11', agreedAt: '2026-11-29T00:00:00.000Z' };
const registration = (index: number): NewRegistration => ({
  id: `lead-group-${index}`,
  name: '한고객',
  phone: `0109000${String(index).padStart(4, '0')}`,
  createdAt: `2026-11-29T01:00:${String(index % 60).padStart(2, '0')}.000Z`,
  formKind: 'popup',
  consent,
});

describe.each(Object.keys(DATABASES))('group commit on %s', (name) => {
  let database: Database;
  const count = async (table: 'registrations' | 'customers') =>
    Number(
      (
        await database.sales.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    database = await DATABASES[name]!();
    // A check made at the commit, not at the statement: the way to make a whole group's commit fail.
    await sql`CREATE TABLE group_commit_probe (id text PRIMARY KEY, parent text REFERENCES group_commit_probe (id) DEFERRABLE INITIALLY DEFERRED)`.execute(
      database.sales.db,
    );
  });
  afterAll(() => database.close());

  it('40 registrations sent at once are all stored, in fewer transactions than registrations', async () => {
    const transactions = new Set<string>();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        database.sales.inGroupCommit(async (trx) => {
          if (database.sales.dialect === 'postgres')
            transactions.add(String((await sql<{ id: string }>`SELECT txid_current() AS id`.execute(trx)).rows[0]!.id));
          return 'stored';
        }),
      ).concat(
        Array.from({ length: 40 }, (_, index) =>
          register(database.sales, registration(index), { assignee: null, today: '2026-11-29' }).then((outcome) => outcome.status),
        ),
      ),
    );
    expect(outcomes.filter((status) => status === 'created')).toHaveLength(40);
    expect(await count('registrations')).toBe(40);
    expect(await count('customers')).toBe(40);
    // PostgreSQL names its transactions: the first unit commits alone, the rest wait and share.
    if (database.sales.dialect === 'postgres') expect(transactions.size).toBeLessThanOrEqual(3);
  });

  it('a unit that throws is rolled back alone; the units of its group are stored', async () => {
    const before = await count('registrations');
    const first = register(database.sales, registration(100), { assignee: null, today: '2026-11-29' });
    const refused = database.sales.inGroupCommit(async (trx) => {
      await trx
        .insertInto('registrations')
        .values({ ...rowOf(registration(101)), customer_id: await anyCustomer(trx) })
        .execute();
      throw new Error('refused after writing');
    });
    const last = register(database.sales, registration(102), { assignee: null, today: '2026-11-29' });
    await expect(refused).rejects.toThrow('refused after writing');
    expect((await first).status).toBe('created');
    expect((await last).status).toBe('created');
    const ids = (
      await database.sales.db
        .selectFrom('registrations')
        .select('id')
        .where('id', 'in', ['lead-group-100', 'lead-group-101', 'lead-group-102'])
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    expect(ids).toEqual(['lead-group-100', 'lead-group-102']);
    expect(await count('registrations')).toBe(before + 2);
  });

  it('a commit that fails stores nothing of its group and fails every unit of it', async () => {
    const before = await count('registrations');
    // Holds the first group open until the units below are waiting, so that they share the next one.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const opener = database.sales.inGroupCommit(() => (started(), held));
    await running;
    const units = [
      register(database.sales, registration(200), { assignee: null, today: '2026-11-29' }),
      database.sales.inGroupCommit(async (trx) => {
        await sql`INSERT INTO group_commit_probe (id, parent) VALUES ('orphan', 'missing')`.execute(trx);
      }),
      register(database.sales, registration(201), { assignee: null, today: '2026-11-29' }),
    ];
    release();
    await opener;
    const settled = await Promise.allSettled(units);
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await count('registrations')).toBe(before);
    // The database is usable afterwards.
    expect((await register(database.sales, registration(202), { assignee: null, today: '2026-11-29' })).status).toBe('created');
  });

  it("a group's registrations are counted in one write per tally table, summed per key; a refused unit's count is left out", async () => {
    const writes: string[] = [];
    const counted = oneGroupAtATime(database.sales, writes);
    const { hold, release } = holdGroup(counted);
    await hold;
    const sameDay = (index: number): NewRegistration => ({ ...registration(index), createdAt: '2026-11-28T02:00:00.000Z', utm: { source: 'group-tally' } });
    const units = [
      ...Array.from({ length: 9 }, (_, index) => register(counted, sameDay(300 + index), { assignee: null, today: '2026-11-28' })),
      counted.inGroupCommit(async (trx, counters, statements) => {
        await register({ ...counted, inGroupCommit: (work) => work(trx, counters, statements) }, sameDay(399), { assignee: null, today: '2026-11-28' });
        throw new Error('refused after counting');
      }),
    ];
    await release();
    const settled = await Promise.allSettled(units);
    expect(settled.map((outcome) => outcome.status)).toEqual([...Array.from({ length: 9 }, () => 'fulfilled'), 'rejected']);
    // One group: one write to each tally table (the first run, without savepoints, counted nothing
    // it wrote, since the refused unit sent it round again).
    expect(writes.filter((table) => table.endsWith('_tallies')).sort()).toEqual(['customer_tallies', 'registration_tallies']);
    const registrations = await database.sales.db
      .selectFrom('registration_tallies')
      .select((eb) => eb.fn.sum<number | string>('registrations').as('registrations'))
      .where('utm_source', '=', 'group-tally')
      .executeTakeFirstOrThrow();
    expect(Number(registrations.registrations)).toBe(9);
    const customers = await database.sales.db
      .selectFrom('customer_tallies')
      .select((eb) => eb.fn.sum<number | string>('customers').as('customers'))
      .where('dimension', '=', 'utmSource')
      .where('value', '=', 'group-tally')
      .executeTakeFirstOrThrow();
    expect(Number(customers.customers)).toBe(9);
  });

  it("a group's own rows go in one statement per table: customers, registrations, assignments, messages and audit records", async () => {
    const writes: string[] = [];
    const counted = oneGroupAtATime(database.sales, writes);
    const { hold, release } = holdGroup(counted);
    await hold;
    const desk = {
      assignee: { email: 'lee@example.com', name: '이상담' },
      today: '2026-11-29',
      queueMessages: true,
      audit: { actor: 'desk@example.com', action: 'deskRegister' as const, ip: '127.0.0.1', detail: null },
    };
    const sent = Array.from({ length: 8 }, (_, index) => register(counted, registration(400 + index), desk));
    await release();
    const outcomes = await Promise.all(sent);
    expect(outcomes.map((outcome) => outcome.status === 'created' && !outcome.returning && outcome.assignedNow)).toEqual(Array.from({ length: 8 }, () => true));
    expect(new Set(outcomes.map((outcome) => (outcome.status === 'created' ? outcome.customerId : ''))).size).toBe(8);
    // Written one statement per registration, each table would be named eight times.
    expect(writes.sort()).toEqual(['assignments', 'audit_events', 'customer_tallies', 'customers', 'lead_messages', 'registration_tallies', 'registrations']);
    const ids = Array.from({ length: 8 }, (_, index) => `lead-group-${400 + index}`);
    const messages = await database.sales.db.selectFrom('lead_messages').select(['lead_id', 'event']).where('lead_id', 'in', ids).execute();
    expect(messages.map((row) => `${row.lead_id} ${row.event}`).sort()).toEqual(ids.flatMap((id) => [`${id} registration`, `${id} staffNewLead`]).sort());
    const customerIds = outcomes.map((outcome) => (outcome.status === 'created' ? outcome.customerId : ''));
    const audited = await database.sales.db
      .selectFrom('audit_events')
      .select('target')
      .where('action', '=', 'deskRegister')
      .where('target', 'in', customerIds)
      .execute();
    expect(audited.map((row) => row.target).sort()).toEqual([...customerIds].sort());
    const assigned = await database.sales.db.selectFrom('assignments').select('customer_id').where('customer_id', 'in', customerIds).execute();
    expect(assigned.map((row) => row.customer_id).sort()).toEqual([...customerIds].sort());
  });

  it('in one group, a phone registering twice is one customer joined by its second registration, and a retried form is a duplicate', async () => {
    const samePhone = (index: number): NewRegistration => ({ ...registration(index), phone: '01090009999' });
    const assignee = { email: 'kim@example.com', name: '김상담' };
    const sales = oneGroupAtATime(database.sales);
    const first = holdGroup(sales);
    await first.hold;
    const sent = [
      register(sales, samePhone(500), { assignee, today: '2026-11-29' }),
      register(sales, registration(501), { assignee: null, today: '2026-11-29' }),
      register(sales, samePhone(502), { assignee: null, today: '2026-11-29' }),
    ];
    await first.release();
    const [created, other, joined] = await Promise.all(sent);
    expect(created).toMatchObject({ status: 'created', returning: false, assignee, assignedNow: true });
    expect(other).toMatchObject({ status: 'created', returning: false });
    expect(joined).toMatchObject({
      status: 'created',
      returning: true,
      assignee,
      assignedNow: false,
      customerId: created.status === 'created' ? created.customerId : '',
    });
    const second = holdGroup(sales);
    await second.hold;
    const retried = [
      register(sales, samePhone(500), { assignee: null, today: '2026-11-29' }),
      register(sales, registration(503), { assignee: null, today: '2026-11-29' }),
    ];
    await second.release();
    expect((await Promise.all(retried)).map((outcome) => outcome.status)).toEqual(['duplicate', 'created']);
    const ofPhone = await database.sales.db
      .selectFrom('registrations')
      .innerJoin('customers', 'customers.id', 'registrations.customer_id')
      .select('registrations.id')
      .where('customers.phone', '=', '01090009999')
      .orderBy('registrations.id')
      .execute();
    expect(ofPhone.map((row) => row.id)).toEqual(['lead-group-500', 'lead-group-502']);
  });
});

describe('group commit on PostgreSQL, two groups at once', () => {
  let pool: pg.Pool;
  let sales: SalesDatabase;
  beforeAll(async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    // Six connections: two groups commit at once.
    pool = new pg.Pool({ connectionString: url, max: 6 });
    sales = salesDatabaseOnPostgres(pool);
    await pool.query(`CREATE TABLE deadlock_probe (id text PRIMARY KEY, n integer NOT NULL); INSERT INTO deadlock_probe VALUES ('x', 0), ('y', 0)`);
  });
  afterAll(() => pool.end());

  it('a group PostgreSQL ends to break a deadlock is run again, and both groups are stored', async () => {
    const gate = () => {
      let open!: () => void;
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const xTaken = gate();
    const yTaken = gate();
    const runs = { first: 0, second: 0 };
    const bump = (trx: Parameters<Parameters<SalesDatabase['inGroupCommit']>[0]>[0], id: string) =>
      sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${id}`.execute(trx);
    // Each takes one row, then waits for the other's: one of the two is ended as a deadlock.
    const first = sales.inGroupCommit(async (trx) => {
      runs.first += 1;
      await bump(trx, 'x');
      xTaken.open();
      await yTaken.opened;
      await bump(trx, 'y');
      return 'first';
    });
    // Sent once the first group runs: it starts a group of its own.
    await xTaken.opened;
    const second = sales.inGroupCommit(async (trx) => {
      runs.second += 1;
      await bump(trx, 'y');
      yTaken.open();
      await xTaken.opened;
      await bump(trx, 'x');
      return 'second';
    });
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(runs.first + runs.second).toBe(3);
    const { rows } = await pool.query<{ id: string; n: number }>('SELECT id, n FROM deadlock_probe ORDER BY id');
    expect(rows).toEqual([
      { id: 'x', n: 2 },
      { id: 'y', n: 2 },
    ]);
  });
});

/** `sales` with a group commit of its own, one group at a time, that notes in `writes` the table of every insert it makes. */
function oneGroupAtATime(sales: SalesDatabase, writes: string[] = []): SalesDatabase {
  const db = sales.db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'InsertQueryNode' && node.into) writes.push(node.into.table.identifier.name);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { ...sales, db, inGroupCommit: groupCommit(db, { concurrency: 1, shards: 1 }) };
}

/**
 * Holds a group open (`hold` resolves once it runs): what is sent meanwhile waits and forms the
 * next group, which `release` lets commit once the units have been sent.
 */
function holdGroup(sales: SalesDatabase): { hold: Promise<void>; release: () => Promise<void> } {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  let started!: () => void;
  const hold = new Promise<void>((resolve) => (started = resolve));
  const opener = sales.inGroupCommit(() => (started(), held));
  return { hold, release: () => (open(), opener) };
}

async function anyCustomer(trx: Parameters<Parameters<SalesDatabase['inGroupCommit']>[0]>[0]): Promise<string> {
  return (await trx.selectFrom('customers').select('id').limit(1).executeTakeFirstOrThrow()).id;
}

function rowOf(form: NewRegistration) {
  return {
    id: form.id,
    created_at: form.createdAt,
    name: form.name,
    form_kind: form.formKind,
    message: null,
    source_page: null,
    landing_page: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    campaign_key: null,
    marketing_consent: 0,
    notice_version: form.consent.noticeVersion,
    agreed_at: form.consent.agreedAt,
    requested_slot_id: null,
  };
}
