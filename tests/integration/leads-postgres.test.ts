/**
 * The leads store in PostgreSQL with two instances on one database (each its own pool and mirror):
 * a slot is never overbooked across them, and what one writes the other reads.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgresDocumentStore, type PostgresDocumentStore } from '../../web/server/content/postgres';
import { postgresLimiters } from '../../web/server/http/rate-limit';
import { freshDatabaseUrl } from '../support/postgres';
import { nextPhone, slotDocument, startLeadApp, validBody, type LeadApp } from './leads-harness';

const BOOKINGS = 24;
const CAPACITY = 6;

let url: string;
const pools: pg.Pool[] = [];
const stores: PostgresDocumentStore[] = [];
const apps: LeadApp[] = [];

/** One instance's leads store: a pool and a mirror of its own. */
async function instance(): Promise<PostgresDocumentStore> {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pools.push(pool);
  const store = await openPostgresDocumentStore({ pool });
  stores.push(store);
  return store;
}

beforeEach(async () => {
  url = await freshDatabaseUrl();
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe('PostgreSQL leads store, two instances on one database', () => {
  it(`${BOOKINGS} concurrent bookings of a ${CAPACITY}-place slot spread over both: exactly ${CAPACITY} booked`, async () => {
    const [a, b] = [await instance(), await instance()];
    await a.mutate([{ create: slotDocument('visitSlot-rush', CAPACITY) }]);
    apps.push(await startLeadApp({ leads: a }), await startLeadApp({ leads: b }));
    const responses = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, index) => apps[index % 2].post(validBody({ visitSlot: 'visitSlot-rush' }))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BOOKINGS - CAPACITY);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: slot } = await client.query<{ booked: number }>(`SELECT (doc->>'booked')::int AS booked FROM documents WHERE id = 'visitSlot-rush'`);
      expect(slot[0].booked).toBe(CAPACITY);
      const { rows: leads } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM documents WHERE type = 'lead' AND doc->'visitSlot'->>'_ref' = 'visitSlot-rush'`);
      expect(Number(leads[0].n)).toBe(CAPACITY);
    } finally {
      await client.end();
    }
    for (const app of apps) expect(await app.service.pendingOutboxCount()).toBe(0);
  });

  it('a write on one instance is read on the other (notified), deletions too; its own write at once', async () => {
    const [a, b] = [await instance(), await instance()];
    await a.mutate([{ create: slotDocument('visitSlot-1', 3) }]);
    expect(await a.fetch('*[_id == "visitSlot-1"][0].capacity')).toBe(3);
    await vi.waitFor(async () => expect(await b.fetch('*[_id == "visitSlot-1"][0].capacity')).toBe(3));
    await b.mutate([{ patch: { id: 'visitSlot-1', set: { capacity: 4 } } }]);
    await vi.waitFor(async () => expect(await a.fetch('*[_id == "visitSlot-1"][0].capacity')).toBe(4));
    await a.mutate([{ delete: { id: 'visitSlot-1' } }]);
    await vi.waitFor(async () => expect(await b.fetch('count(*[_type == "visitSlot"])')).toBe(0));
  });

  it('a revision check fails on a stale read of another instance, and the mirror catches up for the retry', async () => {
    const [a, b] = [await instance(), await instance()];
    await a.mutate([{ create: slotDocument('visitSlot-2', 6) }]);
    await vi.waitFor(() => expect(b.getDocument('visitSlot-2')).toBeDefined());
    const staleRevision = b.getDocument('visitSlot-2')!._rev;
    await a.mutate([{ patch: { id: 'visitSlot-2', inc: { booked: 1 } } }]);
    await expect(b.mutate([{ patch: { id: 'visitSlot-2', ifRevisionID: staleRevision, inc: { booked: 1 } } }])).rejects.toMatchObject({ statusCode: 409 });
    expect(b.getDocument('visitSlot-2')?.booked).toBe(1);
  });

  it('a write that finds its document already there resolves only once the mirror holds it (a retry reads the stored lead)', async () => {
    const [a, b] = [await instance(), await instance()];
    for (let round = 0; round < 20; round += 1) {
      const id = `lead-retry-${round}`;
      await a.mutate([{ create: { _id: id, _type: 'lead', name: '홍길동' } }]);
      const { results } = await b.mutate([{ createIfNotExists: { _id: id, _type: 'lead', name: '홍길동' } }]);
      expect(results[0].operation).toBe('none');
      expect(b.getDocument(id)?.name).toBe('홍길동');
    }
  });

  it('a new instance loads what is stored, and seeds only an empty database', async () => {
    const a = await instance();
    await a.mutate([{ create: slotDocument('visitSlot-3', 2) }]);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const seeded = await openPostgresDocumentStore({ pool, seedDocuments: [slotDocument('visitSlot-demo', 9)] });
    stores.push(seeded);
    expect(seeded.getDocument('visitSlot-3')?.capacity).toBe(2);
    expect(seeded.getDocument('visitSlot-demo')).toBeUndefined();
  });

  it('the per-phone limit and booking lease key rate_limits by a keyed hash: no phone number in the shared table', async () => {
    const store = await instance();
    await store.mutate([{ create: slotDocument('visitSlot-hashed', 9) }]);
    const app = await startLeadApp({ leads: store, limiters: postgresLimiters(pools[0]), phoneLimit: { max: 2, windowMs: 3_600_000 } });
    apps.push(app);
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
