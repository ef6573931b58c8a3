import { sql, type Kysely } from 'kysely';
import { documentsColumn } from './documents-column';

/**
 * Ad spend entered before the table existed was an `adSpend` document in the same database's
 * document store: copied once, as it stands (the documents stay, unread, for the data-move command
 * to clear with the rest of the sales documents).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM ad_spend`.execute(db);
}
