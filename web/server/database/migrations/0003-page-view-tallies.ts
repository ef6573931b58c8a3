import type { Kysely } from 'kysely';
import { copyPageViewDocuments } from '../documents-move';

/**
 * The page-view tallies, and those a previous release kept as `pageViewDay` documents in the same
 * database (`_id` `pageViews-<day>-<combination>`), copied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('page_view_tallies')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('combination', 'text', (column) => column.notNull());
  for (const dimension of ['path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'device']) {
    table = table.addColumn(dimension, 'text', (column) => column.notNull().defaultTo(''));
  }
  for (const count of ['views', 'visits', 'visitors']) {
    table = table.addColumn(count, 'integer', (column) => column.notNull().defaultTo(0));
  }
  await table.addPrimaryKeyConstraint('page_view_tallies_pkey', ['day', 'combination']).execute();

  await copyPageViewDocuments(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view_tallies').execute();
}
