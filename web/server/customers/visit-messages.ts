/**
 * The customer's message about a visit staff booked, moved or cancelled (the lead page, the desk,
 * a phone-in): queued in the transaction of the change, about the customer, and keyed by the
 * booking it names — a repeat of the change sends nothing more, and at sending time the
 * dispatcher reads that booking to name its time or to drop a message overtaken by a later change.
 */
import type { Transaction } from 'kysely';
import type { SalesTables } from '../database/tables';
import { messageKey, queueMessages } from '../messages/message-log';

export const VISIT_MESSAGE_EVENTS = ['booking', 'bookingChange', 'bookingCancel'] as const;
export type VisitMessageEvent = (typeof VISIT_MESSAGE_EVENTS)[number];

/** Queues the customer's `event` message about booking `bookingId`. */
export async function queueVisitMessage(
  trx: Transaction<SalesTables>,
  customerId: string,
  event: VisitMessageEvent,
  bookingId: string,
  now: number,
): Promise<void> {
  await queueMessages(trx, [{ key: messageKey(event, customerId, bookingId), leadId: customerId, event }], now);
}

/** Queues the confirmation of the customer's booked visit (one at most: a unique index), when there is one. */
export async function queueBookedVisitMessage(trx: Transaction<SalesTables>, customerId: string, now: number): Promise<void> {
  const booked = await trx.selectFrom('bookings').select('id').where('customer_id', '=', customerId).where('status', '=', 'booked').executeTakeFirst();
  if (booked) await queueVisitMessage(trx, customerId, 'booking', booked.id, now);
}

/** The booking a visit message's key names (its last part; booking ids hold no colon). */
export function bookingOfMessageKey(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}
