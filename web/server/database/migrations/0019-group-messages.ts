import type { Kysely } from 'kysely';

/**
 * Group messages (단체 문자): one row per confirmed send, keyed by the confirmation's own request
 * key (unique) so that a second press of the same confirmation queues nothing more. It keeps the
 * template's text and code as they were confirmed: each queued message (a row of lead_messages
 * per customer) is sent with what the 팀장 saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_sends')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('request_key', 'text', (column) => column.notNull().unique())
    .addColumn('template_id', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('template_code', 'text')
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('audience', 'text', (column) => column.notNull())
    .addColumn('recipients', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('excluded', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('by_email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_sends').execute();
}
