/** The sales tables in a private in-memory SQLite database, migrated, for tests of one process. */
import { migrateSalesTables, salesDatabaseOnSqlite, type SalesDatabase } from '../../web/server/database/index';
import { openSqlite } from '../../web/server/sqlite';

export async function inMemorySalesDatabase(): Promise<SalesDatabase> {
  const sales = salesDatabaseOnSqlite(openSqlite(':memory:'));
  await migrateSalesTables(sales);
  return sales;
}
