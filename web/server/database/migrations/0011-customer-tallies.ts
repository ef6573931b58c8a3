import { sql, type Kysely } from 'kysely';
import { recountCustomerTallies } from '../../customers/customer-tallies';

/**
 * What each customer's rows say, kept as they change (../../customers/customer-tallies.ts): on the
 * customer (the 담당자 has yet to call, the latest call and its 재통화, the funnel step), read by
 * 오늘 할 일 through partial indexes that hold only the customers each part lists; and the
 * customers per day and what they registered under, with the day before, that a month's customers
 * and funnel add up. The rows stored so far are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('awaiting_call', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('customers').addColumn('last_call_at', 'text').execute();
  await db.schema.alterTable('customers').addColumn('callback_at', 'text').execute();
  await db.schema
    .alterTable('customers')
    .addColumn('funnel_step', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('customer_tallies')
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('previous_day', 'text', (column) => column.notNull())
    .addColumn('shard', 'integer', (column) => column.notNull())
    .addColumn('customers', 'integer', (column) => column.notNull())
    .addColumn('called', 'integer', (column) => column.notNull())
    .addColumn('visited', 'integer', (column) => column.notNull())
    .addColumn('contracted', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('customer_tallies_key', ['dimension', 'day', 'value', 'previous_day', 'shard'])
    .execute();
  await recountCustomerTallies(db);
  // The predicates are written as 오늘 할 일's queries write them (a partial index serves a query that states its condition).
  await db.schema
    .createIndex('customers_awaiting_call')
    .on('customers')
    .columns(['assignee_email', 'last_registered_at', 'id'])
    .where(sql<boolean>`awaiting_call = 1`)
    .execute();
  await db.schema
    .createIndex('customers_returning')
    .on('customers')
    .columns(['assignee_email', 'last_registered_at', 'id'])
    .where(sql<boolean>`last_call_at < last_registered_at`)
    .execute();
  await db.schema
    .createIndex('customers_callback')
    .on('customers')
    .columns(['assignee_email', 'callback_at', 'id'])
    .where(sql<boolean>`callback_at IS NOT NULL`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_callback').execute();
  await db.schema.dropIndex('customers_returning').execute();
  await db.schema.dropIndex('customers_awaiting_call').execute();
  await db.schema.dropTable('customer_tallies').execute();
  for (const column of ['funnel_step', 'callback_at', 'last_call_at', 'awaiting_call']) await db.schema.alterTable('customers').dropColumn(column).execute();
}
