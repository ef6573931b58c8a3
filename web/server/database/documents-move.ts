/**
 * Sales data a previous release kept as documents, copied into its tables: ad spend, the
 * page-view tallies and the staff accounts from the same database's document store (each copy
 * adds only what its table lacks, so it may run again: the migrations run it once at the upgrade,
 * `npm run leads -- import-sanity` after it has brought an old dataset's documents in), and press
 * view counts from the content dataset (at the embedded store's start, and by `npm run db:migrate`
 * for Sanity). The documents stay, no longer read.
 */
import { sql, type Kysely } from 'kysely';
import { legacyPressViewsQuery } from '../../sanity/queries';
import { STAFF_ROLES } from '../../shared/staff-roles';
import type { ContentSource, SanityDocument } from '../content/types';
import type { SalesDatabase } from './index';
import { recountRegistrationTallies } from '../customers/registration-tallies';
import { recountCustomerTallies } from '../customers/customer-tallies';
import { recountCustomerSources } from '../customers/customer-sources';
import { copyLeadDocuments } from './lead-documents-move';
import type { SalesTables } from './tables';

/** Any database of these tables, whatever its interface says at the time (a migration's, the layer's). */
export type AnyDatabase = Pick<Kysely<unknown>, 'introspection' | 'getExecutor'>;

/**
 * The column holding each document's JSON — `doc` (jsonb) on PostgreSQL, `json` (text) in the
 * embedded file, both read with `->>` — or undefined where the database has no document store.
 */
export async function documentsColumn(db: AnyDatabase): Promise<'doc' | 'json' | undefined> {
  const documents = (await db.introspection.getTables()).find((table) => table.name === 'documents');
  const column = documents?.columns.find((candidate) => candidate.name === 'doc' || candidate.name === 'json');
  return column?.name as 'doc' | 'json' | undefined;
}

/** `adSpend` documents (campaign, month, amount) into `ad_spend`. */
export async function copyAdSpendDocuments(db: AnyDatabase): Promise<void> {
  const json = await documentsColumn(db);
  if (!json) return;
  const field = (name: string) => sql`${sql.ref(json)} ->> ${name}`;
  await sql`
    INSERT INTO ad_spend (campaign, month, amount)
    SELECT ${field('campaign')}, ${field('month')}, CAST(${field('amount')} AS bigint)
    FROM documents
    WHERE type = 'adSpend' AND ${field('campaign')} IS NOT NULL AND ${field('month')} IS NOT NULL AND ${field('amount')} IS NOT NULL
    ON CONFLICT (month, campaign) DO NOTHING
  `.execute(db);
}

/** `pageViewDay` documents (`_id` `pageViews-<day>-<combination>`) into `page_view_tallies`, keyed by their id. */
export async function copyPageViewDocuments(db: AnyDatabase): Promise<void> {
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

/**
 * `staffAccount` documents into `staff_accounts`, read as the document store read them: one
 * without an email or a password hash is no account, an unknown role is `sales`, a missing name
 * is the email. An account already in the table stays as it is.
 */
export async function copyStaffAccountDocuments(db: AnyDatabase): Promise<void> {
  const json = await documentsColumn(db);
  if (!json) return;
  const field = (name: string) => sql`${sql.ref(json)} ->> ${name}`;
  // A JSON true reads as 'true' from PostgreSQL's jsonb and as 1 from SQLite's text.
  await sql`
    INSERT INTO staff_accounts (email, name, role, password_hash, disabled, created_at, updated_at, mobile)
    SELECT ${field('email')}, coalesce(${field('name')}, ${field('email')}),
      CASE WHEN ${field('role')} IN (${sql.join(STAFF_ROLES)}) THEN ${field('role')} ELSE 'sales' END,
      ${field('passwordHash')}, CASE WHEN CAST(${field('disabled')} AS text) IN ('true', '1') THEN 1 ELSE 0 END,
      coalesce(${field('createdAt')}, ''), coalesce(${field('updatedAt')}, ''), ${field('mobile')}
    FROM documents
    WHERE type = 'staffAccount' AND ${field('email')} IS NOT NULL AND ${field('passwordHash')} IS NOT NULL
    ON CONFLICT (email) DO NOTHING
  `.execute(db);
}

/**
 * Documents of an old dataset (`npm run leads -- import-sanity`) put as they are into this
 * database's documents table, for the copies above to read: where missing only (Sanity's revision
 * and update time left behind). The table is the one an older release kept them in: PostgreSQL's
 * from its first migration, the embedded file's created in its shape when the file never had it.
 * Returns how many were not there yet.
 */
export async function keepOldDocuments(sales: SalesDatabase, documents: SanityDocument[]): Promise<number> {
  if (documents.length === 0) return 0;
  const rows = documents.map((document) => {
    const kept: Partial<SanityDocument> = { ...document };
    delete kept._rev;
    delete kept._updatedAt;
    return sql`(${document._id}, ${document._type}, ${JSON.stringify(kept)}, '', ${sales.dialect === 'postgres' ? sql`0` : sql`''`})`;
  });
  if (sales.dialect === 'sqlite') {
    await sql`CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, type TEXT NOT NULL, json TEXT NOT NULL, rev TEXT NOT NULL, updated TEXT NOT NULL)`.execute(
      sales.db,
    );
  }
  const columns = sales.dialect === 'postgres' ? sql`(id, type, doc, rev, seq)` : sql`(id, type, json, rev, updated)`;
  const { rows: created } = await sql<{
    id: string;
  }>`INSERT INTO documents ${columns} VALUES ${sql.join(rows)} ON CONFLICT (id) DO NOTHING RETURNING id`.execute(sales.db);
  return created.length;
}

/** Every copy above, in one transaction. */
export async function copySalesDocuments(db: Kysely<SalesTables>): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await copyAdSpendDocuments(transaction);
    await copyPageViewDocuments(transaction);
    await copyStaffAccountDocuments(transaction);
    await copyLeadDocuments(transaction);
    await recountRegistrationTallies(transaction);
    await recountCustomerTallies(transaction);
    await recountCustomerSources(transaction);
  });
}

/**
 * Carries the counts a previous release kept as `pressViews-<article id>` documents in the content
 * dataset (embedded or Sanity) into the table. Each article's old count is added once: carried
 * again (the command run twice, or after an old instance counted more there), only the difference
 * is added. The documents stay, no longer read or written. Returns how many articles it carried.
 */
export async function carryPressViewDocuments(content: ContentSource, sales: SalesDatabase): Promise<number> {
  // Typed as nothing (the type left the schema): each document's fields are checked here instead.
  const found: Array<Partial<Record<'articleId' | 'siteId' | 'count', unknown>>> = await content.fetch(legacyPressViewsQuery);
  const documents = found.filter(
    (document): document is { articleId: string; siteId: string; count: number } =>
      typeof document.articleId === 'string' && typeof document.siteId === 'string' && Number.isSafeInteger(document.count) && (document.count as number) >= 0,
  );
  if (documents.length === 0) return 0;
  await sales.db
    .insertInto('press_view_counts')
    .values(documents.map(({ articleId, siteId, count }) => ({ article_id: articleId, site_id: siteId, views: count, carried_over: count })))
    .onConflict((conflict) =>
      conflict.column('article_id').doUpdateSet((update) => ({
        views: update(update('press_view_counts.views', '-', update.ref('press_view_counts.carried_over')), '+', update.ref('excluded.carried_over')),
        carried_over: update.ref('excluded.carried_over'),
      })),
    )
    .execute();
  return documents.length;
}
