import { sql, type Kysely } from 'kysely';
import { documentsColumn } from './documents-column';

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

  const json = await documentsColumn(db);
  if (!json) return;
  const text = (name: string) => sql`coalesce(${sql.ref(json)} ->> ${name}, '')`;
  const count = (name: string) => sql`coalesce(CAST(${sql.ref(json)} ->> ${name} AS integer), 0)`;
  await sql`
    INSERT INTO page_view_tallies (day, combination, path, referrer_host, utm_source, utm_medium, utm_campaign, device, views, visits, visitors)
    SELECT ${sql.ref(json)} ->> 'day', id, ${text('path')}, ${text('referrerHost')}, ${text('utmSource')}, ${text('utmMedium')}, ${text('utmCampaign')},
      ${text('device')}, ${count('views')}, ${count('visits')}, ${count('visitors')}
    FROM documents
    WHERE type = 'pageViewDay' AND ${sql.ref(json)} ->> 'day' IS NOT NULL
    ON CONFLICT (day, combination) DO NOTHING
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view_tallies').execute();
}
