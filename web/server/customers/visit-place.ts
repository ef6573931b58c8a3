/**
 * A place in a model-house visit slot, taken and given back inside the caller's transaction: the
 * place by one conditional update (a full or past slot changes no row), the customer's one coming
 * visit guarded by the unique index over booked visits. No read-then-write, no retry.
 */
import { sql, type Transaction } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import type { LeadStatus } from '../../shared/lead-status';

export type SlotTime = { date: string; time: string };
export type PlaceTaken = { taken: SlotTime } | { refused: 'slotFull' | 'slotMissing'; slot?: SlotTime };

/**
 * The statuses the work moves forward: a first call to 연락 중, a booked visit to 방문 예약, a visit
 * made to 방문 완료 (a later status stays).
 */
const STATUSES_BEFORE: Record<'contacting' | 'visitBooked' | 'visited', readonly LeadStatus[]> = {
  contacting: ['new'],
  visitBooked: ['new', 'contacting', 'consulted'],
  visited: ['new', 'contacting', 'consulted', 'visitBooked'],
};

/** Moves the customer's status forward to `to`, by one conditional update (a later status changes no row); says whether it moved. */
export async function moveStatusForward(trx: Transaction<SalesTables>, customerId: string, to: keyof typeof STATUSES_BEFORE): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('customers')
    .set({ status: to })
    .where('id', '=', customerId)
    .where('status', 'in', STATUSES_BEFORE[to])
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** How a booking names its visit: `YYYY-MM-DD HH:mm` (Seoul), what the sheet and the list filter read. */
export function visitAtOf(slot: SlotTime): string {
  return `${slot.date} ${slot.time}`;
}

/**
 * Takes one place in `slotId` when it has one and is dated `bookableFrom` (YYYY-MM-DD) or later;
 * otherwise says why not (with the slot's time when it exists).
 */
export async function takePlace(trx: Transaction<SalesTables>, slotId: string, bookableFrom: string): Promise<PlaceTaken> {
  const taken = await trx
    .updateTable('visit_slots')
    .set({ booked: sql`booked + 1`, version: sql`version + 1` })
    .where('id', '=', slotId)
    .where('date', '>=', bookableFrom)
    .where(sql<boolean>`booked < capacity`)
    .returning(['date', 'time'])
    .executeTakeFirst();
  if (taken) return { taken };
  const slot = await trx.selectFrom('visit_slots').select(['date', 'time']).where('id', '=', slotId).executeTakeFirst();
  if (!slot || slot.date < bookableFrom) return { refused: 'slotMissing', ...(slot ? { slot } : {}) };
  return { refused: 'slotFull', slot };
}

/** Gives a place back to `slotId` (a cancelled or moved visit). */
export async function givePlaceBack(trx: Transaction<SalesTables>, slotId: string): Promise<void> {
  await trx
    .updateTable('visit_slots')
    .set({ booked: sql`booked - 1`, version: sql`version + 1` })
    .where('id', '=', slotId)
    .where('booked', '>', 0)
    .execute();
}

/**
 * The customer's coming visit, if any. A booked visit whose day is before `today` is closed as
 * missed first (its place stays counted): it is no longer coming, and the unique index over booked
 * visits must not hold the customer to it.
 */
export async function comingVisit(
  trx: Transaction<SalesTables>,
  customerId: string,
  today: string,
): Promise<{ id: string; slotId: string | null; visitAt: string } | null> {
  await trx
    .updateTable('bookings')
    .set({ status: 'missed' })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'booked')
    .where('visit_at', '<', today)
    .execute();
  const coming = await trx
    .selectFrom('bookings')
    .select(['id', 'slot_id as slotId', 'visit_at as visitAt'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return coming ?? null;
}

/** Slots dated `from` (YYYY-MM-DD) or later, in time order, with the places left (a full one too: 0). */
export async function openSlotsFrom(sales: Pick<SalesDatabase, 'db'>, from: string): Promise<Array<{ id: string; date: string; time: string; left: number }>> {
  const rows = await sales.db
    .selectFrom('visit_slots')
    .select(['id', 'date', 'time', 'capacity', 'booked'])
    .where('date', '>=', from)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map(({ capacity, booked, ...slot }) => ({ ...slot, left: Math.max(0, capacity - booked) }));
}
