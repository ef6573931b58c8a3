import type { Kysely } from 'kysely';

/**
 * Press article views, one row per article, counted by the site (they were `pressViews-<id>`
 * documents of the content dataset, each flush a write that invalidated the dataset's cache).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('press_view_counts')
    .addColumn('article_id', 'text', (column) => column.primaryKey())
    .addColumn('site_id', 'text', (column) => column.notNull())
    .addColumn('views', 'bigint', (column) => column.notNull().defaultTo(0))
    // The count carried over from the article's old document, so carrying it again adds nothing.
    .addColumn('carried_over', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('press_view_counts').execute();
}
