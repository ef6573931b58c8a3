import { sql, type Kysely } from 'kysely';
import { copyAdSpendDocuments } from '../documents-move';

/** Ad spend entered before the table existed (`adSpend` documents), copied once at the upgrade. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await copyAdSpendDocuments(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM ad_spend`.execute(db);
}
