/**
 * The customer tables on PostgreSQL with two instances on one database (each its own pool): a slot
 * is never overbooked across them, one customer holds one coming visit however many bookings of
 * theirs arrive at once, and the shared rate limits keep no phone number.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { postgresLimiters } from '../../../web/server/http/rate-limit';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { nextPhone, startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

const BOOKINGS = 24;
const CAPACITY = 6;

let url: string;
const pools: pg.Pool[] = [];
const apps: LeadApp[] = [];

/** One instance's view of the sales tables: a pool of its own. */
function instance(): SalesDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pools.push(pool);
  return salesDatabaseOnPostgres(pool);
}

/** Two lead APIs, each on its own pool of the one database. */
async function twoInstances(): Promise<[LeadApp, LeadApp]> {
  apps.push(await startLeadApp({ sales: instance() }), await startLeadApp({ sales: instance() }));
  return [apps[0], apps[1]];
}

beforeEach(async () => {
  url = await freshDatabaseUrl();
  await migrate(url);
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function bookingsOf(sales: SalesDatabase, slotId: string): Promise<number> {
  const row = await sales.db
    .selectFrom('bookings')
    .select(({ fn }) => fn.countAll<string>().as('count'))
    .where('slot_id', '=', slotId)
    .where('status', '=', 'booked')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('PostgreSQL customer tables, two instances on one database', () => {
  it(`${BOOKINGS} concurrent bookings of a ${CAPACITY}-place slot spread over both: exactly ${CAPACITY} booked`, async () => {
    const [a, b] = await twoInstances();
    await a.addSlot({ id: 'visitSlot-rush', capacity: CAPACITY });
    const responses = await Promise.all(Array.from({ length: BOOKINGS }, (_, index) => [a, b][index % 2].post(validBody({ visitSlot: 'visitSlot-rush' }))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BOOKINGS - CAPACITY);
    expect(await b.booked('visitSlot-rush')).toBe(CAPACITY);
    expect(await bookingsOf(b.sales, 'visitSlot-rush')).toBe(CAPACITY);
    expect(await a.registrations()).toBe(CAPACITY);
    for (const app of apps) expect(await app.service.pendingOutboxCount()).toBe(0);
  });

  it(`${BOOKINGS} bookings by one customer at once over both: one place taken, every registration kept`, async () => {
    const [a, b] = await twoInstances();
    await a.addSlot({ id: 'visitSlot-one', capacity: 50 });
    const phone = nextPhone();
    const responses = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, index) => [a, b][index % 2].post(validBody({ phone, visitSlot: 'visitSlot-one' }))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: BOOKINGS }, () => 201));
    expect(await a.booked('visitSlot-one')).toBe(1);
    expect(await bookingsOf(a.sales, 'visitSlot-one')).toBe(1);
    expect(await b.registrations(phone)).toBe(BOOKINGS);
    const customers = await a.sales.db.selectFrom('customers').select('id').where('phone', '=', phone).execute();
    expect(customers).toHaveLength(1);
  });

  it('the per-phone limit and booking lease key rate_limits by a keyed hash: no phone number in the shared table', async () => {
    const sales = instance();
    const app = await startLeadApp({ sales, limiters: postgresLimiters(pools[0]), phoneLimit: { max: 2, windowMs: 3_600_000 } });
    apps.push(app);
    await app.addSlot({ id: 'visitSlot-hashed', capacity: 9 });
    const phone = nextPhone();
    expect((await app.post(validBody({ phone, visitSlot: 'visitSlot-hashed' }))).status).toBe(201);
    expect((await app.post(validBody({ phone }))).status).toBe(201);
    // The limit still counts the number: its third lead is refused.
    expect((await app.post(validBody({ phone }))).status).toBe(429);
    const { rows } = await pools[0].query<{ key: string }>('SELECT key FROM rate_limits');
    const phoneKeys = rows.map((row) => row.key).filter((key) => key.startsWith('lead-phone:'));
    expect(phoneKeys).toHaveLength(1);
    const digits = phone.slice(3);
    expect(rows.filter((row) => row.key.includes(digits) || row.key.includes(phone))).toEqual([]);
  });
});
