import type { Kysely } from 'kysely';

/**
 * 오늘 할 일 asks, for each customer of a 상담사, when the customer was last given to them (the
 * latest assignment to the customer's 담당자): read from this index alone, not from each of the
 * customer's assignment rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assignments_customer_assignee').on('assignments').columns(['customer_id', 'assignee_email', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assignments_customer_assignee').execute();
}
