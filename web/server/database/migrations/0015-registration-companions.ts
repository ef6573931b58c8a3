import type { Kysely } from 'kysely';

/**
 * 동반 인원: how many people came (or will come) with a customer the desk registered, a walk-in
 * or a phone-in; null for the site's forms, which do not ask.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('companions', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('companions').execute();
}
