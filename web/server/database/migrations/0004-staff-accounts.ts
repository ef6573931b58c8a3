import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { copyStaffAccountDocuments } from '../documents-move';

/**
 * The sales-console accounts, one table on both databases. Older embedded releases kept a
 * `staff_accounts` table of their own in leads.sqlite (before 휴대폰 it had no `mobile`, before
 * 팀장 its role check took `admin` and `sales` only); SQLite cannot change a check in place, so
 * such a table is copied into the new shape and put in its place (the migration run is one
 * transaction). Older PostgreSQL releases kept the accounts as `staffAccount` documents: copied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const existing = (await db.introspection.getTables()).find((table) => table.name === 'staff_accounts');
  if (!existing) {
    await createTable(db, 'staff_accounts');
  } else {
    await createTable(db, 'staff_accounts_next');
    const mobile = existing.columns.some((column) => column.name === 'mobile') ? sql.ref('mobile') : sql`NULL`;
    await sql`
      INSERT INTO staff_accounts_next (email, name, role, password_hash, disabled, created_at, updated_at, mobile)
      SELECT email, name, role, password_hash, disabled, created_at, updated_at, ${mobile} FROM staff_accounts
    `.execute(db);
    await db.schema.dropTable('staff_accounts').execute();
    await db.schema.alterTable('staff_accounts_next').renameTo('staff_accounts').execute();
  }
  await copyStaffAccountDocuments(db);
}

/** The roles of STAFF_ROLES when this was written: a new role needs a migration widening the check. */
async function createTable(db: Kysely<unknown>, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role IN ('admin', 'manager', 'sales')`))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('disabled', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`disabled IN (0, 1)`),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('mobile', 'text')
    .execute();
}

/**
 * PostgreSQL: the table goes (the release before read the documents, which stay). SQLite: the
 * release before read this very table, so it stays, accounts and all.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await db.schema.dropTable('staff_accounts').execute();
}
