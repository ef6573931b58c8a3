import type { Kysely } from 'kysely';

/**
 * What 상담사별 실적 and the 균등 배분 notice read:
 * - `assignments.distribution_id`: the 균등 배분 an assignment was part of (null for any other),
 *   so that each 상담사's one notice says how many customers that distribution gave them;
 * - `status_changes`: each change of a customer's status by staff work, with the 담당자 the
 *   customer had then, so that a day's 계약 are counted per 상담사 (the customer's status says only
 *   where it is now, not when it got there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assignments').addColumn('distribution_id', 'text').execute();
  await db.schema
    .createIndex('assignments_distribution')
    .on('assignments')
    .columns(['distribution_id', 'assignee_email'])
    .where('distribution_id', 'is not', null)
    .execute();
  await db.schema
    .createTable('status_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
    // ISO 8601, UTC.
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('assignee_email', 'text')
    .addColumn('by_email', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('status_changes_status').on('status_changes').columns(['status', 'at']).execute();
  await db.schema.createIndex('status_changes_customer').on('status_changes').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('status_changes').execute();
  await db.schema.dropIndex('assignments_distribution').execute();
  await db.schema.alterTable('assignments').dropColumn('distribution_id').execute();
}
