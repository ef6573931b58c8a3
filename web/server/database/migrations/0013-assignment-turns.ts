import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The automatic assignment's turns: each new customer takes the next number, and the number picks
 * the 상담사. On PostgreSQL a sequence: `nextval` is never rolled back and holds no row lock, so
 * instances sharing the database take distinct turns without queueing behind each other's commit.
 * SQLite has one writer at a time anyway: a counter row moved on by one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createTable('assignment_turns')
      .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
      .addColumn('turn', 'integer', (column) => column.notNull())
      .execute();
    await sql`INSERT INTO assignment_turns (id, turn) VALUES (1, 0)`.execute(db);
    return;
  }
  await sql`CREATE SEQUENCE assignment_turns`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema.dropTable('assignment_turns').execute();
    return;
  }
  await sql`DROP SEQUENCE assignment_turns`.execute(db);
}
