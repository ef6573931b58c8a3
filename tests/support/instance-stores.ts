/**
 * Where the server keeps what its instances must agree on: per process (no DATABASE_URL) or in
 * PostgreSQL. `describe.each(INSTANCE_STORES)` runs a block on both; `usePool` in the block gives
 * its tests a pool on a fresh database when it runs on PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabaseUrl } from './postgres';

export const INSTANCE_STORES: Array<[string, boolean]> = [
  ['one instance', false],
  ['PostgreSQL', true],
];

/** In a describe block: `use(pool)` before its tests (undefined off PostgreSQL), `use(undefined)` after, then the pool ends. */
export function usePool(onPostgres: boolean, use: (pool: pg.Pool | undefined) => void): void {
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    if (onPostgres) pool = new pg.Pool({ connectionString: await freshDatabaseUrl() });
    use(pool);
  });
  afterAll(async () => {
    use(undefined);
    await pool?.end();
  });
}
