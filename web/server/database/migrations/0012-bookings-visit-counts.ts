import type { Kysely } from 'kysely';

/**
 * A period's 방문 예약, 현장 방문 and 방문 완료 (../../customers/numbers.ts) are counted by visit
 * time, status and kind: read from this index alone, not from each booking's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_visit_counts').on('bookings').columns(['visit_at', 'status', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_visit_counts').execute();
}
