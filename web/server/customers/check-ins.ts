/** A visitor's check-in (방문 완료) inside the caller's transaction: the customer's latest one, and taking it back. */
import type { Transaction } from 'kysely';
import type { SalesTables } from '../database/tables';
import { comingVisit } from './visit-place';

/** The customer's latest checked-in visit, if any. */
export function latestCheckIn(trx: Transaction<SalesTables>, customerId: string): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('bookings')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'checkedIn')
    .orderBy('visit_at', 'desc')
    .executeTakeFirst();
}

/** A check-in taken back: the visit is coming again (or, when another one is, missed). `today`: YYYY-MM-DD (Seoul). */
export async function reopenCheckIn(trx: Transaction<SalesTables>, customerId: string, bookingId: string, today: string): Promise<void> {
  const other = await comingVisit(trx, customerId, today);
  await trx
    .updateTable('bookings')
    .set({ status: other ? 'missed' : 'booked', checked_in_at: null })
    .where('id', '=', bookingId)
    .execute();
}
