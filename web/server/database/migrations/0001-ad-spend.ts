import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_spend')
    .addColumn('campaign', 'text', (column) => column.notNull())
    .addColumn('month', 'text', (column) => column.notNull())
    // Won: bigint, since a year's spend of a large campaign passes 2^31 on PostgreSQL's integer.
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('ad_spend_pkey', ['month', 'campaign'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ad_spend').execute();
}
