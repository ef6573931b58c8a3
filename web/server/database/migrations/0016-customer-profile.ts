import type { Kysely } from 'kysely';

/**
 * The customer's 관심 타입 (a unit type code of the CMS), 청약 자격 and 자금 계획 (codes of
 * web/shared/customer-profile.ts): chosen on the customer's page, null until someone does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['interest_type', 'subscription', 'funding_plan']) {
    await db.schema.alterTable('customers').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['interest_type', 'subscription', 'funding_plan']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}
