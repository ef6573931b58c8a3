import type { Kysely } from 'kysely';

/**
 * Indexes the console's reads over the customer tables need at a million registrations
 * (customers/customer-list.ts and its siblings, customers/numbers.ts):
 * - a period's registrations counted by form, source, campaign and customer from the index alone;
 * - a customer's registrations (the newest, the first of a period, one matching the list's
 *   registration filters) from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('registrations_period')
    .on('registrations')
    .columns(['created_at', 'customer_id', 'form_kind', 'utm_source', 'campaign_key', 'id'])
    .execute();
  await db.schema
    .createIndex('registrations_customer_filters')
    .on('registrations')
    .columns(['customer_id', 'created_at', 'id', 'form_kind', 'utm_source', 'campaign_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_customer_filters').execute();
  await db.schema.dropIndex('registrations_period').execute();
}
