/** Whom a message is about, read from the customer tables at sending time. */
import type { SalesDatabase } from '../database/index';

/**
 * Whom a job is about, as it is now: the customer (their latest name, or the registration's), the
 * number, whether the registration consented (a document moved from before consent was asked for
 * may not have), and their booked visit.
 */
export type MessageSubject = {
  customerId: string;
  name: string;
  phone: string;
  consented: boolean;
  bookedVisitAt: string | null;
  /** The job is about a registration (a form anyone can send), not staff's work or a reminder. */
  fromForm: boolean;
};

/** The registration or the customer `leadId` names, as it is now; null when neither is there (erased). */
export async function messageSubjectOf(sales: Pick<SalesDatabase, 'db'>, leadId: string): Promise<MessageSubject | null> {
  const { db } = sales;
  const registration = await db.selectFrom('registrations').select(['customer_id', 'name', 'agreed_at']).where('id', '=', leadId).executeTakeFirst();
  const customerId = registration?.customer_id ?? leadId;
  const [customer, consented, booking] = await Promise.all([
    db.selectFrom('customers').select(['name', 'phone']).where('id', '=', customerId).executeTakeFirst(),
    registration
      ? registration.agreed_at !== null
      : db.selectFrom('registrations').select('id').where('customer_id', '=', customerId).where('agreed_at', 'is not', null).executeTakeFirst().then(Boolean),
    // At most one booked visit per customer (a unique index).
    db.selectFrom('bookings').select('visit_at').where('customer_id', '=', customerId).where('status', '=', 'booked').executeTakeFirst(),
  ]);
  if (!customer) return null;
  return {
    customerId,
    name: registration?.name ?? customer.name,
    phone: customer.phone,
    consented,
    bookedVisitAt: booking?.visit_at ?? null,
    fromForm: registration !== undefined,
  };
}
