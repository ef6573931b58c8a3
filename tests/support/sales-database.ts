/** The sales tables for tests: in memory, or on a fresh embedded file and a fresh PostgreSQL database, migrated. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  migrateSalesTables,
  openEmbeddedSalesDatabase,
  salesDatabaseOnPostgres,
  salesDatabaseOnSqlite,
  type SalesDatabase,
} from '../../web/server/database/index';
import { migrate } from '../../web/server/postgres/index';
import { openSqlite } from '../../web/server/sqlite';
import { freshDatabaseUrl } from './postgres';

export async function inMemorySalesDatabase(): Promise<SalesDatabase> {
  const sales = salesDatabaseOnSqlite(openSqlite(':memory:'));
  await migrateSalesTables(sales);
  return sales;
}

export type TestSalesDatabase = { sales: SalesDatabase; close(): Promise<void> };

/** The sales tables on each database the site runs on, each fresh: for `describe.each(Object.keys(…))`. */
export const SALES_DATABASES: Record<string, () => Promise<TestSalesDatabase>> = {
  SQLite: async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sales-tables-'));
    const sales = await openEmbeddedSalesDatabase(dataDir);
    return { sales, close: async () => (await sales.close(), rmSync(dataDir, { recursive: true, force: true })) };
  },
  PostgreSQL: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    return { sales: salesDatabaseOnPostgres(pool), close: () => pool.end() };
  },
};
