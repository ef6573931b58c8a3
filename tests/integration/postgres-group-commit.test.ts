/**
 * The PostgreSQL leads store commits the `mutate` calls that arrive together in one transaction,
 * and each call stays all-or-nothing within it.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresDocumentStore, type PostgresDocumentStore } from '../../web/server/content/postgres';
import { MutationError } from '../../web/server/content/types';
import { freshDatabaseUrl } from '../support/postgres';

let url: string;
let pool: pg.Pool;
let store: PostgresDocumentStore;

beforeEach(async () => {
  url = await freshDatabaseUrl();
  pool = new pg.Pool({ connectionString: url, max: 5 });
  store = await openPostgresDocumentStore({ pool });
});

afterEach(async () => {
  await store.close();
  await pool.end();
});

const seq = async () => Number((await pool.query<{ seq: string }>('SELECT seq FROM document_log')).rows[0].seq);

describe('group commit of the PostgreSQL leads store', () => {
  it('100 leads written at once take a handful of commits, not 100, and are all stored', async () => {
    const before = await seq();
    const ids = Array.from({ length: 100 }, (_, index) => `lead-group-${index}`);
    await Promise.all(ids.map((id) => store.mutate([{ createIfNotExists: { _id: id, _type: 'lead', name: '고객' } }])));
    const commits = (await seq()) - before;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(10);
    const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM documents WHERE type = 'lead'`);
    expect(Number(rows[0].count)).toBe(100);
    expect(ids.every((id) => store.getDocument(id))).toBe(true);
  });

  it('a refused call in a batch leaves the others of its batch to commit, and changes nothing itself', async () => {
    await store.mutate([{ create: { _id: 'lead-taken', _type: 'lead', name: '먼저' } }]);
    const outcomes = await Promise.allSettled([
      store.mutate([{ createIfNotExists: { _id: 'lead-a', _type: 'lead', name: '가' } }]),
      // All-or-nothing: its first mutation must not be stored when its second is refused.
      store.mutate([{ create: { _id: 'lead-half', _type: 'lead', name: '반' } }, { create: { _id: 'lead-taken', _type: 'lead', name: '나중' } }]),
      store.mutate([{ createIfNotExists: { _id: 'lead-b', _type: 'lead', name: '나' } }]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(MutationError);
    expect((refusal as MutationError).statusCode).toBe(409);
    const { rows } = await pool.query<{ id: string; name: string }>(`SELECT id, doc->>'name' AS name FROM documents ORDER BY id`);
    expect(rows).toEqual([
      { id: 'lead-a', name: '가' },
      { id: 'lead-b', name: '나' },
      { id: 'lead-taken', name: '먼저' },
    ]);
  });

  it('calls of one batch that touch one document see each other: a revision check fails on the earlier call’s write', async () => {
    await store.mutate([{ create: { _id: 'visitSlot-1', _type: 'visitSlot', capacity: 2, booked: 0 } }]);
    const revision = store.getDocument('visitSlot-1')?._rev;
    const book = () => store.mutate([{ patch: { id: 'visitSlot-1', ifRevisionID: revision, inc: { booked: 1 } } }]);
    const outcomes = await Promise.allSettled([book(), book(), book()]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const { rows } = await pool.query<{ booked: string }>(`SELECT doc->>'booked' AS booked FROM documents WHERE id = 'visitSlot-1'`);
    expect(rows[0].booked).toBe('1');
  });
});
