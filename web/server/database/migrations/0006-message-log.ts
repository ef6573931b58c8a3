import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** The time columns, milliseconds since the epoch on both databases. */
const TIMES = ['next_attempt_at', 'created_at', 'updated_at'] as const;

/**
 * The messages' outbox and send log (`lead_messages`) in the sales database on both engines: the
 * embedded one kept it in a file of its own (`messages.sqlite`, carried in at start by
 * ../message-log-file.ts), PostgreSQL in a table of its SQL migrations whose times were
 * timestamptz. One shape now, so one implementation (and, later, the transaction of the change
 * that causes a message) serves both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createTable('lead_messages')
      .ifNotExists()
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('lead_id', 'text', (column) => column.notNull())
      .addColumn('event', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column
          .notNull()
          .defaultTo('pending')
          .check(sql`status IN ('pending', 'sent', 'failed', 'skipped', 'unknown')`),
      )
      .addColumn('reason', 'text')
      .addColumn('provider_code', 'text')
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .addColumn('recipient', 'text')
      .execute();
    await db.schema
      .createIndex('lead_messages_due')
      .ifNotExists()
      .on('lead_messages')
      .columns(['next_attempt_at'])
      .where(sql<boolean>`status = 'pending'`)
      .execute();
    await db.schema.createIndex('lead_messages_lead').ifNotExists().on('lead_messages').columns(['lead_id', 'created_at']).execute();
    await db.schema
      .createIndex('lead_messages_customer_sent')
      .ifNotExists()
      .on('lead_messages')
      .columns(['updated_at'])
      .where(sql<boolean>`recipient IS NULL`)
      .execute();
    return;
  }
  for (const column of TIMES) {
    await sql`ALTER TABLE lead_messages ALTER COLUMN ${sql.ref(column)} TYPE bigint USING (extract(epoch FROM ${sql.ref(column)}) * 1000)::bigint`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const column of TIMES) {
    await sql`ALTER TABLE lead_messages ALTER COLUMN ${sql.ref(column)} TYPE timestamptz USING to_timestamp(${sql.ref(column)} / 1000.0)`.execute(db);
  }
}
