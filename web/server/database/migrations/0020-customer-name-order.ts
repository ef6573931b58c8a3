import type { Kysely } from 'kysely';

/**
 * The list by a name prefix sorts the matching customers newest first: with the sort key in the
 * name's index, that sort reads index entries only, and just the page's rows after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_name').execute();
  await db.schema.createIndex('customers_name').on('customers').columns(['name', 'last_registered_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_name').execute();
  await db.schema.createIndex('customers_name').on('customers').column('name').execute();
}
