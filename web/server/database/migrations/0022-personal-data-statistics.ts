import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The columns that hold a customer's name, number or what was written about them. PostgreSQL's
 * ANALYZE (autovacuum runs it on its own) keeps sample values of each column in pg_statistic, a
 * catalog the retention purge cannot rewrite, so a purged customer's name stayed in its files;
 * these columns are not sampled. Their reads go by unique or prefix indexes, which need no samples.
 * SQLite samples only when told to ANALYZE, which nothing here does.
 */
const PERSONAL_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['customers', 'phone'],
  ['customers', 'phone_last4'],
  ['customers', 'name'],
  ['registrations', 'name'],
  ['registrations', 'message'],
  ['memos', 'text'],
  ['customer_merge_notes', 'note'],
];

async function setStatistics(db: Kysely<unknown>, target: number): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const [table, column] of PERSONAL_COLUMNS) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET STATISTICS ${sql.raw(String(target))}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setStatistics(db, 0);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setStatistics(db, -1);
}
