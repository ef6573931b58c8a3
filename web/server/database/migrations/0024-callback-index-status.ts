import { sql, type Kysely } from 'kysely';

/**
 * 오늘 할 일's 재통화 due, in order from the index alone: the index of a 담당자's callbacks holds
 * each customer's status too (a 무효 customer has no work left), so the first 100 keys are read
 * without the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_callback').execute();
  await db.schema
    .createIndex('customers_callback')
    .on('customers')
    .columns(['assignee_email', 'callback_at', 'id', 'status'])
    .where(sql<boolean>`callback_at IS NOT NULL`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_callback').execute();
  await db.schema
    .createIndex('customers_callback')
    .on('customers')
    .columns(['assignee_email', 'callback_at', 'id'])
    .where(sql<boolean>`callback_at IS NOT NULL`)
    .execute();
}
