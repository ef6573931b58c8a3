import { sql, type Kysely } from 'kysely';

/**
 * Automatic assignment set on the console (the embedded default has no Studio): whether it is on
 * (one row), and the 상담사 who take no part in it (new 상담사 take part until a 팀장 says not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assignment_settings')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('round_robin', 'integer', (column) => column.notNull().defaultTo(0))
    // Null until the console changes it: an older release's Studio switch is then carried over once.
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  await sql`INSERT INTO assignment_settings (id, round_robin) VALUES (1, 0)`.execute(db);
  await db.schema
    .createTable('assignment_opt_outs')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assignment_opt_outs').execute();
  await db.schema.dropTable('assignment_settings').execute();
}
