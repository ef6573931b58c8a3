import type { Kysely } from 'kysely';

/**
 * The list's order (newest registration first) in two more of its indexes:
 * - by a name prefix, the matching customers are sorted from index entries, and only the page's
 *   rows read after;
 * - by 담당자 and status together (a 상담사's 신규 고객), the index holds just those customers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_name').execute();
  await db.schema.createIndex('customers_name').on('customers').columns(['name', 'last_registered_at', 'id']).execute();
  await db.schema.createIndex('customers_assignee_status').on('customers').columns(['assignee_email', 'status', 'last_registered_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_assignee_status').execute();
  await db.schema.dropIndex('customers_name').execute();
  await db.schema.createIndex('customers_name').on('customers').column('name').execute();
}
